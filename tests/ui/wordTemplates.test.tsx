/**
 * Word templates in the app (issue 11 item 6, seed B §3–§5): the generic form's uploader on the
 * template's form (C75 list, C76 upload, C77 delete, C79 marks and descriptions, in that order
 * after the record is saved), the seed's messages at once, the tags (C74); and 'Modelli Word' on
 * the customers' toolbar (C35, C37, C36). The API is mocked with msw.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { saveAs } from 'file-saver';
import { AdminContext, ListContextProvider, type ListControllerResult } from 'react-admin';
import { login, logout, renderApp, shellHandlers } from './harness';
import { dataProvider } from '../../src/dataProvider';
import { WordTemplateButton, AT_LEAST_ONE, WORD_ERROR } from '../../src/resources/Customer/bulk/WordTemplateButton';
import { CustomerBulkActions } from '../../src/resources/Customer/bulk/index';

vi.mock('file-saver', () => ({ saveAs: vi.fn() }));

type Row = Record<string, unknown>;
const RECORD: Row = {
  id: 4,
  title: 'Lettera di benvenuto',
  description: 'Per i nuovi clienti',
  user_id: 1,
  user: { id: 1, label: 'Paolo Verdi' },
  created_at: '2026-11-01 10:00:00',
  updated_at: '2026-11-01 10:00:00',
  deleted_at: null,
  trashed: false,
};
const FILE = {
  id: 31,
  original_filename: 'benvenuto.docx',
  content_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  size: 20480,
  descrizione: null,
  nota: null,
  marked_for_deletion: false,
  created_at: '2026-11-01 10:00:00',
};

let calls: string[];
let uploads: Array<{ owner: string | null; names: string[] }>;
const server = setupServer(
  ...shellHandlers,
  http.get('*/api/word_templates/:id', ({ params }) =>
    HttpResponse.json({ data: { ...RECORD, id: Number(params.id) } }),
  ),
  http.put('*/api/word_templates/:id', async ({ request }) => {
    calls.push(`PUT record ${JSON.stringify(await request.json())}`);
    return HttpResponse.json({ data: { ...RECORD, updated_at: '2026-11-02 10:00:00' } });
  }),
  http.post('*/api/word_templates', async ({ request }) => {
    calls.push(`POST record ${JSON.stringify(await request.json())}`);
    return HttpResponse.json({ data: { ...RECORD, id: 9 } }, { status: 201 });
  }),
  http.get('*/api/word_template_attachments', ({ request }) => {
    calls.push(`GET files ${new URL(request.url).searchParams.get('word_template_id')}`);
    return HttpResponse.json({ data: new URL(request.url).searchParams.get('word_template_id') === '4' ? [FILE] : [] });
  }),
  http.post('*/api/word_template_attachments', async ({ request }) => {
    const form = await request.formData();
    uploads.push({
      owner: form.get('word_template_id') as string | null,
      names: form.getAll('files[]').map((f) => (f as File).name),
    });
    calls.push('POST files');
    return HttpResponse.json({ data: [] });
  }),
  http.delete('*/api/word_template_attachments/:ids', ({ params, request }) => {
    calls.push(`DELETE files ${decodeURIComponent(String(params.ids))} ${new URL(request.url).search}`);
    return HttpResponse.json({ data: { deleted: 1 } });
  }),
  http.delete('*/api/word_template/:ids', ({ params, request }) => {
    calls.push(`DELETE record ${decodeURIComponent(String(params.ids))} ${new URL(request.url).search}`);
    return HttpResponse.json({ data: { trashed: 0, deleted: 1 } });
  }),
  http.put('*/api/allegato/:id', async ({ params, request }) => {
    calls.push(`PUT file ${String(params.id)} ${JSON.stringify(await request.json())}`);
    return HttpResponse.json({ data: FILE });
  }),
  http.get('*/api/word_template_replace_keys', () =>
    HttpResponse.json({
      data: [
        {
          key: 'cliente_ragione_sociale',
          tag: '{cliente_ragione_sociale}',
          description: 'Ragione sociale del cliente',
          group: 'Cliente',
        },
        { key: 'studio_nome', tag: '{studio_nome}', description: 'Nome dello studio', group: 'Studio' },
      ],
    }),
  ),
  http.get('*/api/list/:model/:collection', () =>
    HttpResponse.json({
      data: [{ id: 1, label: 'Paolo Verdi' }],
      meta: { total: 1, current_page: 1, per_page: 50, last_page: 1 },
      item_meta_data: { items: {} },
    }),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  calls = [];
  uploads = [];
  login('SuperAdmin');
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  logout();
  vi.mocked(saveAs).mockClear();
});
afterAll(() => server.close());

/** The form's own buttons (the app bar has an 'Aggiorna' refresh button too). */
const submit = (name: 'Salva' | 'Aggiorna') =>
  within(document.querySelector('form') as HTMLElement).getByRole('button', { name });
const docx = (name: string) =>
  new File([new Uint8Array([80, 75, 3, 4])], name, {
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  });

describe('Word template form: the uploader', () => {
  it('C75 shows the file there; a file of another type gets the seed message at once and is not taken', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderApp('/WordTemplate/4');
    expect(await screen.findByText('benvenuto.docx')).toBeInTheDocument();
    expect(screen.getByText(/20 KB · caricato il 01-11-2026/)).toBeInTheDocument();
    const input = document.getElementById('uploader-WordTemplate') as HTMLInputElement;
    await user.upload(input, new File(['MZ'], 'programma.exe', { type: 'application/x-msdownload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('programma.exe: I formati supportati sono doc, docx');
    expect(screen.queryByText(/Da caricare/)).toBeNull();
  });

  it('C79 C76 C77 replacing the file: the old one is marked, and on save the record, the mark, the upload and the delete go in that order', async () => {
    const user = userEvent.setup();
    renderApp('/WordTemplate/4');
    await screen.findByText('benvenuto.docx');
    await user.upload(document.getElementById('uploader-WordTemplate') as HTMLInputElement, docx('nuova lettera.docx'));
    expect(await screen.findByText('Da caricare: nuova lettera.docx (1 KB)')).toBeInTheDocument();
    expect(screen.getByText('Sarà eliminato al salvataggio')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Ci sono modifiche non salvate');
    await user.click(submit('Aggiorna'));
    await waitFor(() =>
      expect(calls.filter((c) => !c.startsWith('GET'))).toEqual(
        [
          `PUT record ${JSON.stringify({ ...RECORD, updated_at: '2026-11-01 10:00:00' })}`.replace(
            /"user":\{[^}]*\},/,
            '',
          ),
          'PUT file 31 {"marked_for_deletion":true}',
          'POST files',
          'DELETE files [31] ?column=id',
        ].map((c) =>
          c.startsWith('PUT record') ? expect.stringMatching(/^PUT record \{.*"title":"Lettera di benvenuto".*\}$/) : c,
        ),
      ),
    );
    expect(uploads).toEqual([{ owner: '4', names: [expect.any(String)] }]);
    // the record's body never carries the uploader's value
    expect(calls.find((c) => c.startsWith('PUT record'))).not.toContain('__attachments');
  });

  it('C79 the description and note of a file are saved with the record; undoing a mark keeps the file', async () => {
    const user = userEvent.setup();
    renderApp('/WordTemplate/4');
    await screen.findByText('benvenuto.docx');
    const item = screen.getByText('benvenuto.docx').closest('li')!;
    await user.type(within(item).getByRole('textbox', { name: 'Nota del file' }), 'Approvata');
    await user.click(within(item).getByRole('button', { name: 'Elimina benvenuto.docx al salvataggio' }));
    await user.click(within(item).getByRole('button', { name: 'Non eliminare benvenuto.docx' }));
    await user.click(submit('Aggiorna'));
    await waitFor(() => expect(calls).toContain('PUT file 31 {"nota":"Approvata","marked_for_deletion":false}'));
    expect(calls.some((c) => c.startsWith('DELETE'))).toBe(false);
    expect(calls.some((c) => c.startsWith('POST files'))).toBe(false);
  });

  it('a new template cannot be saved without its file; with it, the record then the upload to the new id', async () => {
    const user = userEvent.setup();
    renderApp('/scheda_word_template');
    await user.type(await screen.findByRole('textbox', { name: 'Titolo' }), 'Mandato');
    await user.click(submit('Salva'));
    expect(await screen.findByText('Carica il file word')).toBeInTheDocument();
    expect(calls.some((c) => c.startsWith('POST record'))).toBe(false);
    await user.upload(document.getElementById('uploader-WordTemplate') as HTMLInputElement, docx('mandato.docx'));
    await user.click(submit('Salva'));
    await waitFor(() => expect(uploads).toEqual([{ owner: '9', names: [expect.any(String)] }]));
    expect(calls.filter((c) => !c.startsWith('GET'))[0]).toMatch(/^POST record .*"title":"Mandato"/);
  });

  it('a refused upload of a new template deletes the new record again and keeps the form with the reason', async () => {
    server.use(
      http.post('*/api/word_template_attachments', () =>
        HttpResponse.json({ message: 'Il modello Word non è valido: il campo {nome} non è previsto' }, { status: 422 }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/scheda_word_template');
    await user.type(await screen.findByRole('textbox', { name: 'Titolo' }), 'Mandato');
    await user.upload(document.getElementById('uploader-WordTemplate') as HTMLInputElement, docx('mandato.docx'));
    await user.click(submit('Salva'));
    expect(await screen.findByText(/il campo \{nome\} non è previsto/)).toBeInTheDocument();
    await waitFor(() => expect(calls).toContain('DELETE record [9] ?force_delete=1'));
    expect(screen.getByRole('textbox', { name: 'Titolo' })).toHaveValue('Mandato');
  });

  it('C74 the tags the template may use, grouped, with their meaning', async () => {
    const user = userEvent.setup();
    renderApp('/WordTemplate/4');
    await user.click(await screen.findByRole('button', { name: 'Campi disponibili nel modello' }));
    const table = await screen.findByRole('table', { name: 'Campi: Cliente' });
    expect(within(table).getByText('{cliente_ragione_sociale}')).toBeInTheDocument();
    expect(within(table).getByText('Ragione sociale del cliente')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Campi: Studio' })).toHaveTextContent('{studio_nome}');
  });
});

describe("'Modelli Word' on the customers' toolbar", () => {
  function ui(selectedIds: number[]) {
    const ctx = {
      selectedIds,
      onUnselectItems: () => {},
      onSelect: () => {},
      resource: 'Customer',
      data: [],
      total: 0,
    } as unknown as ListControllerResult;
    return (
      <AdminContext dataProvider={dataProvider}>
        <ListContextProvider value={ctx}>
          <WordTemplateButton />
        </ListContextProvider>
      </AdminContext>
    );
  }
  const templates = http.get('*/api/word_templates', () =>
    HttpResponse.json({
      data: [
        { id: 4, title: 'Lettera di benvenuto', description: 'Per i nuovi clienti' },
        { id: 5, title: 'Mandato', description: null },
      ],
    }),
  );

  it("is on the toolbar, in its 'Documenti' menu", async () => {
    const user = userEvent.setup();
    render(
      <AdminContext dataProvider={dataProvider}>
        <ListContextProvider
          value={{ selectedIds: [1], resource: 'Customer', data: [], total: 0 } as unknown as ListControllerResult}
        >
          <CustomerBulkActions />
        </ListContextProvider>
      </AdminContext>,
    );
    await user.click(screen.getByRole('button', { name: 'Documenti' }));
    expect(
      within(await screen.findByRole('menu', { name: 'Documenti' })).getByRole('menuitem', { name: 'Modelli Word' }),
    ).toBeInTheDocument();
  });

  it("no customer: 'Attenzione scegli almeno un cliente'", async () => {
    const user = userEvent.setup();
    render(ui([]));
    await user.click(screen.getByRole('button', { name: 'Modelli Word' }));
    expect(await screen.findByRole('dialog', { name: 'Errore!!' })).toHaveTextContent(AT_LEAST_ONE);
  });

  it('C35 C37 choose a template, download the zip of two customers', async () => {
    let query = '';
    server.use(
      templates,
      http.get('*/api/word_template/:id/actions/replace_and_download', ({ request, params }) => {
        query = `${String(params.id)} ${new URL(request.url).searchParams.get('customer_ids')}`;
        return new HttpResponse(new Uint8Array([80, 75]), {
          headers: {
            'Content-Type': 'application/zip',
            'Content-Disposition': 'attachment; filename="Lettera_di_benvenuto.zip"',
          },
        });
      }),
    );
    const user = userEvent.setup();
    render(ui([7, 8]));
    await user.click(screen.getByRole('button', { name: 'Modelli Word' }));
    const dialog = await screen.findByRole('dialog', { name: 'Informazione!!' });
    expect(within(dialog).getByRole('button', { name: 'Scarica zip' })).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: 'Modello' }));
    await user.click(await screen.findByRole('option', { name: 'Lettera di benvenuto' }));
    expect(dialog).toHaveTextContent('Per i nuovi clienti');
    await user.click(within(dialog).getByRole('button', { name: 'Scarica zip' }));
    await waitFor(() => expect(saveAs).toHaveBeenCalledWith(expect.anything(), 'Lettera_di_benvenuto.zip'));
    expect(query).toBe('4 [7,8]');
  });

  it("C37 a failure names what to check and the server's reason", async () => {
    server.use(
      templates,
      http.get('*/api/word_template/:id/actions/replace_and_download', () =>
        HttpResponse.json(
          { message: 'Il modello non ha un file Word: caricalo nella scheda del modello' },
          { status: 422 },
        ),
      ),
    );
    const user = userEvent.setup();
    render(ui([7]));
    await user.click(screen.getByRole('button', { name: 'Modelli Word' }));
    const dialog = await screen.findByRole('dialog', { name: 'Informazione!!' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Modello' }));
    await user.click(await screen.findByRole('option', { name: 'Mandato' }));
    await user.click(within(dialog).getByRole('button', { name: 'Scarica' }));
    const err = await screen.findByRole('dialog', { name: 'Errore!!' });
    expect(err).toHaveTextContent(WORD_ERROR);
    expect(err).toHaveTextContent('Il modello non ha un file Word');
  });

  it('C36 e-mail: the template and the customers are sent, the dialog closes once queued', async () => {
    let query = '';
    server.use(
      templates,
      http.post('*/api/word_template/:id/actions/replace_and_email', ({ request, params }) => {
        query = `${String(params.id)} ${new URL(request.url).searchParams.get('customer_ids')}`;
        return HttpResponse.json({ message: '2 email inserite nella coda', data: { queued: 2 } });
      }),
    );
    const user = userEvent.setup();
    render(ui([7, 8]));
    await user.click(screen.getByRole('button', { name: 'Modelli Word' }));
    const dialog = await screen.findByRole('dialog', { name: 'Informazione!!' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Modello' }));
    await user.click(await screen.findByRole('option', { name: 'Mandato' }));
    await user.click(within(dialog).getByRole('button', { name: 'Invia via email' }));
    await waitFor(() => expect(query).toBe('5 [7,8]'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Informazione!!' })).toBeNull());
  });
});
