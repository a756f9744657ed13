/**
 * Collecting the fees (issue 29), the whole <App/> against a mocked API (msw; unknown calls fail
 * the test): 'Incassa con SDD' (the dates proposed, the preview's debits with their totals and
 * the customers left out with their reasons, the batch made with the preview's fingerprint and
 * its file offered, a 409 shown with the preview read again, a batch's detail and cancellation);
 * 'Riconciliazione bancaria' (a CSV through the column mapping, a CAMT.053 imported at once and
 * the server's 422 shown with its lines, the movements by status with their counts, 'Conferma',
 * 'Assegna' to a customer found by name and its charges, 'Conferma tutti'); the customer's card
 * with its open items.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { saveAs } from 'file-saver';
import { login, logout, portalQuietHandlers, queryOf, renderApp, shellHandlers } from './harness';
import { RECORD } from './customerForm';
import { addBankDays, CHANGED_TEXT } from '../../src/areas/collections/SddCollect';
import { isoDate } from '../../model/dates';
import type {
  BankColumns,
  BankLineView,
  BankStatementDetail,
  BankStatementSummary,
  CustomerOpenItems,
  SddBatch,
  SddBatchDetail,
  SddOutcome,
  SddPlan,
} from '../../model/api/collections';
import { emptyAmlFile } from './journeys';

vi.mock('file-saver', () => ({ saveAs: vi.fn() }));

// ---------------------------------------------------------------------------------------------
// fixtures

const plan = (fingerprint: string, debits = 2): SddPlan => ({
  due_from: '2026-03-01',
  due_to: '2026-03-31',
  collection_date: '2026-03-09',
  collection_note: null,
  creditor: { name: 'Studio Demo', iban: 'IT60X0542811101000000123456', creditor_id: 'IT66ZZZA1B2C3D4E5F6G7H8' },
  account: { id: 3, name: 'BPER Banca — conto incassi', iban: 'IT60X0542811101000000123456', cuc: 'DEMO0001' },
  format: 'cbi_00_01_01',
  format_label: 'CBI 00.01.01',
  debits: Array.from({ length: debits }, (_x, i) => ({
    customer_id: 10 + i,
    business_name: `Cliente ${i + 1} S.r.l.`,
    mandate_id: 100 + i,
    mandate_reference: `MND-00${i + 1}`,
    iban: `IT02A030690960510000000${1000 + i}`,
    scheme: 'CORE' as const,
    sequence_type: i === 0 ? ('FRST' as const) : ('RCUR' as const),
    amount: 120 + i * 10,
    remittance: `Onorari marzo 2026 cliente ${i + 1}`,
    amendment: null,
    charges: [
      { charge_id: 500 + i, due: '2026-03-15', note: 'Onorario', open: 100 + i * 10 },
      { charge_id: 600 + i, due: '2026-03-20', note: 'Spese', open: 20 },
    ],
  })),
  left_out: [
    {
      customer_id: 98,
      business_name: 'Revocato S.r.l.',
      amount: 40,
      reasons: ['mandato SDD MND-098 revocato: serve un nuovo mandato firmato'],
    },
  ],
  not_sdd: [
    {
      customer_id: 99,
      business_name: 'Senza Mandato S.p.A.',
      amount: 75,
      reasons: ['nessun mandato SDD: paga con altri mezzi'],
    },
  ],
  totals: { debits, charges: debits * 2, amount: debits === 2 ? 250 : 120 },
  fingerprint,
});

const batch = (over: Partial<SddBatch> = {}): SddBatch => ({
  id: 1,
  message_id: 'SDD-2026-0001',
  status: 'presented',
  collection_date: '2026-02-06',
  due_from: '2026-02-01',
  due_to: '2026-02-28',
  debits: 3,
  total: 360,
  paid: 0,
  returned: 0,
  file_name: 'SDD_SDD-2026-0001.xml',
  format: 'sepa',
  bank_account_name: null,
  created_at: '2026-02-01 10:00:00',
  created_by_name: 'Mario Rossi',
  cancelled_at: null,
  ...over,
});
const NEW_BATCH = batch({
  id: 3,
  message_id: 'SDD-2026-0003',
  collection_date: '2026-03-09',
  due_from: '2026-03-01',
  due_to: '2026-03-31',
  debits: 2,
  total: 250,
  file_name: 'SDD_SDD-2026-0003.xml',
  created_at: '2026-03-02 09:00:00',
});
const OLD_BATCHES = [
  batch(),
  batch({ id: 2, message_id: 'SDD-2026-0002', paid: 2, returned: 1, debits: 3, created_at: '2026-01-02 10:00:00' }),
];
const DETAIL: SddBatchDetail = {
  ...batch(),
  debit_list: [
    {
      end_to_end_id: 'E2E-0001-1',
      customer_id: 10,
      business_name: 'Cliente 1 S.r.l.',
      mandate_reference: 'MND-001',
      sequence_type: 'FRST',
      amount: 120,
      charges: 2,
      status: 'presented',
      reason: null,
    },
  ],
  outcomes: [],
};

const COLUMNS: BankColumns = {
  format: 'csv',
  headers: ['Data', 'Valuta', 'Importo', 'Descrizione', 'Note'],
  sample: [
    ['05/03/2026', '05/03/2026', '150,00', 'BONIFICO DA ROSSI SRL FATT. 12/2026', ''],
    ['06/03/2026', '06/03/2026', '-2,50', 'COMMISSIONI', ''],
  ],
  title_rows: 0,
  mapping: { booking_date: 'Data', value_date: 'Valuta', amount: 'Importo', description: null },
  fields: [
    { key: 'booking_date', label: 'Data contabile', required: true },
    { key: 'value_date', label: 'Data valuta', required: false },
    { key: 'amount', label: 'Importo', required: false },
    { key: 'description', label: 'Descrizione', required: false },
  ],
};

const line = (over: Partial<BankLineView> & Pick<BankLineView, 'id' | 'line_no' | 'status'>): BankLineView => ({
  booking_date: '2026-03-05',
  value_date: '2026-03-05',
  amount: 150,
  counterparty: null,
  counterparty_iban: null,
  remittance: null,
  end_to_end_id: null,
  cbi_code: null,
  cbi_code_text: null,
  is_return: false,
  return_reason: null,
  customer_id: null,
  business_name: null,
  charges: [],
  reason: null,
  reason_text: null,
  transaction_id: null,
  ...over,
});
const LINES: BankLineView[] = [
  line({
    id: 11,
    line_no: 1,
    status: 'matched',
    amount: 120,
    counterparty: 'Cliente 1 S.r.l.',
    remittance: 'SDD Onorari marzo',
    end_to_end_id: 'E2E-0001-1',
    customer_id: 10,
    business_name: 'Cliente 1 S.r.l.',
    charges: [{ charge_id: 500, amount: 120, due: '2026-03-15', note: 'Onorario' }],
    reason: 'sdd',
    reason_text: 'Riferimento della disposizione SDD E2E-0001-1',
  }),
  line({
    id: 12,
    line_no: 2,
    status: 'proposed',
    amount: 200,
    counterparty: 'BIANCHI MARIO',
    remittance: 'Saldo parcella',
    customer_id: 20,
    business_name: 'Bianchi Mario',
    charges: [{ charge_id: 700, amount: 200, due: '2026-02-28', note: 'Dichiarazione dei redditi' }],
    reason: 'name',
    reason_text: "Il nome dell'ordinante è quello del cliente e l'importo è il suo aperto",
  }),
  line({
    id: 13,
    line_no: 3,
    status: 'unmatched',
    amount: 90,
    counterparty: 'R.S. CONSULTING',
    remittance: 'Pagamento',
  }),
  line({
    id: 14,
    line_no: 4,
    status: 'matched',
    amount: -130,
    counterparty: 'Cliente 2 S.r.l.',
    remittance: 'Storno addebito SDD',
    end_to_end_id: 'E2E-0001-2',
    is_return: true,
    return_reason: 'AM04',
    customer_id: 11,
    business_name: 'Cliente 2 S.r.l.',
    reason: 'sdd',
    reason_text: 'Storno della disposizione SDD E2E-0001-2',
  }),
  line({ id: 15, line_no: 5, status: 'confirmed', amount: 50, counterparty: 'VERDI SPA', transaction_id: 900 }),
];
const countsOf = (lines: BankLineView[]) => {
  const c = { unmatched: 0, proposed: 0, matched: 0, confirmed: 0, ignored: 0 };
  for (const l of lines) c[l.status] += 1;
  return c;
};
const statement = (lines: BankLineView[], over: Partial<BankStatementSummary> = {}): BankStatementSummary => ({
  id: 7,
  file_name: 'estratto_marzo.xml',
  format: 'camt053',
  iban: 'IT60X0542811101000000123456',
  from_date: '2026-03-01',
  to_date: '2026-03-31',
  lines: lines.length,
  duplicates: 0,
  counts: countsOf(lines),
  created_at: '2026-04-01 09:00:00',
  imported_by_name: 'Mario Rossi',
  ...over,
});
const IMPORTED = statement([LINES[0]!, LINES[2]!], {
  id: 8,
  file_name: 'movimenti.csv',
  format: 'csv',
  created_at: '2026-04-02 09:00:00',
});

const OPEN_ITEMS: CustomerOpenItems = {
  summary: { balance: -180, open: 250, overdue: 150, credit: 70, oldest_overdue: '2026-01-31' },
  items: [
    {
      id: 801,
      date: '2026-01-01',
      due: '2026-01-31',
      type: 'Onorario',
      note: 'Onorario gennaio',
      amount: 100,
      fee: 100,
      open: 50,
      days_overdue: 58,
      invoice: '3/2026',
      presented: false,
    },
    {
      id: 802,
      date: '2026-02-01',
      due: '2026-02-28',
      type: 'Onorario',
      note: 'Onorario febbraio',
      amount: 100,
      fee: 100,
      open: 100,
      days_overdue: 30,
      invoice: '9/2026',
      presented: true,
    },
    {
      id: 803,
      date: '2026-03-01',
      due: '2026-04-30',
      type: 'Spese',
      note: null,
      amount: 100,
      fee: 100,
      open: 100,
      days_overdue: 0,
      invoice: null,
      presented: false,
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// the mocked API

interface Call {
  path: string;
  body?: unknown;
}
let calls: Call[] = [];
let batches: SddBatch[] = [];
let previewAnswer: () => Response;
let createAnswer: () => Response;
let lines: BankLineView[] = [];
let statements: BankStatementSummary[] = [];
let importAnswer: () => Response;
let columnsAnswer: () => Response;

const detailAnswer = () =>
  HttpResponse.json({ data: { statement: statements[0] ?? statement(lines), lines } satisfies BankStatementDetail });
const typeOf = (request: Request) => request.headers.get('content-type')?.split(';')[0];
const took = (path: string) => calls.filter((c) => c.path === path);

const server = setupServer(
  ...shellHandlers,
  // SDD
  http.post('*/api/sdd/preview', async ({ request }) => {
    calls.push({ path: 'preview', body: await request.json() });
    return previewAnswer();
  }),
  http.post('*/api/sdd/batches', async ({ request }) => {
    calls.push({ path: 'create', body: await request.json() });
    return createAnswer();
  }),
  http.get('*/api/sdd/batches', () => {
    calls.push({ path: 'batches' });
    return HttpResponse.json({ data: batches });
  }),
  http.get('*/api/sdd/batches/:id', ({ params }) => {
    calls.push({ path: `batch ${params.id}` });
    return HttpResponse.json({ data: DETAIL });
  }),
  http.get('*/api/sdd_batch/:id/actions/file', ({ params }) => {
    calls.push({ path: `file ${params.id}` });
    return new HttpResponse('<Document/>', {
      headers: {
        'Content-Type': 'application/xml',
        'Content-Disposition': `attachment; filename="SDD_${NEW_BATCH.message_id}.xml"`,
      },
    });
  }),
  http.post('*/api/sdd_batch/:id/actions/cancel', ({ params }) => {
    calls.push({ path: `cancel ${params.id}` });
    batches = batches.map((b) =>
      b.id === Number(params.id) ? { ...b, status: 'cancelled', cancelled_at: '2026-03-02 10:00:00' } : b,
    );
    return HttpResponse.json({ data: batches.find((b) => b.id === Number(params.id)) });
  }),
  // bank statements
  http.post('*/api/bank/statements/columns', async ({ request }) => {
    const form = await request.formData();
    calls.push({ path: 'columns', body: { type: typeOf(request), fields: [...form.keys()] } });
    return columnsAnswer();
  }),
  http.post('*/api/bank/statements', async ({ request }) => {
    const form = await request.formData();
    const mapping = form.get('mapping');
    calls.push({
      path: 'import',
      body: {
        type: typeOf(request),
        fields: [...form.keys()],
        mapping: typeof mapping === 'string' ? JSON.parse(mapping) : null,
      },
    });
    return importAnswer();
  }),
  http.get('*/api/bank/statements', () => {
    calls.push({ path: 'statements' });
    return HttpResponse.json({ data: statements });
  }),
  http.get('*/api/bank/statements/:id', ({ params }) => {
    calls.push({ path: `statement ${params.id}` });
    return detailAnswer();
  }),
  http.post('*/api/bank_statement_line/:id/actions/confirm', async ({ request, params }) => {
    const body = await request.json();
    calls.push({ path: `confirm ${params.id}`, body });
    const l = lines.find((x) => x.id === Number(params.id))!;
    const b = body as { customer_id?: number };
    const done: BankLineView = {
      ...l,
      status: 'confirmed',
      transaction_id: 901,
      ...(b.customer_id ? { customer_id: b.customer_id, business_name: 'Rossi Srl' } : {}),
    };
    lines = lines.map((x) => (x.id === done.id ? done : x));
    return HttpResponse.json({ data: done });
  }),
  http.post('*/api/bank_statement/:id/actions/confirm_all', ({ params }) => {
    calls.push({ path: `confirm_all ${params.id}` });
    const n = lines.filter((l) => l.status === 'matched').length;
    lines = lines.map((l) => (l.status === 'matched' ? { ...l, status: 'confirmed' } : l));
    statements = statements.map((s) => (s.id === Number(params.id) ? { ...s, counts: countsOf(lines) } : s));
    return HttpResponse.json({ data: { confirmed: n } });
  }),
  // the customers found by name, their open items
  http.get('*/api/list/Customer/CustomerResource4SelectCollection', ({ request }) => {
    const q = queryOf(request.url);
    calls.push({ path: 'customers', body: q.search_text });
    const all = [
      { id: 7, label: 'Rossi Srl' },
      { id: 8, label: 'Rossetti Anna' },
    ];
    const data = all.filter((c) => c.label.toLowerCase().includes((q.search_text ?? '').toLowerCase()));
    return HttpResponse.json({
      data,
      meta: { total: data.length, current_page: 1, per_page: 25, last_page: 1 },
      item_meta_data: {},
    });
  }),
  http.get('*/api/customer/:id/open_items', ({ params }) => {
    calls.push({ path: `open_items ${params.id}` });
    return HttpResponse.json({ data: OPEN_ITEMS });
  }),
  // its reminders (issue 30, tests/ui/reminders.test.tsx): none
  http.get('*/api/customer/:id/reminders', () => HttpResponse.json({ data: { contested: null, reminders: [] } })),
  // the customer card's anti-money-laundering file (issue 48): empty
  emptyAmlFile,
  // the customer card's 'Area clienti' (issue 50): nobody invited
  ...portalQuietHandlers,
  // the customer's card: the record and its form's selects
  http.get('*/api/customers/:id', ({ params }) => HttpResponse.json({ data: { ...RECORD, id: Number(params.id) } })),
  http.get('*/api/collaborators', () => HttpResponse.json({ data: [] })),
  http.get('*/api/list/:model/:collection', () =>
    HttpResponse.json({
      data: [],
      meta: { total: 0, current_page: 1, per_page: 50, last_page: 1 },
      item_meta_data: {},
    }),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  calls = [];
  batches = [...OLD_BATCHES];
  previewAnswer = () => HttpResponse.json({ data: plan('f1') });
  createAnswer = () => {
    batches = [NEW_BATCH, ...batches];
    return HttpResponse.json({ data: NEW_BATCH }, { status: 201 });
  };
  lines = [...LINES];
  statements = [statement(LINES)];
  columnsAnswer = () => HttpResponse.json({ data: COLUMNS });
  importAnswer = () => {
    statements = [IMPORTED, ...statements];
    return HttpResponse.json({ data: IMPORTED }, { status: 201 });
  };
  vi.mocked(saveAs).mockClear();
  login('Collaboratore');
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  logout();
});
afterAll(() => server.close());

const rowOf = (table: HTMLElement, text: string) =>
  within(table)
    .getAllByRole('row')
    .find((r) => within(r).queryByText(text)) as HTMLElement;
// (jsdom's form data reaches msw with its parts' names only: the file's name and bytes are not checked)
const csvFile = () =>
  new File(['Data;Valuta;Importo;Descrizione;Note\n05/03/2026;05/03/2026;150,00;BONIFICO;\n'], 'movimenti.csv', {
    type: 'text/csv',
  });

// ---------------------------------------------------------------------------------------------

describe('Incassa con SDD', () => {
  it('the collection date is five bank days ahead: weekends and the TARGET holidays skipped', () => {
    // Good Friday 3 April and Easter Monday 6 April 2026 are no bank days
    expect(addBankDays('2026-04-01', 5)).toBe('2026-04-10');
    // Christmas, Santo Stefano and the weekend
    expect(addBankDays('2026-12-23', 2)).toBe('2026-12-28');
    expect(addBankDays('2026-03-06', 1)).toBe('2026-03-09');
  });

  it("the preview lists the debits with their totals and the customers left out; 'Crea distinta' sends the fingerprint and offers the file", async () => {
    const user = userEvent.setup();
    renderApp('/incassa_sdd');
    const from = await screen.findByLabelText('Scadenze dal');
    // this month, and a working day ahead, written GG-MM-AAAA by the app's own date field (issue 45 item 17)
    expect((from as HTMLInputElement).value).toMatch(/^01-\d{2}-\d{4}$/);
    const collection = isoDate((screen.getByLabelText('Data di addebito') as HTMLInputElement).value)!;
    expect(collection > new Date().toISOString().slice(0, 10)).toBe(true);
    expect([0, 6]).not.toContain(new Date(`${collection}T12:00:00Z`).getUTCDay());
    await user.clear(from);
    await user.type(from, '2026-03-01');
    const to = screen.getByLabelText('Scadenze al');
    await user.clear(to);
    await user.type(to, '2026-03-31');
    // the past batches are listed below
    const list = await screen.findByRole('table', { name: 'Distinte' });
    expect(within(rowOf(list, 'SDD-2026-0002')).getByText('2 / 1')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Anteprima' }));
    const table = await screen.findByRole('table', { name: 'Disposizioni SDD' });
    // header, two debits, the totals
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    const first = rowOf(table, 'Cliente 1 S.r.l.');
    for (const text of ['MND-001', 'IT02A0306909605100000001000', 'FRST', 'CORE', 'Onorari marzo 2026 cliente 1'])
      expect(within(first).getByText(text)).toBeInTheDocument();
    expect(first).toHaveTextContent('120,00 €');
    expect(within(rowOf(table, 'Cliente 2 S.r.l.')).getByText('RCUR')).toBeInTheDocument();
    expect(rowOf(table, 'Totale: 2 disposizioni')).toHaveTextContent('250,00 €');
    expect(screen.getByText(/2 disposizioni per 4 addebiti: totale 250,00 €/)).toBeInTheDocument();
    // the customers to fix apart from those who simply do not pay by SDD (issue 45 item 11)
    expect(screen.getByText("Esclusi (1): correggi i loro dati e rifai l'anteprima")).toBeInTheDocument();
    const left = screen.getByRole('table', { name: 'Esclusi' });
    expect(
      within(rowOf(left, 'Revocato S.r.l.')).getByText('mandato SDD MND-098 revocato: serve un nuovo mandato firmato'),
    ).toBeInTheDocument();
    expect(within(left).queryByText('Senza Mandato S.p.A.')).toBeNull();
    expect(screen.getByText(/Senza mandato SDD \(1, 75,00 €\): pagano con altri mezzi/)).toBeInTheDocument();
    const others = screen.getByRole('table', { name: 'Senza mandato SDD', hidden: true });
    expect(within(others).getByText('Senza Mandato S.p.A.')).toBeInTheDocument();
    expect(took('preview')[0]!.body).toEqual({
      due_from: '2026-03-01',
      due_to: '2026-03-31',
      collection_date: collection,
    });

    await user.click(screen.getByRole('button', { name: 'Crea distinta' }));
    const done = await screen.findByText(/Distinta SDD-2026-0003 creata: 2 disposizioni per 250,00 €/);
    expect(took('create')[0]!.body).toEqual({
      due_from: '2026-03-01',
      due_to: '2026-03-31',
      collection_date: collection,
      fingerprint: 'f1',
    });
    // the preview is gone (nothing to create twice), the new batch is in the list
    expect(screen.queryByRole('table', { name: 'Disposizioni SDD' })).toBeNull();
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Distinte' })).getByText('SDD-2026-0003')).toBeInTheDocument(),
    );

    const alert = done.closest('[role="status"]') as HTMLElement;
    await user.click(within(alert).getByRole('button', { name: 'Scarica file SDD' }));
    await waitFor(() => expect(saveAs).toHaveBeenCalledTimes(1));
    expect(vi.mocked(saveAs).mock.calls[0]![1]).toBe('SDD_SDD-2026-0003.xml');
    expect(took('file 3')).toHaveLength(1);
  });

  it("issue 47: 'Conto da accreditare' lists the studio's accounts with their bank's format; the one chosen goes with the preview and the batch, and the preview names the file's format and CUC", async () => {
    server.use(
      http.get('*/api/list/BankAccount/:collection', () =>
        HttpResponse.json({
          data: [
            {
              id: 3,
              name: 'BPER Banca — conto incassi',
              iban: 'IT60X0542811101000000123456',
              sdd_format: 'cbi_00_01_01',
            },
            { id: 7, name: 'Deutsche Bank', iban: 'DE89370400440532013000', sdd_format: 'sepa' },
            { id: 9, name: 'Cassa contanti', iban: null, sdd_format: null },
          ],
          meta: { total: 3, current_page: 1, per_page: 200, last_page: 1 },
          item_meta_data: {},
        }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/incassa_sdd');
    const select = await screen.findByRole('combobox', { name: 'Conto da accreditare' });
    expect(select).toHaveTextContent("Il conto con l'IBAN dello studio (Il mio studio)");
    await user.click(select);
    const options = await screen.findAllByRole('option');
    // an account without an IBAN cannot be credited: not offered
    expect(options.map((o) => o.textContent)).toEqual([
      "Il conto con l'IBAN dello studio (Il mio studio)",
      'BPER Banca — conto incassi — IT60X0542811101000000123456 (CBI 00.01.01 (banca italiana))',
      'Deutsche Bank — DE89370400440532013000 (SEPA ISO pain.008.001.02 (banca estera))',
    ]);
    await user.click(options[1]!);
    await user.click(screen.getByRole('button', { name: 'Anteprima' }));
    await screen.findByRole('table', { name: 'Disposizioni SDD' });
    expect(took('preview')[0]!.body).toMatchObject({ bank_account_id: 3 });
    expect(screen.getByText(/File per la banca:/).closest('p') ?? document.body).toHaveTextContent(
      /sul conto BPER Banca — conto incassi IT60X0542811101000000123456 .*File per la banca: CBI 00\.01\.01 \(CUC DEMO0001\)\./,
    );
    await user.click(screen.getByRole('button', { name: 'Crea distinta' }));
    await screen.findByText(/Distinta SDD-2026-0003 creata/);
    expect(took('create')[0]!.body).toMatchObject({ bank_account_id: 3, fingerprint: 'f1' });
  });

  it("issue 47: a debit whose mandate changed since the bank last saw it is marked 'Modificato', with what the file tells the bank", async () => {
    const changed = plan('f1');
    changed.debits[1]!.amendment = 'nuovo IBAN in un’altra banca (SMNDA)';
    previewAnswer = () => HttpResponse.json({ data: changed });
    const user = userEvent.setup();
    renderApp('/incassa_sdd');
    await user.click(await screen.findByRole('button', { name: 'Anteprima' }));
    const table = await screen.findByRole('table', { name: 'Disposizioni SDD' });
    expect(within(rowOf(table, 'Cliente 1 S.r.l.')).queryByText('Modificato')).toBeNull();
    const chip = within(rowOf(table, 'Cliente 2 S.r.l.')).getByText('Modificato');
    expect(chip.closest('[title]')).toHaveAttribute('title', 'nuovo IBAN in un’altra banca (SMNDA)');
  });

  it('a 409 on Crea distinta: the message, and the preview read again', async () => {
    const user = userEvent.setup();
    renderApp('/incassa_sdd');
    await user.click(await screen.findByRole('button', { name: 'Anteprima' }));
    await screen.findByRole('table', { name: 'Disposizioni SDD' });
    createAnswer = () =>
      HttpResponse.json({ message: "Gli addebiti da incassare sono cambiati dopo l'anteprima." }, { status: 409 });
    previewAnswer = () => HttpResponse.json({ data: plan('f2', 1) });
    await user.click(screen.getByRole('button', { name: 'Crea distinta' }));
    expect(
      await screen.findByText(`Gli addebiti da incassare sono cambiati dopo l'anteprima. ${CHANGED_TEXT}`),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Disposizioni SDD' })).getAllByRole('row')).toHaveLength(3),
    );
    expect(calls.filter((c) => ['preview', 'create'].includes(c.path)).map((c) => c.path)).toEqual([
      'preview',
      'create',
      'preview',
    ]);
    expect(screen.queryByText(/creata:/)).toBeNull();
    // the new preview is created with its own fingerprint
    await user.click(screen.getByRole('button', { name: 'Crea distinta' }));
    await waitFor(() => expect(took('create')).toHaveLength(2));
    expect(took('create')[1]!.body).toMatchObject({ fingerprint: 'f2' });
  });

  it("'Distinte': a batch's debits, and its cancellation after a confirmation (not for a batch with payments)", async () => {
    const user = userEvent.setup();
    renderApp('/incassa_sdd');
    const list = await screen.findByRole('table', { name: 'Distinte' });
    expect(within(rowOf(list, 'SDD-2026-0002')).queryByRole('button', { name: /Annulla la distinta/ })).toBeNull();

    await user.click(within(list).getByRole('button', { name: 'Dettaglio della distinta SDD-2026-0001' }));
    const detail = await screen.findByRole('dialog', { name: 'Distinta SDD-2026-0001' });
    const debits = await within(detail).findByRole('table', { name: 'Disposizioni della distinta' });
    expect(within(rowOf(debits, 'Cliente 1 S.r.l.')).getByText('E2E-0001-1')).toBeInTheDocument();
    expect(within(rowOf(debits, 'Cliente 1 S.r.l.')).getByText('Presentato')).toBeInTheDocument();
    await user.click(within(detail).getByRole('button', { name: 'Chiudi' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(list).getByRole('button', { name: 'Annulla la distinta SDD-2026-0001' }));
    const ask = await screen.findByRole('dialog', { name: 'Attenzione!!' });
    expect(ask).toHaveTextContent('Annullare la distinta SDD-2026-0001 (3 disposizioni per 360,00 €)?');
    expect(took('cancel 1')).toHaveLength(0);
    await user.click(within(ask).getByRole('button', { name: 'Sì, annulla la distinta' }));
    await waitFor(() =>
      expect(
        within(rowOf(screen.getByRole('table', { name: 'Distinte' }), 'SDD-2026-0001')).getByText('Annullata'),
      ).toBeInTheDocument(),
    );
    expect(took('cancel 1')).toHaveLength(1);
  });
});

describe("'Esiti' of a batch (issue 47 item 3)", () => {
  const OUTCOME: SddOutcome = {
    id: 41,
    message_id: 'ESITO-2026-0001',
    format: 'cbi',
    file_name: 'esito.xml',
    rejected: 1,
    fee: 2.5,
    created_at: '2026-03-12 09:00:00',
    created_by_name: 'Marco',
    undone_at: null,
    items: [
      {
        end_to_end_id: 'E2E-0001-1',
        business_name: 'Cliente 1 S.r.l.',
        amount: 120,
        reason: 'MD01',
        reason_text: 'MD01 — mandato assente o non valido',
        applied: true,
        fee: 2.5,
        mandate_flagged: true,
      },
    ],
  };

  it('the report is uploaded with the fee; the rejected debit shows its reason and effect; the outcome is undone after a confirmation; a refusal is shown', async () => {
    let detail: SddBatchDetail = DETAIL;
    let uploadAnswer = () =>
      HttpResponse.json({ message: "L'esito è della distinta SDD-2026-0002, non di questa" }, { status: 422 });
    server.use(
      http.get('*/api/sdd/batches/:id', () => HttpResponse.json({ data: detail })),
      http.post('*/api/sdd_batch/:id/actions/outcome', async ({ request, params }) => {
        const form = await request.formData();
        calls.push({
          path: `outcome ${params.id}`,
          body: { fee: form.get('fee'), fields: [...form.keys()] },
        });
        return uploadAnswer();
      }),
      http.post('*/api/sdd_batch/:id/actions/undo_outcome', async ({ request, params }) => {
        calls.push({ path: `undo ${params.id}`, body: await request.json() });
        detail = { ...detail, outcomes: [{ ...OUTCOME, undone_at: '2026-03-12 10:00:00' }] };
        return HttpResponse.json({ data: detail.outcomes[0] });
      }),
    );
    const user = userEvent.setup();
    renderApp('/incassa_sdd');
    const list = await screen.findByRole('table', { name: 'Distinte' });
    await user.click(within(list).getByRole('button', { name: 'Dettaglio della distinta SDD-2026-0001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Distinta SDD-2026-0001' });
    const section = await within(dialog).findByRole('region', { name: 'Esiti della banca' });
    expect(within(section).getByText('Nessun esito importato.')).toBeInTheDocument();
    const importButton = within(section).getByRole('button', { name: 'Importa esito' });
    expect(importButton).toBeDisabled();
    const file = new File(['<CBIBdySDDStsRpt/>'], 'esito.xml', { type: 'application/xml' });
    await user.upload(within(section).getByLabelText("File dell'esito della banca"), file);
    await user.type(within(section).getByLabelText(/^Commissione per cliente respinto/), '2,50');
    // the server refuses: its message, nothing listed
    await user.click(importButton);
    expect(
      await within(section).findByText(/L'esito è della distinta SDD-2026-0002, non di questa/),
    ).toBeInTheDocument();
    expect(took('outcome 1')[0]!.body).toEqual({ fee: '2,50', fields: ['fee', 'file'] });

    // accepted: the list shows the outcome, the debit its reason
    uploadAnswer = () => HttpResponse.json({ data: OUTCOME }, { status: 201 });
    detail = {
      ...DETAIL,
      debit_list: [{ ...DETAIL.debit_list[0]!, status: 'returned', reason: 'MD01 — mandato assente o non valido' }],
      outcomes: [OUTCOME],
    };
    await user.click(importButton);
    const rejected = await within(section).findByRole('table', {
      name: "Addebiti respinti dall'esito ESITO-2026-0001",
    });
    expect(rowOf(rejected, 'Cliente 1 S.r.l.')).toHaveTextContent(
      /MD01 — mandato assente o non valido.*addebiti di nuovo da incassare; commissione 2,50 €; mandato da verificare/,
    );
    expect(section).toHaveTextContent(/1 addebito respinto, commissione 2,50 € a cliente/);
    const debits = within(dialog).getByRole('table', { name: 'Disposizioni della distinta' });
    expect(rowOf(debits, 'Cliente 1 S.r.l.')).toHaveTextContent(/Stornato.*MD01 — mandato assente o non valido/);

    // undone after a confirmation
    await user.click(within(section).getByRole('button', { name: 'Annulla esito' }));
    const ask = await screen.findByRole('dialog', { name: 'Attenzione!!' });
    expect(ask).toHaveTextContent("Annullare l'esito ESITO-2026-0001?");
    expect(took('undo 1')).toHaveLength(0);
    await user.click(within(ask).getByRole('button', { name: "Sì, annulla l'esito" }));
    await waitFor(() => expect(took('undo 1')).toHaveLength(1));
    expect(took('undo 1')[0]!.body).toEqual({ outcome_id: 41 });
    expect(await within(section).findByText(/annullato il 12-03-2026 10:00/)).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Annulla esito' })).toBeNull();
  });
});

describe('Riconciliazione bancaria', () => {
  it('a CSV goes through the column mapping (preset by the server) and the mapping is posted with the file', async () => {
    const user = userEvent.setup();
    renderApp('/riconciliazione');
    await user.upload(await screen.findByTestId('bank-file'), csvFile());
    expect(await screen.findByRole('heading', { name: 'Associa le colonne di movimenti.csv' })).toBeInTheDocument();
    expect(took('columns')[0]!.body).toEqual({ type: 'multipart/form-data', fields: ['file'] });
    // nothing imported before the mapping is confirmed
    expect(took('import')).toHaveLength(0);
    expect(screen.getByRole('combobox', { name: /^Data contabile \*/ })).toHaveTextContent('Data');
    expect(screen.getByRole('combobox', { name: /^Importo/ })).toHaveTextContent('Importo');
    // the file's first rows, under its headers
    const sample = screen.getByRole('table', { name: 'Prime righe del file' });
    expect(within(sample).getByRole('columnheader', { name: 'Descrizione' })).toBeInTheDocument();
    expect(within(sample).getByText('BONIFICO DA ROSSI SRL FATT. 12/2026')).toBeInTheDocument();
    expect(screen.getByText('Colonne del file non usate: Descrizione, Note')).toBeInTheDocument();
    // no title rows above the headers: nothing said about them
    expect(screen.queryByText(/Intestazioni trovate alla riga/)).toBeNull();

    await user.click(screen.getByRole('combobox', { name: /^Descrizione/ }));
    await user.click(await screen.findByRole('option', { name: 'Descrizione' }));
    expect(screen.getByText('Colonne del file non usate: Note')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Importa' }));

    expect(
      await screen.findByText(
        /Estratto conto «movimenti\.csv» \(CSV, conto IT60X0542811101000000123456\) importato: 2 movimenti: 1 abbinati, 0 proposti, 1 da/,
      ),
    ).toBeInTheDocument();
    expect(took('import')[0]!.body).toEqual({
      type: 'multipart/form-data',
      fields: ['file', 'mapping'],
      mapping: { ...COLUMNS.mapping, description: 'Descrizione' },
    });
    // the mapping step is over; the new statement is listed and open
    expect(screen.queryByRole('heading', { name: /Associa le colonne/ })).toBeNull();
    const list = await screen.findByRole('table', { name: 'Estratti conto' });
    await waitFor(() =>
      expect(
        within(rowOf(list, 'movimenti.csv')).getByRole('button', { name: 'Movimenti di movimenti.csv' }),
      ).toHaveAttribute('aria-pressed', 'true'),
    );
    await waitFor(() => expect(took('statement 8').length).toBeGreaterThan(0));
  });

  it("a CAMT.053 is imported without a mapping; the server's 422 is shown with the lines it names", async () => {
    const user = userEvent.setup();
    columnsAnswer = () =>
      HttpResponse.json({ data: { format: 'camt053', headers: [], sample: [], mapping: {}, fields: [] } });
    importAnswer = () =>
      HttpResponse.json(
        {
          message: "L'estratto conto ha righe non leggibili",
          errors: {
            lines: ['Importo non leggibile alla riga 3: "abc"', 'Data non leggibile alla riga 7: "31/02/2026"'],
          },
        },
        { status: 422 },
      );
    renderApp('/riconciliazione');
    await user.upload(
      await screen.findByTestId('bank-file'),
      new File(['<Document/>'], 'camt.xml', { type: 'application/xml' }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("L'estratto conto ha righe non leggibili");
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Importo non leggibile alla riga 3: "abc"', 'Data non leggibile alla riga 7: "31/02/2026"']);
    expect(took('import')[0]!.body).toEqual({ type: 'multipart/form-data', fields: ['file'], mapping: null });
    expect(screen.queryByRole('heading', { name: /Associa le colonne/ })).toBeNull();
    expect(screen.queryByText(/importato:/)).toBeNull();
  });

  it('issue 47: a CBI RH file (any name) is imported without a mapping; each statement of the file is said with its format and account; a line shows its CBI code in Italian', async () => {
    const user = userEvent.setup();
    columnsAnswer = () =>
      HttpResponse.json({ data: { format: 'cbi_rh', headers: [], sample: [], mapping: {}, fields: [] } });
    const rhLine = line({
      id: 91,
      line_no: 3,
      status: 'unmatched',
      cbi_code: '48',
      cbi_code_text: 'Bonifico a vostro favore',
    });
    const first = statement([rhLine], { id: 21, file_name: 'movimenti.txt', format: 'cbi_rh' });
    const second = statement([rhLine, rhLine], {
      id: 22,
      file_name: 'movimenti.txt',
      format: 'cbi_rh',
      iban: 'IT03K0306903204000000000042',
    });
    importAnswer = () => HttpResponse.json({ data: first, more: [second] }, { status: 201 });
    lines = [rhLine];
    statements = [first, second];
    renderApp('/riconciliazione');
    await user.upload(await screen.findByTestId('bank-file'), new File([' RH05428S0001'], 'movimenti.txt'));
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent(
      'Estratto conto «movimenti.txt» (CBI RH, conto IT60X0542811101000000123456) importato: 1 movimento',
    );
    expect(done).toHaveTextContent(
      'Estratto conto «movimenti.txt» (CBI RH, conto IT03K0306903204000000000042) importato: 2 movimenti',
    );
    expect(took('import')[0]!.body).toEqual({ type: 'multipart/form-data', fields: ['file'], mapping: null });
    expect(screen.queryByRole('heading', { name: /Associa le colonne/ })).toBeNull();
    expect(await screen.findByText('causale CBI 48 — Bonifico a vostro favore')).toBeInTheDocument();
  });

  it('the movements by status with their counts; a return is an SDD return with its reason code', async () => {
    const user = userEvent.setup();
    renderApp('/riconciliazione');
    const tabs = await screen.findByRole('tablist', { name: 'Movimenti per stato' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Abbinati (2)', 'Proposti (1)', 'Da abbinare (1)', 'Registrati (1)', 'Ignorati (0)']);
    // the sure matches first
    expect(within(tabs).getByRole('tab', { name: 'Abbinati (2)' })).toHaveAttribute('aria-selected', 'true');
    const matched = screen.getByRole('table', { name: 'Movimenti: Abbinati' });
    expect(within(matched).getAllByRole('row')).toHaveLength(3);
    const credit = rowOf(matched, 'SDD Onorari marzo');
    expect(credit).toHaveTextContent('+120,00 €');
    expect(credit).toHaveTextContent('Perché: Riferimento della disposizione SDD E2E-0001-1');
    const back = rowOf(matched, 'Storno addebito SDD');
    expect(within(back).getByText('Storno SDD')).toBeInTheDocument();
    expect(within(back).getByText('motivo AM04')).toBeInTheDocument();
    expect(back).toHaveTextContent('-130,00 €');
    expect(within(matched).queryByText('Saldo parcella')).toBeNull();

    await user.click(within(tabs).getByRole('tab', { name: 'Proposti (1)' }));
    const proposed = screen.getByRole('table', { name: 'Movimenti: Proposti' });
    const row = rowOf(proposed, 'Saldo parcella');
    expect(within(row).getByText('Bianchi Mario')).toBeInTheDocument();
    expect(row).toHaveTextContent('Dichiarazione dei redditi');
    expect(row).toHaveTextContent("Perché: Il nome dell'ordinante è quello del cliente e l'importo è il suo aperto");
    expect(within(proposed).queryByText('SDD Onorari marzo')).toBeNull();

    await user.click(within(tabs).getByRole('tab', { name: 'Registrati (1)' }));
    const confirmed = screen.getByRole('table', { name: 'Movimenti: Registrati' });
    expect(
      within(rowOf(confirmed, 'VERDI SPA')).getByRole('button', { name: 'Annulla registrazione del movimento 5' }),
    ).toBeInTheDocument();
  });

  it("'Conferma' posts the proposal's line, which moves to 'Registrati'", async () => {
    const user = userEvent.setup();
    renderApp('/riconciliazione');
    const tabs = await screen.findByRole('tablist', { name: 'Movimenti per stato' });
    await user.click(within(tabs).getByRole('tab', { name: 'Proposti (1)' }));
    await user.click(screen.getByRole('button', { name: 'Conferma il movimento 2' }));
    await waitFor(() => expect(took('confirm 12')).toHaveLength(1));
    expect(took('confirm 12')[0]!.body).toEqual({});
    expect(await within(tabs).findByRole('tab', { name: 'Registrati (2)' })).toBeInTheDocument();
    expect(within(tabs).getByRole('tab', { name: 'Proposti (0)' })).toBeInTheDocument();
    expect(await screen.findByText('Movimento 2: registrato')).toBeInTheDocument();
  });

  it("'Assegna' finds a customer by name and posts it with the charges chosen", async () => {
    const user = userEvent.setup();
    renderApp('/riconciliazione');
    const tabs = await screen.findByRole('tablist', { name: 'Movimenti per stato' });
    await user.click(within(tabs).getByRole('tab', { name: 'Da abbinare (1)' }));
    await user.click(screen.getByRole('button', { name: 'Assegna il movimento 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assegna il movimento 3' });
    expect(within(dialog).getByRole('button', { name: 'Registra' })).toBeDisabled();
    await user.type(within(dialog).getByRole('combobox', { name: 'Cliente' }), 'Ross');
    await user.click(await screen.findByRole('option', { name: 'Rossi Srl' }));
    expect(took('customers').map((c) => c.body)).toContain('Ross');

    const open = await within(dialog).findByRole('table', { name: 'Addebiti aperti del cliente' });
    expect(took('open_items 7')).toHaveLength(1);
    expect(within(open).getAllByRole('row')).toHaveLength(4);
    // the movement (90 €) pays the February charge, the rest of it stays as credit
    await user.click(within(open).getByRole('checkbox', { name: /Addebito del 28-02-2026/ }));
    expect(within(rowOf(open, 'Onorario febbraio')).getAllByText('90,00 €')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Registra' }));

    await waitFor(() => expect(took('confirm 13')).toHaveLength(1));
    expect(took('confirm 13')[0]!.body).toEqual({ customer_id: 7, charges: [{ charge_id: 802, amount: 90 }] });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(tabs).findByRole('tab', { name: 'Da abbinare (0)' })).toBeInTheDocument();
    expect(within(tabs).getByRole('tab', { name: 'Registrati (2)' })).toBeInTheDocument();
  });

  it("'Assegna' without a charge chosen posts the customer alone (the oldest charges first)", async () => {
    const user = userEvent.setup();
    renderApp('/riconciliazione');
    const tabs = await screen.findByRole('tablist', { name: 'Movimenti per stato' });
    await user.click(within(tabs).getByRole('tab', { name: 'Da abbinare (1)' }));
    await user.click(screen.getByRole('button', { name: 'Assegna il movimento 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assegna il movimento 3' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Cliente' }), 'Rossi');
    await user.click(await screen.findByRole('option', { name: 'Rossi Srl' }));
    await within(dialog).findByRole('table', { name: 'Addebiti aperti del cliente' });
    await user.click(within(dialog).getByRole('button', { name: 'Registra' }));
    await waitFor(() => expect(took('confirm 13')).toHaveLength(1));
    expect(took('confirm 13')[0]!.body).toEqual({ customer_id: 7 });
  });

  it("'Conferma tutti' asks with the count, posts, and reads the movements again", async () => {
    const user = userEvent.setup();
    renderApp('/riconciliazione');
    const tabs = await screen.findByRole('tablist', { name: 'Movimenti per stato' });
    const reads = took('statement 7').length;
    await user.click(screen.getByRole('button', { name: 'Conferma tutti' }));
    const ask = await screen.findByRole('dialog', { name: 'Conferma tutti' });
    expect(ask).toHaveTextContent('Registrare i 2 movimenti abbinati?');
    expect(took('confirm_all 7')).toHaveLength(0);
    await user.click(within(ask).getByRole('button', { name: 'Sì, registra 2 movimenti' }));
    await waitFor(() => expect(took('confirm_all 7')).toHaveLength(1));
    expect(await screen.findByText('Registrati 2 movimenti')).toBeInTheDocument();
    expect(await within(tabs).findByRole('tab', { name: 'Registrati (3)' })).toBeInTheDocument();
    expect(within(tabs).getByRole('tab', { name: 'Abbinati (0)' })).toBeInTheDocument();
    expect(took('statement 7').length).toBeGreaterThan(reads);
    expect(screen.getByRole('button', { name: 'Conferma tutti' })).toBeDisabled();
  });
});

describe("the customer's card", () => {
  it("shows 'Situazione contabile': the summary, the open items, the links to the mandates and the statement", async () => {
    renderApp('/Customer/5');
    const section = await screen.findByRole('region', { name: 'Situazione contabile' });
    const figures = await within(section).findByText('Da incassare');
    const dl = figures.closest('dl') as HTMLElement;
    const value = (term: string) => within(dl).getByText(term).nextElementSibling?.textContent ?? '(manca)';
    expect(value('Saldo')).toBe('-180,00 €');
    expect(value('Da incassare')).toBe('250,00 €');
    expect(value('Di cui scaduto')).toBe('150,00 €');
    expect(value('Credito')).toBe('70,00 €');
    expect(value('Scaduto dal')).toBe('31-01-2026');
    const items = within(section).getByRole('table', { name: 'Addebiti aperti' });
    expect(within(items).getAllByRole('row')).toHaveLength(4);
    const jan = rowOf(items, 'Onorario gennaio');
    for (const text of ['31-01-2026', '3/2026', '100,00 €', '50,00 €', '58']) expect(jan).toHaveTextContent(text);
    expect(within(jan).queryByText('in distinta SDD')).toBeNull();
    expect(within(rowOf(items, 'Onorario febbraio')).getByText('in distinta SDD')).toBeInTheDocument();
    // a charge without a note is named by its type
    expect(within(rowOf(items, 'Spese')).getByText('30-04-2026')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Mandati SDD' })).toHaveAttribute('href', '/table/SddMandate/5');
    expect(within(section).getByRole('link', { name: 'Estratto conto' })).toHaveAttribute(
      'href',
      '/table/Transaction/5',
    );
    expect(took('open_items 5')).toHaveLength(1);
  });
});

describe("a customer's statement", () => {
  it("issue 45 item 18: its breadcrumb names the customer, not 'cliente #5'", async () => {
    server.use(
      http.get('*/api/list/Transaction/:collection', () =>
        HttpResponse.json({
          data: [],
          meta: { total: 0, current_page: 1, per_page: 50, last_page: 1 },
          item_meta_data: {
            can_add_new: true,
            expand_field: null,
            is_selectable: true,
            is_erasable: true,
            disable_edit_item: false,
            items: {},
          },
        }),
      ),
      http.get('*/api/customer/:id/statement', () =>
        HttpResponse.json({
          data: {
            customer: { id: 5, business_name: RECORD.business_name },
            from: null,
            to: null,
            opening: 0,
            charges: 0,
            payments: 0,
            adjustments: 0,
            closing: 0,
            running: {},
            open: 0,
            overdue: 0,
            credit: 0,
            items: {},
          },
        }),
      ),
    );
    renderApp('/table/Transaction/5');
    const crumbs = await screen.findByRole('navigation', { name: /percorso|breadcrumb/i });
    await waitFor(() => expect(crumbs).toHaveTextContent(`di ${String(RECORD.business_name)}`));
    expect(crumbs).not.toHaveTextContent('#5');
  });
});
