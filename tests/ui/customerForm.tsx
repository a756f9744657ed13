/**
 * The mock API and the helpers of the customer form's UI tests (form.test.tsx: create and the
 * simple list; formEdit.test.tsx: edit and the form defects), split in two files so that both
 * workers share them. The API is mocked with msw; unknown calls fail the test.
 */
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { screen, waitFor, within, cleanup } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { fiscalCodeCheckChar, vatCheckDigit } from '../../model/validators';
import { login, logout, portalQuietHandlers, renderApp, shellHandlers } from './harness';
import { emptyAmlFile } from './journeys';

// ---------------------------------------------------------------------------
// API mock
// ---------------------------------------------------------------------------

export type Row = Record<string, unknown>;

export const RECORD: Row = {
  id: 5,
  cod: 'C005',
  business_name: 'Alfa Srl',
  vat_id: null,
  fiscal_code: null,
  address: 'Via Roma 1',
  postal_code: '20100',
  city: 'Milano',
  pec: null,
  telephone: null,
  fax: null,
  mobile_number: null,
  email: 'alfa@example.it',
  yearly_number_of_installments: 4,
  yearly_accounting_amount: 1200.5,
  cedolino_rate: 15,
  acquisition_date: '2024-02-29',
  money_laundering_module_av1_enable_default_values: 0,
  sdi_code: 'ABC1234',
  ceased: 0,
  legal_representative_id: 4,
  legal_representative: { id: 4, label: 'Mario Bianchi' },
  legal_status_id: null,
  legal_status: null,
  collaborator_accounting_id: null,
  collaborator_accounting: null,
  collaborator_studio_jobs_id: null,
  collaborator_studio_jobs: null,
  note: 'Nota interna',
  created_at: '2024-02-29 09:00:00',
  updated_at: '2026-01-10 10:00:00',
  deleted_at: null,
  trashed: false,
};

export const LEGAL_REPRESENTATIVES = [
  { id: 4, label: 'Mario Bianchi', name: 'Mario', surname: 'Bianchi' },
  { id: 6, label: 'Anna Verdi', name: 'Anna', surname: 'Verdi' },
];

export interface Api {
  collaboratorCalls: number;
  record: Row;
  gets: string[];
  posts: Row[];
  puts: Array<{ id: string; body: Row }>;
  saveStatus: number;
  saveAnswer: Row;
  getStatus: number;
  audits: string[];
  simpleDeletes: string[];
  simpleDeleteQueries: string[];
  simpleLists: number;
}

const fresh = (): Api => ({
  record: { ...RECORD },
  gets: [],
  posts: [],
  puts: [],
  saveStatus: 200,
  saveAnswer: {},
  getStatus: 200,
  audits: [],
  simpleDeletes: [],
  simpleDeleteQueries: [],
  simpleLists: 0,
  collaboratorCalls: 0,
});
export let api = fresh();

export const listAnswer = (data: Row[]) =>
  HttpResponse.json({
    data,
    meta: { total: data.length, current_page: 1, per_page: 50, last_page: 1 },
    item_meta_data: {
      can_add_new: true,
      expand_field: null,
      is_selectable: true,
      is_erasable: true,
      disable_edit_item: false,
      items: {},
    },
  });

export const saveFailure = () => HttpResponse.json(api.saveAnswer, { status: api.saveStatus });

export const server = setupServer(
  ...shellHandlers,
  http.get('*/api/customers/:id', ({ params }) => {
    api.gets.push(String(params.id));
    if (api.getStatus !== 200)
      return HttpResponse.json({ message: 'Operazione non consentita (403)' }, { status: api.getStatus });
    return HttpResponse.json({ data: { ...api.record, id: Number(params.id) } });
  }),
  http.post('*/api/customers', async ({ request }) => {
    const body = (await request.json()) as Row;
    api.posts.push(body);
    if (api.saveStatus !== 200) return saveFailure();
    api.record = { ...RECORD, ...body, id: 77 };
    return HttpResponse.json({ data: api.record }, { status: 201 });
  }),
  http.put('*/api/customers/:id', async ({ request, params }) => {
    const body = (await request.json()) as Row;
    api.puts.push({ id: String(params.id), body });
    if (api.saveStatus !== 200) return saveFailure();
    api.record = body.restore
      ? { ...api.record, trashed: false, deleted_at: null }
      : { ...api.record, ...body, updated_at: '2026-03-01 12:00:00' };
    return HttpResponse.json({ data: api.record });
  }),
  http.get('*/api/audit_log/Customer/:id', ({ params }) => {
    api.audits.push(String(params.id));
    return HttpResponse.json({
      data: [
        {
          id: 12,
          action: 'update',
          user_id: 1,
          user_name: 'Mario Rossi',
          at: '2026-01-10 10:00:00',
          changes: { business_name: ['Alfa', 'Alfa Srl'], yearly_accounting_amount: ['1000', '1200.5'] },
        },
        { id: 3, action: 'create', user_id: 3, user_name: 'Laura Neri', at: '2024-02-29 09:00:00', changes: null },
      ],
    });
  }),
  // the customer card's open items (issue 29): nothing open
  http.get('*/api/customer/:id/open_items', () =>
    HttpResponse.json({
      data: { summary: { balance: 0, open: 0, overdue: 0, credit: 0, oldest_overdue: null }, items: [] },
    }),
  ),
  // the customer card's reminders (issue 30): none, not contested
  http.get('*/api/customer/:id/reminders', () => HttpResponse.json({ data: { contested: null, reminders: [] } })),
  // the customer card's anti-money-laundering file (issue 48): empty
  emptyAmlFile,
  // the customer card's 'Area clienti' (issue 50): nobody invited
  ...portalQuietHandlers,
  // simple list /lista/LegalStatus
  http.get('*/api/list/LegalStatus', () => {
    api.simpleLists += 1;
    const rows = [
      { id: 1, cod: 'SRL', description: 'Società a responsabilità limitata' },
      { id: 2, cod: 'SPA', description: 'Società per azioni' },
    ].filter((r) => !api.simpleDeletes.includes(`/api/legal_status/${r.id}`));
    return HttpResponse.json({
      data: rows,
      meta: { total: rows.length, current_page: 1, per_page: 100000, last_page: 1 },
      item_meta_data: {
        can_add_new: true,
        expand_field: null,
        is_selectable: true,
        is_erasable: true,
        disable_edit_item: false,
        items: { 2: { is_erasable: false } },
      },
    });
  }),
  http.delete('*/api/legal_status/:id', ({ request, params }) => {
    api.simpleDeletes.push(`/api/legal_status/${params.id}`);
    api.simpleDeleteQueries.push(new URL(request.url).search);
    return HttpResponse.json({ data: { trashed: 1, deleted: 0 } });
  }),
  // the collaborator selects use C23, open to every role that edits customers
  http.get('*/api/collaborators', () => {
    api.collaboratorCalls += 1;
    return HttpResponse.json({
      data: [
        { id: 7, name: 'Laura Neri' },
        { id: 9, name: 'Paolo Verdi' },
      ],
    });
  }),
  // select lists of the relation inputs (getList) and of their current values (getMany)
  http.get('*/api/list/LegalRepresentative/:collection', () => listAnswer(LEGAL_REPRESENTATIVES)),
  http.get('*/api/list/:model/:collection', () => listAnswer([])),
);

/** Registers the mock API in the calling test file: a fresh record and a logged Admin for each test. */
export function useCustomerApi() {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    api = fresh();
    login();
  });
  afterEach(() => {
    cleanup();
    server.resetHandlers();
    logout();
  });
  afterAll(() => server.close());
}

// ---------------------------------------------------------------------------
// helpers
// ---------------------------------------------------------------------------

export type User = ReturnType<typeof userEvent.setup>;
export const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A text field by its label (required labels end with an asterisk). */
export const field = (label: string) => screen.getByRole('textbox', { name: new RegExp(`^${esc(label)}(\\s*\\*)?$`) });
/** Exactly this text (a raw '@@react-admin@@"…"' encoded message would not match). */
export const exact = (text: string) => new RegExp(`^${esc(text)}$`);
/** The helper text (where errors show) of a field. */
export const helperOf = (el: HTMLElement) =>
  document.getElementById(el.getAttribute('aria-describedby')!.split(' ')[0]) as HTMLElement;
/** The form (the app bar has an 'Aggiorna' refresh button too). */
export const form = () => document.querySelector('#main-content form') as HTMLElement;
export const submit = (name: 'Salva' | 'Aggiorna') => within(form()).getByRole('button', { name });

/** Today as DD-MM-YYYY, in the studio's time zone (as the model's default). */
export const todayDisplay = () => {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Rome',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .format(new Date())
    .split('-');
  return `${d}-${m}-${y}`;
};

export async function openCreate(entries: string[] = []) {
  renderApp('/Customer/create', entries);
  await waitFor(() => expect(submit('Salva')).toBeInTheDocument());
  return field('Ragione Sociale');
}

export async function openEdit(id = 5, entries: string[] = []) {
  renderApp(`/Customer/${id}`, entries);
  await waitFor(() => expect(field('Ragione Sociale')).toHaveValue('Alfa Srl'));
}

export async function retype(user: User, el: HTMLElement, text: string) {
  await user.clear(el);
  if (text) await user.type(el, text);
}

export async function chooseLegalRepresentative(user: User, name = 'Mario Bianchi') {
  await user.click(screen.getByRole('combobox', { name: /^Legale rappresentante/ }));
  await user.click(await screen.findByRole('option', { name }));
}

/** Fills the required fields of a new customer (the others keep their defaults). */
export async function fillRequired(user: User) {
  await user.type(field('Ragione Sociale'), 'Nuova Srl');
  await user.type(field('Email'), 'nuova@example.it');
  await user.type(screen.getByRole('textbox', { name: 'Tariffa annuale' }), '900');
  await chooseLegalRepresentative(user);
}

export const validVat = (first10 = '0123456789') => `${first10}${vatCheckDigit(first10)}`;
export const wrongVat = (first10 = '0123456789') => `${first10}${(Number(vatCheckDigit(first10)) + 1) % 10}`;
export const validCf = (first15 = 'RSSMRA80A01H501') => `${first15}${fiscalCodeCheckChar(first15)}`;
export const wrongCf = (first15 = 'RSSMRA80A01H501') => `${first15}${fiscalCodeCheckChar(first15) === 'A' ? 'B' : 'A'}`;
