/** The OpenAPI document at /api/docs lists every route of the API, with its schemas. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { MODELS } from '../../model/registry.js';
import { actionsOf } from '../../server/models/actions.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** '/api/customers/:id' → '/api/customers/{id}' (OpenAPI's form) */
const openapiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}');

describe('API reference', () => {
  it('C01 docs: /api/docs serves the reference without a session, and its document lists every route', async () => {
    const page = await t.app.inject({ url: '/api/docs' });
    expect(page.statusCode).toBeLessThan(400);
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      openapi: string;
      paths: Record<
        string,
        Record<string, { parameters?: unknown[]; requestBody?: unknown; responses: Record<string, unknown> }>
      >;
    };
    expect(doc.openapi).toMatch(/^3\./);
    const routes = t.app.apiRoutes;
    expect(routes.length).toBeGreaterThan(MODELS.length * 6);
    const missing = routes.filter((r) => !doc.paths[openapiPath(r.url)]?.[r.method.toLowerCase()]);
    expect(missing).toEqual([]);
    // every operation documents its answers, the model ones their body and fields
    for (const r of routes) {
      // a POST creates (201), except the login and the bulk actions on customers (C26, C34, C38: 200 with their result), C73 make_transactions, the outbox's 'Riprova', C47 change_state (idempotent) and a RiBa presentation's credit, unpaid receipts and cancellation (they change it)
      // … the customer import's preview, import and undo (work on a staged file, answered 200), the invoicing's preview (it writes nothing);
      // … and a payment's finalisation (C68: idempotent); the sandbox's approval page answers its forms with a redirect (303);
      // … the SDD preview and a batch's cancellation, the bank statement's columns, a line's confirm/ignore/reopen and 'Conferma tutti' (actions on what exists);
      // 'Invia a SdI' queues (202) and the intermediary's webhook is answered 200 (A-Cube retries any other answer);
      // the reminders' run and discard (200: counts of what changed), their 'Invia' queues (202);
      // an engagement's letter sent, signed on paper, back to draft, ended (issue 49: its state changes, 200), a timer discarded;
      // the customers' area: an access revoked, its sessions ended, a request cancelled, a document reviewed (issue 50: changes, 200)
      const action =
        /^\/api\/(generate_credit_transactions|update_yearly_accounting_amount|annual_balancer|cedolini|parents_has_children|assignments\/[^/]+\/make_transactions|mail_outbox\/[^/]+\/actions\/retry|studio_jobs_status\/.*\/actions\/change_state|[a-z]+\/actions\/finalize|[a-z]+\/process_confirmed_payment_intent|user\/password\/(init_reset|do_reset)|customer_imports\/[^/]+\/(preview|import|undo)|invoicing\/preview|sdd\/preview|sdd_batch\/[^/]+\/actions\/(cancel|undo_outcome)|riba\/preview|riba_presentation\/[^/]+\/actions\/(collected|unpaid|unpaid_file|cancel)|bank\/statements\/columns|bank_statement\/[^/]+\/actions\/confirm_all|bank_statement_line\/[^/]+\/actions\/(confirm|ignore|reopen)|reminders\/(run|discard)|engagement\/[^/]+\/actions\/(send|mark_signed|back_to_draft|end)|time\/timer\/discard|customer\/[^/]+\/portal\/access\/[^/]+\/(revoke|sessions\/end)|portal\/requests\/[^/]+\/(cancel|documents\/[^/]+\/review))\b/.test(
          r.url,
        );
      const redirect = r.url.startsWith('/api/sandbox/checkout/') && r.method === 'POST';
      const queued = r.url === '/api/sdi/send' || r.url === '/api/reminders/send';
      const ok = redirect
        ? '303'
        : queued
          ? '202'
          : r.method === 'POST' && r.url !== '/api/user/login' && !action && r.url !== '/api/sdi/webhook/acube'
            ? '201'
            : '200';
      expect(
        Object.keys(doc.paths[openapiPath(r.url)]![r.method.toLowerCase()]!.responses),
        `${r.method} ${r.url}`,
      ).toContain(ok);
    }
    const create = doc.paths['/api/customers']!.post!;
    expect(JSON.stringify(create.requestBody)).toContain('business_name');
    expect(JSON.stringify(doc.paths['/api/customers/{id}']!.get!.responses['200'])).toContain(
      'yearly_accounting_amount',
    );
  });

  it('C36 C37 C55 C56 docs: the named actions of the models are mounted at /api/{base}/{id}/actions/{name}, each in the reference with its group and summary', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<
        string,
        Record<string, { tags?: string[]; summary?: string; parameters?: Array<{ name: string }> }>
      >;
    };
    const actions = MODELS.flatMap((m) =>
      Object.entries(actionsOf(m)).map(([name, a]) => ({
        m,
        name,
        a,
        url: `/api/${a.base ?? m.snake}/{id}/actions/${name}`,
      })),
    );
    expect(actions.map((x) => `${x.m.name}.${x.name}`).sort()).toEqual([
      'BankStatement.confirm_all',
      'BankStatementLine.confirm',
      'BankStatementLine.ignore',
      'BankStatementLine.reopen',
      'Customer.contested',
      'EDocument.download_pdf',
      'EDocument.download_xml',
      'EDocument.validate_xml',
      'Engagement.back_to_draft',
      'Engagement.end',
      'Engagement.letter_docx',
      'Engagement.letter_file',
      'Engagement.letter_pdf',
      'Engagement.letters',
      'Engagement.mark_signed',
      'Engagement.send',
      'Reminder.pdf',
      'RibaPresentation.cancel',
      'RibaPresentation.collected',
      'RibaPresentation.file',
      'RibaPresentation.unpaid',
      'RibaPresentation.unpaid_file',
      'SddBatch.cancel',
      'SddBatch.file',
      'SddBatch.outcome',
      'SddBatch.undo_outcome',
      'SddMandate.pdf',
      'SdiEvent.xml',
      'WordTemplate.replace_and_download',
      'WordTemplate.replace_and_email',
    ]);
    for (const { url, a } of actions) {
      const op = doc.paths[url]?.[a.method.toLowerCase()];
      expect(op, url).toBeDefined();
      expect(op!.summary).toBe(a.summary);
      expect(op!.tags).toEqual(a.tags);
      expect(op!.parameters?.map((p) => p.name)).toContain('id');
    }
    // the id is checked like any path parameter: another studio's or a missing one is a 404
    const login = await t.login('admin@studiodemo.test');
    const missing = await t.app.inject({
      url: '/api/edocuments/999999/actions/validate_xml',
      headers: login,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('C10 docs: a value of the wrong kind in a body is a 422 on the field with its Italian message', async () => {
    const login = await t.login('admin@studiodemo.test');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/entita_esempios',
      headers: login,
      payload: { descrizione: 'x', numero_int: { a: 1 }, ora: 930, data_dal: [] },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      numero_int: ['Inserisci un Numero Intero'],
      ora: ['formato corretto HH:MM'],
      data_dal: ['Valore non valido'],
    });
  });
});
