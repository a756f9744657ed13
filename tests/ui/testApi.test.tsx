/**
 * 'Console API' (`/test_api`, SuperAdmin) against a mocked API (msw) serving a small OpenAPI
 * document: calls grouped by tag with their counts, the search, the parameters and the body
 * skeleton, 'Esegui' with the session's bearer token (URL, header, status, pretty JSON), an
 * invalid JSON body that sends nothing, a PDF answer shown by its size, the document's load
 * failure, and the page closed to the other roles.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, memoryStore, TestMemoryRouter } from 'react-admin';
import { dataProvider } from '../../src/dataProvider';
import TestApi, { skeleton } from '../../src/areas/testPages/TestApi';
import testPages from '../../src/areas/testPages/screens';
import { Guard } from '../../src/resources/Guard';
import { authProvider } from '../../src/authProvider';
import { clearSession, setSession } from '../../src/authProvider/token';
import { i18nProvider } from '../../src/i18n';

const ERROR = {
  description: 'Errore',
  content: { 'application/json': { schema: { type: 'object', properties: { message: { type: 'string' } } } } },
};
const DOC = {
  openapi: '3.0.3',
  info: { title: 'Gestionale Test API', version: '3.5.1' },
  paths: {
    '/api/customers/{id}': {
      get: {
        tags: ['Clienti'],
        summary: 'C09 Un elemento (Cliente)',
        parameters: [
          { in: 'path', name: 'id', required: true, description: 'id numerico', schema: { type: 'string' } },
          {
            in: 'query',
            name: 'with_trashed',
            required: false,
            description: 'anche i cestinati',
            schema: { type: 'string' },
          },
        ],
        responses: { 200: { description: 'Default Response' }, 404: ERROR },
      },
    },
    '/api/customers': {
      post: {
        tags: ['Clienti'],
        summary: 'C10 Nuovo elemento (Cliente)',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['business_name'],
                properties: {
                  business_name: { type: 'string', description: 'Ragione Sociale' },
                  yearly_accounting_amount: { type: 'number' },
                  is_active: { type: 'boolean' },
                  tag_ids: { type: 'array', items: { type: 'number' } },
                  meta: { type: 'object', additionalProperties: {} },
                  vat_id: { nullable: true, anyOf: [{ type: 'string' }, { type: 'number' }] },
                },
              },
            },
          },
        },
        responses: { 201: { description: 'Default Response' }, 422: ERROR },
      },
    },
    '/api/bollettino/{id}/pdf': {
      get: {
        tags: ['Documenti'],
        summary: 'C20 Bollettino in PDF',
        parameters: [{ in: 'path', name: 'id', required: true, schema: { type: 'string' } }],
        responses: { 200: { description: 'Il PDF', content: { 'application/pdf': {} } } },
      },
    },
  },
};
const PDF_BYTES = 1234;

interface Seen {
  method: string;
  url: string;
  auth: string | null;
  contentType: string | null;
  body: string;
}
const seen: Seen[] = [];
let docsCalls = 0;
let docsFail = false;
const record = async (request: Request) => {
  seen.push({
    method: request.method,
    url: request.url,
    auth: request.headers.get('Authorization'),
    contentType: request.headers.get('Content-Type'),
    body: await request.text(),
  });
};
const server = setupServer(
  // the application's name, for the browser's page title
  http.get('*/api/var/client_var', () =>
    HttpResponse.json({ APPNAME: 'Gestionale Test', VERSION: '3.5.1', BUILD_ID: 'test', CREDIT_ENABLED: false }),
  ),
  http.get('*/api/docs/json', () => {
    docsCalls += 1;
    return docsFail ? HttpResponse.json({ message: 'Errore interno' }, { status: 500 }) : HttpResponse.json(DOC);
  }),
  http.get('*/api/customers/:id', async ({ request, params }) => {
    await record(request);
    if (params.id === '404') return HttpResponse.json({ message: 'Elemento non trovato' }, { status: 404 });
    return HttpResponse.json({ data: { id: Number(params.id), business_name: 'Alfa Srl', vat_id: '01234567890' } });
  }),
  http.post('*/api/customers', async ({ request }) => {
    await record(request);
    return HttpResponse.json({ message: 'Elemento creato', data: { id: 9 } }, { status: 201 });
  }),
  http.get('*/api/bollettino/:id/pdf', async ({ request }) => {
    await record(request);
    return new HttpResponse(new Uint8Array(PDF_BYTES).fill(37), { headers: { 'Content-Type': 'application/pdf' } });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  seen.length = 0;
  docsCalls = 0;
  docsFail = false;
});
afterEach(() => {
  server.resetHandlers();
  clearSession();
});
afterAll(() => server.close());

const b64url = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
/** a session of the given role (unsigned JWT: the page never verifies it, the server does) */
function loginAs(role: string) {
  const token = `h.${b64url({ id: 1, role, studio_id: 1, exp: Math.floor(Date.now() / 1000) + 3600 })}.s`;
  setSession(token, {
    id: 1,
    name: 'Super Admin',
    email: 'superadmin@gestionale.test',
    role,
    studio_id: 1,
    studio_name: 'Gestionale Studi',
    subscription_expire_date: null,
    credit: 0,
    avatar: null,
  });
  return token;
}

function renderConsole() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <TestMemoryRouter initialEntries={['/test_api']}>
      <AdminContext
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        dataProvider={dataProvider}
        store={memoryStore()}
        queryClient={queryClient}
      >
        {/* as its route renders it (src/App.tsx): behind the guard of its declaration */}
        <Guard min={testPages.testApi.role}>
          <TestApi />
        </Guard>
      </AdminContext>
    </TestMemoryRouter>,
  );
}

const group = (name: RegExp) => screen.findByRole('button', { name });
/** opens a group and then one of its calls; the call's 'Prova' form */
async function openCall(user: ReturnType<typeof userEvent.setup>, tag: RegExp, call: string) {
  const g = await group(tag);
  if (g.getAttribute('aria-expanded') !== 'true') await user.click(g);
  await user.click(await screen.findByRole('button', { name: new RegExp(`^${call.replace(/[{}()/]/g, '\\$&')}`) }));
  return screen.findByRole('form', { name: `Prova ${call.split(' ').slice(0, 2).join(' ')}` });
}
const answer = () => screen.getByRole('region', { name: 'Risposta' });

describe("'Console API'", () => {
  it('lists the calls grouped by tag with their counts; a call shows its parameters, its body schema and a body skeleton', async () => {
    loginAs('SuperAdmin');
    const user = userEvent.setup();
    renderConsole();
    expect(await screen.findByRole('heading', { level: 1, name: 'Console API' })).toBeInTheDocument();
    expect(screen.getByText(/con la tua sessione \(SuperAdmin\).*modificano i dati/)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Clienti 2 chiamate' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Documenti 1 chiamata' })).toBeInTheDocument();
    expect(document.title).toContain('Console API');

    await user.click(await group(/^Clienti/));
    const rows = within(
      screen.getByRole('heading', { level: 2, name: /^Clienti/ }).closest('.MuiAccordion-root') as HTMLElement,
    )
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent!.trim());
    expect(rows).toEqual([
      'GET /api/customers/{id} C09 Un elemento (Cliente)',
      'POST /api/customers C10 Nuovo elemento (Cliente) modifica i dati',
    ]);

    await openCall(user, /^Clienti/, 'GET /api/customers/{id}');
    const params = screen.getByRole('table', { name: 'Parametri di GET /api/customers/{id}' });
    expect(
      within(params)
        .getAllByRole('row')
        .slice(1)
        .map((r) =>
          within(r)
            .getAllByRole('cell')
            .map((c) => c.textContent),
        ),
    ).toEqual([
      ['id', 'percorso', 'Sì', 'id numerico'],
      ['with_trashed', 'query', 'No', 'anche i cestinati'],
    ]);

    const form = await openCall(user, /^Clienti/, 'POST /api/customers');
    expect(
      JSON.parse((within(form).getByRole('textbox', { name: 'Corpo JSON' }) as HTMLTextAreaElement).value),
    ).toEqual({ business_name: '', yearly_accounting_amount: 0, is_active: false, tag_ids: [], meta: {}, vat_id: '' });
    expect(screen.queryByLabelText('Schema JSON del corpo')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mostra lo schema' }));
    expect(JSON.parse(screen.getByLabelText('Schema JSON del corpo').textContent!)).toEqual(
      DOC.paths['/api/customers'].post.requestBody.content['application/json'].schema,
    );
    expect(seen).toEqual([]);
  });

  it('the search filters on path, summary, tag and method', async () => {
    loginAs('SuperAdmin');
    const user = userEvent.setup();
    renderConsole();
    await screen.findByRole('heading', { level: 2, name: 'Clienti 2 chiamate' });
    const box = screen.getByRole('searchbox', { name: 'Cerca chiamata' });
    const visible = () => screen.queryAllByRole('heading', { level: 3 }).map((h) => h.textContent!.trim());
    await user.type(box, 'pdf');
    await waitFor(() => expect(screen.queryByRole('heading', { level: 2, name: /^Clienti/ })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 2, name: 'Documenti 1 chiamata' })).toBeInTheDocument();
    expect(visible()).toEqual(['GET /api/bollettino/{id}/pdf C20 Bollettino in PDF']);
    await user.clear(box);
    await user.type(box, 'post');
    await waitFor(() =>
      expect(visible()).toEqual(['POST /api/customers C10 Nuovo elemento (Cliente) modifica i dati']),
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Clienti 1 chiamata' })).toBeInTheDocument();
    await user.clear(box);
    await user.type(box, 'documenti');
    await waitFor(() => expect(visible()).toEqual(['GET /api/bollettino/{id}/pdf C20 Bollettino in PDF']));
    await user.clear(box);
    await user.type(box, 'c09 cliente');
    await waitFor(() => expect(visible()).toEqual(['GET /api/customers/{id} C09 Un elemento (Cliente)']));
    await user.clear(box);
    await user.type(box, 'nessuna corrispondenza');
    expect(await screen.findByText('Nessuna chiamata trovata.')).toBeInTheDocument();
  });

  it("'Esegui' calls the URL with the path and query parameters and the session's bearer token, and shows status, time, type and the JSON", async () => {
    const token = loginAs('SuperAdmin');
    const user = userEvent.setup();
    renderConsole();
    const form = await openCall(user, /^Clienti/, 'GET /api/customers/{id}');
    // the path parameter is required: nothing is sent without it
    await user.click(within(form).getByRole('button', { name: 'Esegui' }));
    expect(await within(form).findByText('Parametro obbligatorio')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /^id \(percorso\)/ })).toHaveAttribute('aria-invalid', 'true');
    expect(seen).toEqual([]);
    expect(answer()).toBeEmptyDOMElement();

    await user.type(within(form).getByRole('textbox', { name: /^id \(percorso\)/ }), '7');
    await user.type(within(form).getByRole('textbox', { name: 'with_trashed (query)' }), '1');
    await user.click(within(form).getByRole('button', { name: 'Esegui' }));
    await waitFor(() => expect(within(answer()).getByText('Stato 200')).toBeInTheDocument());
    expect(seen).toHaveLength(1);
    const url = new URL(seen[0]!.url);
    expect([seen[0]!.method, url.pathname, url.search]).toEqual(['GET', '/api/customers/7', '?with_trashed=1']);
    expect(seen[0]!.auth).toBe(`Bearer ${token}`);
    expect(within(answer()).getByText('Stato 200').closest('.MuiChip-root')).toHaveClass('MuiChip-colorSuccess');
    expect(within(answer()).getByText(/^\d+ ms$/)).toBeInTheDocument();
    expect(within(answer()).getByText(/^application\/json/)).toBeInTheDocument();
    expect(within(answer()).getByLabelText('Corpo della risposta').textContent).toBe(
      JSON.stringify({ data: { id: 7, business_name: 'Alfa Srl', vat_id: '01234567890' } }, null, 2),
    );

    // an error answer is shown as it came, with its status
    const id = within(form).getByRole('textbox', { name: /^id \(percorso\)/ });
    await user.clear(id);
    await user.type(id, '404');
    await user.click(within(form).getByRole('button', { name: 'Esegui' }));
    await waitFor(() => expect(within(answer()).getByText('Stato 404')).toBeInTheDocument());
    expect(within(answer()).getByText('Stato 404').closest('.MuiChip-root')).toHaveClass('MuiChip-colorWarning');
    expect(within(answer()).getByLabelText('Corpo della risposta').textContent).toBe(
      JSON.stringify({ message: 'Elemento non trovato' }, null, 2),
    );
    expect(new URL(seen[1]!.url).pathname).toBe('/api/customers/404');
  });

  it("an invalid JSON body shows 'JSON non valido' and sends nothing; a valid one is sent as JSON", async () => {
    const token = loginAs('SuperAdmin');
    const user = userEvent.setup();
    renderConsole();
    const form = await openCall(user, /^Clienti/, 'POST /api/customers');
    expect(within(form).getByText('modifica i dati')).toBeInTheDocument();
    const body = within(form).getByRole('textbox', { name: 'Corpo JSON' });
    await user.clear(body);
    await user.click(body);
    await user.paste('{"business_name": "Beta Srl",');
    await user.click(within(form).getByRole('button', { name: 'Esegui' }));
    expect(await within(form).findByText(/^JSON non valido: /)).toBeInTheDocument();
    expect(body).toHaveAttribute('aria-invalid', 'true');
    expect(seen).toEqual([]);
    expect(within(answer()).queryByText(/^Stato/)).not.toBeInTheDocument();

    await user.clear(body);
    await user.click(body);
    await user.paste('{"business_name": "Beta Srl", "tag_ids": [1, 2]}');
    expect(within(form).queryByText(/^JSON non valido/)).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Esegui' }));
    await waitFor(() => expect(within(answer()).getByText('Stato 201')).toBeInTheDocument());
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', auth: `Bearer ${token}`, contentType: 'application/json' });
    expect(JSON.parse(seen[0]!.body)).toEqual({ business_name: 'Beta Srl', tag_ids: [1, 2] });
    expect(within(answer()).getByLabelText('Corpo della risposta')).toHaveTextContent('"message": "Elemento creato"');
  });

  it("a PDF answer is shown by its size: 'File di … byte'", async () => {
    loginAs('SuperAdmin');
    const user = userEvent.setup();
    renderConsole();
    const form = await openCall(user, /^Documenti/, 'GET /api/bollettino/{id}/pdf');
    await user.type(within(form).getByRole('textbox', { name: /^id \(percorso\)/ }), '12');
    await user.click(within(form).getByRole('button', { name: 'Esegui' }));
    await waitFor(() => expect(within(answer()).getByText('Stato 200')).toBeInTheDocument());
    expect(new URL(seen[0]!.url).pathname).toBe('/api/bollettino/12/pdf');
    expect(within(answer()).getByLabelText('Corpo della risposta')).toHaveTextContent(
      `File di ${PDF_BYTES} byte (application/pdf)`,
    );
    expect(within(answer()).queryByText(/%%%%/)).not.toBeInTheDocument();
  });

  it("the document's load failure shows the alert; 'Riprova' loads it again", async () => {
    loginAs('SuperAdmin');
    docsFail = true;
    const user = userEvent.setup();
    renderConsole();
    const alert = (await screen.findByText(/Errore di caricamento della documentazione API/)).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(alert).toHaveClass('MuiAlert-colorError');
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
    docsFail = false;
    await user.click(within(alert).getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Clienti 2 chiamate' })).toBeInTheDocument();
    expect(screen.queryByText(/Errore di caricamento della documentazione API/)).not.toBeInTheDocument();
    expect(docsCalls).toBe(2);
  });

  it('an Admin gets the unauthorized dialog and the document is not asked for', async () => {
    loginAs('Admin');
    renderConsole();
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Console API' })).not.toBeInTheDocument();
    expect(docsCalls).toBe(0);
  });
});

describe('the body skeleton', () => {
  const schema = {
    type: 'object',
    required: ['name'],
    properties: {
      name: { type: 'string' },
      amount: { type: 'number' },
      active: { type: 'boolean' },
      tags: { type: 'array' },
    },
  };
  it('fills every property for a creation, only the required ones for a change (an update writes what it is sent)', () => {
    expect(skeleton(schema, 'POST')).toEqual({ name: '', amount: 0, active: false, tags: [] });
    expect(skeleton(schema, 'PUT')).toEqual({ name: '' });
    expect(skeleton({ type: 'object', properties: { note: { type: 'string' } } }, 'PUT')).toEqual({});
  });
});
