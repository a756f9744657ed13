/**
 * The generic form's journeys, moved from the browser tests of tests/e2e/form.test.ts (seed A
 * §4, §5, §8, §9): Alt+S, the fiscal-code and VAT messages, the money input, a new customer with
 * its defaults, the studio manager's fiscal code and seed B's sample entity. The whole <App/> is
 * rendered with a logged Admin; the API is an msw fake with a small in-memory store that answers
 * as the server does (server/records/*: `{data}`, the list's `{data, meta, item_meta_data}`), and
 * every call the app makes is recorded and asserted. A reload or a new tab is a new render of
 * <App/> at the tab's address.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import {
  location,
  login,
  negativeLook,
  renderApp,
  shellHandlers,
  engagementQuietHandlers,
  portalQuietHandlers,
  USER,
} from './harness';
import { useFakeApi, helperText, replaceText, seriousAxe, emptyAmlFile } from './journeys';
import { exact, field, helperOf, submit, type User } from './customerForm';
import { fiscalCodeCheckChar, vatCheckDigit } from '../../model/validators';
import { today } from '../../model/fields';
import { WIRE } from '../../model/types';
import { modelByName } from '../../model/registry';
import type { ModelDef } from '../../model/define';

// ---------------------------------------------------------------------------
// API fake: an in-memory store per test
// ---------------------------------------------------------------------------

type Row = Record<string, unknown>;
interface Call {
  method: string;
  path: string;
  query: Record<string, string>;
  body: Row | null;
}

/** The server's version stamp (`updated_at` to the microsecond, server/records/sql.ts). */
const stamp = (n: number) => `2026-01-${String(10 + n).padStart(2, '0')} 10:00:00.${String(n).padStart(6, '0')}`;

const LEGAL_REPRESENTATIVES: Row[] = [
  { id: 4, cod: 'LR04', name: 'Mario', surname: 'Bianchi', city: 'Milano' },
  { id: 6, cod: 'LR06', name: 'Anna', surname: 'Verdi', city: 'Roma' },
  { id: 11, cod: 'LR11', name: 'Giulia', surname: 'Rossi', city: 'Torino' },
  { id: 12, cod: 'LR12', name: 'Luca', surname: 'Rossini', city: 'Bari' },
  { id: 15, cod: 'LR15', name: 'Paola', surname: 'Esposito', city: 'Napoli' },
].map((r) => ({ ...r, fiscal_code: null, email: null, ...system(Number(r.id)) }));

function system(id: number): Row {
  return {
    id,
    studio_id: USER.studio_id,
    created_at: '2024-02-29 09:00:00',
    updated_at: stamp(id % 20),
    deleted_at: null,
    trashed: false,
  };
}

/** A customer of the demo studio as GET /api/customers/{id} answers it (every field, relations as ids). */
function customer(id: number, business_name: string, extra: Row = {}): Row {
  return {
    ...system(id),
    cod: `C${String(id).padStart(4, '0')}`,
    business_name,
    vat_id: null,
    fiscal_code: null,
    address: `Via Roma ${id}`,
    postal_code: '20100',
    city: 'Milano',
    pec: null,
    telephone: null,
    fax: null,
    mobile_number: null,
    email: `cliente${id}@example.it`,
    yearly_number_of_installments: 4,
    yearly_accounting_amount: 1200.5,
    cedolino_rate: 15,
    acquisition_date: '2024-02-29',
    money_laundering_module_av1_enable_default_values: 0,
    sdi_code: 'ABC1234',
    withholding_agent: 'auto',
    ceased: 0,
    legal_representative_id: 4,
    legal_status_id: null,
    collaborator_accounting_id: null,
    collaborator_studio_jobs_id: null,
    note: null,
    ...extra,
  };
}

const CUSTOMERS = (): Row[] => [
  customer(21, 'Alfa Srl'),
  customer(22, 'Beta Spa', { city: 'Roma' }),
  customer(23, 'Gamma Snc', { city: 'Bergamo' }),
  customer(24, 'Delta Sas', { city: 'Macerata', yearly_accounting_amount: 980 }),
  customer(25, 'Epsilon Srl'),
  customer(26, 'Zeta Coop', { vat_id: '01234567897', fiscal_code: '01234567897' }),
  customer(27, 'Eta Srl'),
  customer(28, 'Theta Srl', { ceased: 1 }),
  customer(29, 'Iota Snc', { yearly_accounting_amount: 2345.6 }),
];

/** The demo studio's card, complete (every required field valid), as GET /api/studios/{id} answers it. */
const STUDIO = (): Row => ({
  id: USER.studio_id,
  created_at: '2024-01-02 09:00:00',
  updated_at: '2026-01-15 08:00:00.123456',
  name: 'Studio Demo',
  subtitle: 'Commercialisti e revisori legali',
  email: 'info@studiodemo.test',
  address: 'Via Roma 12, 20100 Milano (MI)',
  tel_number: '+39 021 234267',
  fax_number: '+39 021 234268',
  mobile_number: '+39 332 1234562',
  vat_number: '09000002000',
  fiscal_code: '09000002000',
  postal_code: '20100',
  city: 'Milano',
  province: 'MI',
  fiscal_regime: 'RF01',
  withholding_tax: 1,
  cassa_previdenza: 1,
  stamp_duty_charged: 1,
  sdi_courtesy_copy: 'consegna',
  website: 'https://www.studiodemo.test',
  iban: 'IT60X0542811101000000123456',
  sdd_creditor_id: null,
  footer_line1: 'Studio Demo — Via Roma 12, Milano',
  note: null,
  logo: null,
  status: 1,
  subscription_expire_date: '2099-12-31',
  cc_contract: 'contratti@studiodemo.test',
  cc_account_balance: 'amministrazione@studiodemo.test',
  cc_bollettino: 'bollettini@studiodemo.test',
  manager_title: 'Dott.',
  manager_name: 'Mario',
  manager_surname: 'Rossi',
  manager_cf: `RSSMRA75E12F205${fiscalCodeCheckChar('RSSMRA75E12F205')}`,
  manager_birth_date: '1975-05-12',
  manager_birth_city: 'Milano',
  manager_ordine_commercialisti_number: '1202/A',
  manager_ordine_commercialisti_city: 'Milano',
  manager_ordine_commercialisti_name: 'Ordine dei Dottori Commercialisti e degli Esperti Contabili di Milano',
  sign_city: 'Milano',
  inps_city: 'Milano',
  direzione_provinciale_city: 'Milano',
});

interface Store {
  customers: Row[];
  legalRepresentatives: Row[];
  studio: Row;
  entita: Row[];
  nextId: number;
  calls: Call[];
}
const fresh = (): Store => ({
  customers: CUSTOMERS(),
  legalRepresentatives: LEGAL_REPRESENTATIVES.map((r) => ({ ...r })),
  studio: STUDIO(),
  entita: [],
  nextId: 301,
  calls: [],
});
let db = fresh();

/** The calls of one method to one path (query apart), in order. */
const callsTo = (method: string, path: string) => db.calls.filter((c) => c.method === method && c.path === path);
const writes = () => db.calls.filter((c) => c.method !== 'GET');

async function record(request: Request): Promise<Call> {
  const url = new URL(request.url);
  const body = request.method === 'GET' ? null : ((await request.clone().json()) as Row);
  const call = { method: request.method, path: url.pathname, query: Object.fromEntries(url.searchParams), body };
  db.calls.push(call);
  return call;
}

/** The stored value of an input as the server keeps it (server/db/fieldTypes.ts toDb, read back by its select). */
function stored(m: ModelDef, body: Row): Row {
  const out: Row = {};
  for (const [name, value] of Object.entries(body)) {
    const fd = m.fields[name];
    if (!fd || fd.readOnly) continue;
    if (fd.type === 'flag') out[name] = value === 1 || value === true || value === '1' ? 1 : 0;
    else if (value === null || value === undefined || value === '') out[name] = null;
    else if (['money', 'decimal', 'percentage', 'integer', 'relation'].includes(fd.type)) out[name] = Number(value);
    else if (fd.type === 'date') out[name] = WIRE.date(value);
    else if (fd.type === 'datetime') out[name] = WIRE.datetime(value);
    else if (fd.type === 'time') out[name] = WIRE.time(value);
    else out[name] = typeof value === 'string' ? value.trim() : value;
  }
  return out;
}

/** The label of a related row (its model's label fields, server/records/sql.ts labelExpr). */
function labelOf(ref: ModelDef, row: Row | undefined) {
  return row ? ref.labelFields.map((f) => row[f] ?? '').join(' ') : null;
}

/**
 * GET /api/list/{Model}/{collection} over `rows`: search_text on the searchable fields, the OR
 * filters, the trash, the sort and the page (server/records/list.ts); the rows shaped as the
 * collection's projection (relations as {id, cod, label}, server/records/collections.ts).
 */
function listOf(m: ModelDef, collection: string, rows: Row[], q: Record<string, string>) {
  const search = (q.search_text ?? '').toLowerCase();
  const filters = JSON.parse(q.filters ?? '[]') as Array<{ name: string; val: unknown[] }>;
  let found = rows.filter(
    (r) =>
      (q.with_trashed === '1' || !r.trashed) &&
      (!search ||
        Object.entries(m.fields).some(
          ([n, fd]) =>
            fd.searchable &&
            String(r[n] ?? '')
              .toLowerCase()
              .includes(search),
        )) &&
      filters.every((f) => f.val.map(String).includes(String(r[f.name]))),
  );
  const sortBy = q.sort_by ?? m.list.sort?.field ?? 'id';
  found = [...found].sort((a, b) =>
    typeof a[sortBy] === 'number' && typeof b[sortBy] === 'number'
      ? a[sortBy] - b[sortBy]
      : String(a[sortBy] ?? '').localeCompare(String(b[sortBy] ?? ''), 'it'),
  );
  if (q.sort_desc === '1') found.reverse();
  const perPage = Number(q.items_per_page ?? 50);
  const page = Number(q.page ?? 1);
  const shown = perPage === -1 ? found : found.slice((page - 1) * perPage, page * perPage);
  const columns =
    collection === `${m.name}Resource4SelectCollection`
      ? null
      : [...new Set([...m.list.columns, m.list.status?.field, m.list.expandField].filter(Boolean) as string[])];
  const data = shown.map((r) => {
    if (!columns)
      return { id: r.id, ...(m.fields.cod ? { cod: r.cod } : {}), label: labelOf(m, r), trashed: r.trashed };
    const out: Row = {
      id: r.id,
      studio_id: r.studio_id,
      created_at: r.created_at,
      updated_at: r.updated_at,
      deleted_at: r.deleted_at,
      trashed: r.trashed,
    };
    for (const c of columns) {
      out[c] = r[c] ?? null;
      const fd = m.fields[c];
      if (fd?.type === 'relation') out[c.replace(/_id$/, '')] = r[c] == null ? null : { id: r[c], label: '' };
    }
    return out;
  });
  const total = found.length;
  return HttpResponse.json({
    data,
    meta: {
      total,
      current_page: page,
      per_page: perPage === -1 ? total : perPage,
      last_page: perPage === -1 ? 1 : Math.max(1, Math.ceil(total / perPage)),
    },
    item_meta_data: {
      can_add_new: true,
      expand_field: m.list.expandField ?? null,
      is_selectable: true,
      is_erasable: true,
      disable_edit_item: false,
      items: {},
    },
  });
}

const CUSTOMER = modelByName.get('Customer')!;
const LEGAL_REPRESENTATIVE = modelByName.get('LegalRepresentative')!;
const STUDIO_MODEL = modelByName.get('Studio')!;
const ENTITA = modelByName.get('EntitaEsempio')!;
const notFound = () => HttpResponse.json({ message: 'Elemento non trovato' }, { status: 404 });
let updates = 0;
const touch = () => `2026-03-01 12:00:${String(++updates).padStart(2, '0')}.000000`;

const server = setupServer(
  ...shellHandlers,
  ...engagementQuietHandlers,
  ...portalQuietHandlers,
  // the customers
  http.get('*/api/list/Customer/:collection', async ({ request, params }) => {
    const c = await record(request);
    return listOf(CUSTOMER, String(params.collection), db.customers, c.query);
  }),
  http.get('*/api/customers/:id', async ({ request, params }) => {
    await record(request);
    const row = db.customers.find((r) => r.id === Number(params.id));
    return row ? HttpResponse.json({ data: row }, { headers: { ETag: `"${String(row.updated_at)}"` } }) : notFound();
  }),
  http.put('*/api/customers/:id', async ({ request, params }) => {
    const { body } = await record(request);
    const i = db.customers.findIndex((r) => r.id === Number(params.id));
    if (i < 0) return notFound();
    db.customers[i] = { ...db.customers[i], ...stored(CUSTOMER, body!), updated_at: touch() };
    return HttpResponse.json({ data: db.customers[i] });
  }),
  http.post('*/api/customers', async ({ request }) => {
    const { body } = await record(request);
    const id = db.nextId++;
    const row = { ...customer(id, ''), ...system(id), cod: null, ...stored(CUSTOMER, body!), updated_at: touch() };
    db.customers.push(row);
    return HttpResponse.json({ data: row }, { status: 201 });
  }),
  // the customer card's open items and reminders (issues 29, 30): nothing open, none sent
  http.get('*/api/customer/:id/open_items', () =>
    HttpResponse.json({
      data: { summary: { balance: 0, open: 0, overdue: 0, credit: 0, oldest_overdue: null }, items: [] },
    }),
  ),
  http.get('*/api/customer/:id/reminders', () => HttpResponse.json({ data: { contested: null, reminders: [] } })),
  // the customer card's anti-money-laundering file (issue 48): empty
  emptyAmlFile,
  // the relation inputs and the list's filters
  http.get('*/api/list/LegalRepresentative/:collection', async ({ request, params }) => {
    const c = await record(request);
    return listOf(LEGAL_REPRESENTATIVE, String(params.collection), db.legalRepresentatives, c.query);
  }),
  http.get('*/api/list/LegalStatus/:collection', async ({ request, params }) => {
    const c = await record(request);
    return listOf(modelByName.get('LegalStatus')!, String(params.collection), [], c.query);
  }),
  http.get('*/api/collaborators', () =>
    HttpResponse.json({
      data: [
        { id: 7, name: 'Laura Neri' },
        { id: 9, name: 'Paolo Verdi' },
      ],
    }),
  ),
  // the studio's card
  http.get('*/api/studios/:id', async ({ request, params }) => {
    await record(request);
    return Number(params.id) === db.studio.id ? HttpResponse.json({ data: db.studio }) : notFound();
  }),
  http.put('*/api/studios/:id', async ({ request }) => {
    const { body } = await record(request);
    db.studio = { ...db.studio, ...stored(STUDIO_MODEL, body!), updated_at: touch() };
    return HttpResponse.json({ data: db.studio });
  }),
  // seed B's sample entity
  http.post('*/api/entita_esempios', async ({ request }) => {
    const { body } = await record(request);
    const id = db.nextId++;
    const row = { ...system(id), ...stored(ENTITA, body!), updated_at: touch() };
    db.entita.push(row);
    return HttpResponse.json({ data: row }, { status: 201 });
  }),
  http.get('*/api/entita_esempios/:id', async ({ request, params }) => {
    await record(request);
    const row = db.entita.find((r) => r.id === Number(params.id));
    return row ? HttpResponse.json({ data: row }) : notFound();
  }),
  http.get('*/api/list/EntitaEsempio/:collection', async ({ request, params }) => {
    const c = await record(request);
    return listOf(ENTITA, String(params.collection), db.entita, c.query);
  }),
);

// issue 7 #16 (the browser test's console guard): no console error in normal use
useFakeApi(server);
beforeEach(() => {
  db = fresh();
  login();
});

// ---------------------------------------------------------------------------
// helpers
// ---------------------------------------------------------------------------

const main = () => document.getElementById('main-content') as HTMLElement;
const money = (label: string) => screen.getByRole('textbox', { name: label });
/** The text under an input ('' when no message: react-admin's zero-width space or MUI's blank). */

/** The input is marked invalid and shows exactly `message` under it. */
async function expectHelper(el: HTMLElement, message: string) {
  await waitFor(() => expect(helperOf(el)).toHaveTextContent(exact(message)));
  expect(el).toHaveAttribute('aria-invalid', 'true');
}

/** axe-core on the screen as it is: no serious or critical violation. */
async function noSeriousAxe() {
  expect(await seriousAxe(), `axe on ${location.current.pathname}`).toEqual([]);
}

/** Opens the customers list with a fresh list state (search, trash, filters, page size from the defaults). */
async function openCustomerList() {
  renderApp('/table/Customer');
  await screen.findByText('Alfa Srl');
  expect(screen.getAllByText('Gestione Clienti').length).toBeGreaterThan(0);
}

/** The list calls of the customers' table (not the select lists nor the getMany of a form). */
const customerLists = () => callsTo('GET', '/api/list/Customer/CustomerResourceListCollection');

/**
 * Opens a customer as a user does: search its code in the list, click the row, and the form
 * opens in a new tab (the default), here a new render of the app at the tab's address.
 */
async function openCustomer(user: User, c: Row) {
  const open = vi.spyOn(window, 'open').mockImplementation(() => null);
  await openCustomerList();
  const lists = customerLists().length;
  await user.type(screen.getByRole('textbox', { name: 'Cerca (premi Invio)' }), `${String(c.cod)}{Enter}`);
  await waitFor(() => expect(customerLists()).toHaveLength(lists + 1));
  expect(customerLists()[lists]!.query.search_text).toBe(c.cod);
  // the answer's one row replaces the page (the header row apart)
  await waitFor(() => expect(within(main()).getAllByRole('row')).toHaveLength(2));
  const row = within(main()).getAllByRole('row')[1]!;
  expect(row).toHaveTextContent(String(c.cod));
  await user.click(within(row).getByText(String(c.business_name)));
  expect(open).toHaveBeenCalledTimes(1);
  expect(open.mock.calls[0]!.slice(0, 2)).toEqual([`/Customer/${String(c.id)}`, '_blank']);
  // the new tab
  cleanup();
  await openForm(`/Customer/${String(c.id)}`, c);
}

/** A fresh page at `path` (a new tab, a reload): the customer's form with its name loaded. */
async function openForm(path: string, c: Row) {
  renderApp(path);
  await waitFor(() => expect(field('Ragione Sociale')).toHaveValue(String(c.business_name)));
}

const byId = (id: number) => db.customers.find((r) => r.id === id)!;

/** Types over the text of a field at once, as the browser test's fill(). */
const fill = replaceText;

// ---------------------------------------------------------------------------
// the journeys
// ---------------------------------------------------------------------------

describe('generic form: customers and studio', () => {
  it('saves with the Alt+S shortcut', async () => {
    const user = userEvent.setup();
    const c = { ...byId(24) };
    await openCustomer(user, c);
    const city = screen.getByRole('textbox', { name: 'Città' });
    const newCity = c.city === 'Macerata' ? 'Ancona' : 'Macerata';
    await fill(user, city, newCity);
    expect(await screen.findByText('Ci sono modifiche non salvate')).toBeInTheDocument();
    // the shortcut while typing in the field
    expect(document.activeElement).toBe(city);
    await user.keyboard('{Alt>}s{/Alt}');
    await waitFor(() => expect(callsTo('PUT', '/api/customers/24')).toHaveLength(1));
    const put = callsTo('PUT', '/api/customers/24')[0]!;
    expect(put.body).toMatchObject({ id: 24, city: newCity, business_name: c.business_name, updated_at: c.updated_at });
    expect(await screen.findByText('Elemento aggiornato')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Ci sono modifiche non salvate')).not.toBeInTheDocument());
    expect(writes()).toHaveLength(1);
    // the reload reads the record again and shows the saved city
    cleanup();
    const gets = callsTo('GET', '/api/customers/24').length;
    await openForm('/Customer/24', c);
    expect(callsTo('GET', '/api/customers/24')).toHaveLength(gets + 1);
    expect(screen.getByRole('textbox', { name: 'Città' })).toHaveValue(newCity);
  });

  it('shows every fiscal-code and VAT message of the customer form', async () => {
    const user = userEvent.setup();
    const c = { ...byId(25) };
    await openForm('/Customer/25', c);
    const cf = field('Codice fiscale');
    const vat = field('Partita IVA');

    // before any submit, leaving a field with a wrong value (blur) shows nothing yet: validation runs on submit
    await fill(user, vat, '123');
    await fill(user, cf, 'ABC123');
    await user.tab();
    await negativeLook();
    expect(helperText(vat)).toBe('');
    expect(helperText(cf)).toBe('');
    expect(cf).toHaveAttribute('aria-invalid', 'false');
    // wrong lengths; the submit is refused and focuses the first invalid field (Partita IVA comes first)
    await user.click(submit('Aggiorna'));
    await expectHelper(vat, 'Lunghezza Partita Iva non valida');
    await expectHelper(cf, 'Lunghezza Codice Fiscale non valida');
    await waitFor(() => expect(document.activeElement).toBe(vat));

    // invalid characters (re-validated while typing after the first submit)
    await fill(user, vat, '1234567890A');
    await expectHelper(vat, 'Uno o più caratteri non validi');
    await fill(user, cf, '1234567890123456');
    await expectHelper(cf, 'Caratteri non validi');
    await fill(user, cf, '1234567890A');
    await expectHelper(cf, 'Caratteri non validi');
    await noSeriousAxe();

    // right shape, wrong check character / digit
    const first15 = 'RSSMRA80A01H501';
    const good = fiscalCodeCheckChar(first15);
    const bad = good === 'A' ? 'B' : 'A';
    await fill(user, cf, `${first15}${bad}`.toLowerCase()); // typed in lower case: upper-cased by the input
    await waitFor(() => expect(cf).toHaveValue(`${first15}${bad}`));
    await expectHelper(cf, 'Codice Fiscale Non Valido');
    const first10 = '0123456789';
    const digit = vatCheckDigit(first10);
    await fill(user, vat, `${first10}${(Number(digit) + 1) % 10}`);
    await expectHelper(vat, 'Partita Iva Non Valida');
    await fill(user, cf, `${first10}${(Number(digit) + 3) % 10}`);
    await expectHelper(cf, 'Codice Fiscale Non Valido');
    await user.click(submit('Aggiorna'));
    await expectHelper(vat, 'Partita Iva Non Valida');
    await negativeLook();
    expect(writes()).toEqual([]);

    // valid values clear the messages; empty values are fine on these optional fields
    await fill(user, vat, `${first10}${digit}`);
    await fill(user, cf, `${first15}${good}`);
    await waitFor(() => expect(helperText(vat)).toBe(''));
    await waitFor(() => expect(helperText(cf)).toBe(''));
    await fill(user, vat, '');
    await fill(user, cf, '');
    await waitFor(() => expect(helperText(vat)).toBe(''));
    await waitFor(() => expect(helperText(cf)).toBe(''));
    await negativeLook();
    expect(vat).toHaveAttribute('aria-invalid', 'false');
    expect(cf).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByText('Partita iva non immessa')).not.toBeInTheDocument();
    expect(screen.queryByText('Codice Fiscale Vuoto')).not.toBeInTheDocument();
    await fill(user, vat, `${first10}${digit}`);
    await fill(user, cf, `${first15}${good}`);
    await user.click(submit('Aggiorna'));
    expect(await screen.findByText('Elemento aggiornato')).toBeInTheDocument();
    expect(writes()).toHaveLength(1);
    expect(callsTo('PUT', '/api/customers/25')[0]!.body).toMatchObject({
      vat_id: `${first10}${digit}`,
      fiscal_code: `${first15}${good}`,
      updated_at: c.updated_at,
    });
    // the form shows the saved values
    expect(vat).toHaveValue(`${first10}${digit}`);
    expect(cf).toHaveValue(`${first15}${good}`);
  });

  it('formats the money input and saves the number', async () => {
    const user = userEvent.setup();
    const c = { ...byId(29) };
    await openForm('/Customer/29', c);
    const fee = money('Tariffa annuale');
    expect(fee).toHaveValue('2.345,60');
    expect((fee as HTMLInputElement).value).toMatch(/^\d{1,3}(\.\d{3})*,\d{2}$/);
    await fill(user, fee, '1234,5');
    await user.tab();
    await waitFor(() => expect(fee).toHaveValue('1.234,50'));
    await user.click(submit('Aggiorna'));
    await waitFor(() => expect(callsTo('PUT', '/api/customers/29')).toHaveLength(1));
    expect(callsTo('PUT', '/api/customers/29')[0]!.body!.yearly_accounting_amount).toBe(1234.5);
    expect(await screen.findByText('Elemento aggiornato')).toBeInTheDocument();
    // the reload shows the saved amount
    cleanup();
    await openForm('/Customer/29', c);
    expect(money('Tariffa annuale')).toHaveValue('1.234,50');

    // more than 8 significant digits: the message, nothing saved
    const reloaded = money('Tariffa annuale');
    const MONEY = 'Importo non valido: massimo 8 cifre e 2 decimali';
    for (const tooLong of ['123456789', '1.234.567,891', '99999999,9']) {
      await fill(user, reloaded, tooLong);
      await user.tab();
      if (tooLong === '123456789') await user.click(submit('Aggiorna'));
      await waitFor(() => expect(helperText(reloaded)).not.toBe(''));
      expect(reloaded).toHaveAttribute('aria-invalid', 'true');
      expect(helperText(reloaded)).toBe(MONEY);
    }
    await noSeriousAxe();
    // 8 digits are fine
    await fill(user, reloaded, '123456,78');
    await waitFor(() => expect(helperText(reloaded)).toBe(''));
    await user.tab();
    await waitFor(() => expect(reloaded).toHaveValue('123.456,78'));
    // the date input of the same form: an impossible date gives the date-format message (seed A §5)
    const date = screen.getByRole('textbox', { name: 'Data acquisizione' });
    await fill(user, date, '31-02-2020');
    await expectHelper(date, 'formato corretto DD-MM-YYYY');
    await fill(user, date, '15-03-2020');
    await waitFor(() => expect(helperText(date)).toBe(''));
    await negativeLook();
    expect(writes()).toHaveLength(1);
  });

  it("creates a new customer from 'Nuovo' with the defaults", async () => {
    const user = userEvent.setup();
    await openCustomerList();
    await user.click(within(main()).getByRole('button', { name: 'Nuovo' }));
    await waitFor(() => expect(location.current.pathname).toBe('/Customer/create'));
    await waitFor(() => expect(submit('Salva')).toBeInTheDocument());
    const [y, m, d] = today().split('-');
    expect(screen.getByRole('textbox', { name: 'Data acquisizione' })).toHaveValue(`${d}-${m}-${y}`);
    expect(field('Codice SDI')).toHaveValue('0000000');

    // required fields ('Salva' is enabled once something is typed)
    expect(submit('Salva')).toBeDisabled();
    await fill(user, field('Città'), 'Roma');
    expect(submit('Salva')).toBeEnabled();
    await user.click(submit('Salva'));
    await expectHelper(field('Ragione Sociale'), 'Campo Obbligatorio');
    await expectHelper(field('Email'), 'Campo Obbligatorio');
    await expectHelper(money('Tariffa annuale'), 'Campo Obbligatorio');
    const rep = screen.getByRole('combobox', { name: /^Legale rappresentante( \*)?$/ });
    await expectHelper(rep, 'Campo Obbligatorio');
    await noSeriousAxe();

    const name = 'Cliente Prova UI S.r.l.';
    await fill(user, field('Ragione Sociale'), name);
    await fill(user, field('Email'), 'cliente.prova@e2e.test');
    await user.click(rep);
    await waitFor(() => expect(screen.getAllByRole('option').length).toBeGreaterThan(2));
    const searches = () =>
      callsTo('GET', '/api/list/LegalRepresentative/LegalRepresentativeResource4SelectCollection').filter(
        (c) => c.query.search_text === 'Rossi',
      );
    // typed at once, as the browser test's fill() (one input event, one search)
    await user.paste('Rossi');
    expect(rep).toHaveValue('Rossi');
    // the options searched for 'Rossi', not those shown when the list opened (read, then clicked)
    await waitFor(() => expect(searches().length).toBeGreaterThan(0));
    await waitFor(() => {
      const texts = screen.getAllByRole('option').map((o) => o.textContent ?? '');
      expect(texts.length > 0 && texts.every((t) => /rossi/i.test(t))).toBe(true);
    });
    const option = screen.getAllByRole('option').filter((o) => /Rossi/.test(o.textContent ?? ''))[0]!;
    const repName = (option.textContent ?? '').trim();
    expect(repName).toBe('Luca Rossini');
    await user.click(option);
    await waitFor(() => expect(rep).toHaveValue(repName));
    await fill(user, money('Tariffa annuale'), '2400');
    await fill(user, money('Costo cedolino'), '15,5');
    await user.tab();
    await waitFor(() => expect(money('Costo cedolino')).toHaveValue('15,50'));
    await waitFor(() => expect(money('Tariffa annuale')).toHaveValue('2.400,00'));
    await user.click(submit('Salva'));
    await waitFor(() => expect(callsTo('POST', '/api/customers')).toHaveLength(1));
    const post = callsTo('POST', '/api/customers')[0]!.body!;
    expect(post).toMatchObject({
      business_name: name,
      email: 'cliente.prova@e2e.test',
      sdi_code: '0000000',
      city: 'Roma',
    });
    expect(post.acquisition_date).toBe(today());
    expect(post.yearly_accounting_amount).toBe(2400);
    expect(post.cedolino_rate).toBe(15.5);
    expect(post.legal_representative_id).toBe(12);
    expect(await screen.findByText('Elemento creato')).toBeInTheDocument();

    // back on the list (back-on-save), where a search finds it
    await waitFor(() => expect(location.current.pathname).toBe('/table/Customer'));
    const search = await screen.findByRole('textbox', { name: 'Cerca (premi Invio)' });
    await screen.findByText('Alfa Srl');
    const lists = customerLists().length;
    await fill(user, search, name);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(customerLists()).toHaveLength(lists + 1));
    expect(customerLists()[lists]!.query.search_text).toBe(name);
    // the answer's one row replaces the page (the header row apart)
    await waitFor(() => expect(within(main()).getAllByRole('row')).toHaveLength(2));
    expect(within(main()).getAllByRole('row')[1]).toHaveTextContent(name);
  });

  it("requires the studio manager's fiscal code ('Codice Fiscale Vuoto')", async () => {
    const user = userEvent.setup();
    renderApp('/utente/il_mio_studio');
    await waitFor(() => expect(location.current.pathname).toBe('/Studio/2'));
    const cf = await screen.findByRole('textbox', { name: /^Codice fiscale responsabile( \*)?$/ });
    await waitFor(() => expect((cf as HTMLInputElement).value).toMatch(/^[A-Z0-9]{16}$/));
    await fill(user, cf, '');
    await user.click(submit('Aggiorna'));
    await expectHelper(cf, 'Codice Fiscale Vuoto');
    await waitFor(() => expect(document.activeElement).toBe(cf));
    await noSeriousAxe();
    // the other fiscal-code messages on this field too
    await fill(user, cf, 'ABC');
    await expectHelper(cf, 'Lunghezza Codice Fiscale non valida');
    await negativeLook();
    expect(writes()).toEqual([]);
  });

  it("the sample entity at seed B's /scheda_entita_esempio: every field type typed as Italians write it, checked and saved", async () => {
    const user = userEvent.setup();
    renderApp('/scheda_entita_esempio');
    await waitFor(() => expect(location.current.pathname).toBe('/EntitaEsempio/create'));
    await waitFor(() => expect(submit('Salva')).toBeInTheDocument());
    await fill(user, field('Descrizione'), 'Prova tipi e2e');
    const time = field('Ora');
    const dateTime = field('Data e ora');
    const pct = field('Percentuale');
    const dec = field('Numero decimale');
    // each type's message while typing or on save, nothing sent
    await fill(user, time, '25:10');
    await fill(user, dateTime, '31-02-2026 10:00');
    await fill(user, pct, '100,5');
    await fill(user, dec, '1,23456');
    await user.click(submit('Salva'));
    await expectHelper(time, 'formato corretto HH:MM');
    await expectHelper(dateTime, 'formato corretto DD-MM-YYYY HH:MM');
    await expectHelper(pct, 'Il valore massimo è 100');
    await expectHelper(dec, 'Numero non valido: massimo 8 cifre intere e 4 decimali');
    await negativeLook();
    expect(writes()).toEqual([]);
    await fill(user, time, '9:05');
    await fill(user, dateTime, '01-02-2026 18:30');
    await fill(user, pct, '22,5');
    await fill(user, dec, '1,2345');
    await fill(user, field('Data dal'), '29-02-2028');
    await user.click(submit('Salva'));
    await waitFor(() => expect(callsTo('POST', '/api/entita_esempios')).toHaveLength(1));
    const post = callsTo('POST', '/api/entita_esempios')[0]!.body!;
    expect(post).toMatchObject({
      descrizione: 'Prova tipi e2e',
      ora: '09:05',
      data_ora: '2026-02-01 18:30:00',
      percentuale: 22.5,
      numero_float: 1.2345,
      data_dal: '2028-02-29',
    });
    expect(await screen.findByText('Elemento creato')).toBeInTheDocument();
    // the answer's id: the route is replaced with it
    const id = Number(db.entita[0]!.id);
    await waitFor(() => expect(location.current.pathname).toBe(`/EntitaEsempio/${id}`));
    // the edit form shows the values as typed, and the list shows them in Italian
    cleanup();
    renderApp(`/scheda_entita_esempio/${id}`);
    await waitFor(() => expect(location.current.pathname).toBe(`/EntitaEsempio/${id}`));
    await waitFor(() => expect(field('Data e ora')).toHaveValue('01-02-2026 18:30'));
    expect(field('Ora')).toHaveValue('09:05');
    expect(callsTo('GET', `/api/entita_esempios/${id}`).length).toBeGreaterThan(0);
    cleanup();
    renderApp('/table/EntitaEsempio');
    const row = (await screen.findByText('Prova tipi e2e')).closest('tr') as HTMLElement;
    for (const shown of ['01-02-2026 18:30', '09:05', '22,5 %', '1,2345', '29-02-2028'])
      expect(row).toHaveTextContent(shown);
  });
});
