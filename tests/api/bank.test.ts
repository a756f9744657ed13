/**
 * Bank statements in and reconciled (issue 29 items 4–5): a CAMT.053 with the SDD collections of
 * a batch, a transfer named by the customer, an unknown credit and a bank fee is matched with
 * reasons; 'Conferma tutti' posts the sure ones as payments settling the charges, the batch paid;
 * the same file twice posts nothing; an overlapping statement skips the known lines; an SDD
 * return reopens what it paid; a line assigned by hand settles the chosen charge and can be
 * undone; a CSV with its columns mapped (the mapping remembered); Italian messages for another
 * account's IBAN, a file that is no statement, unreadable amounts; roles and another studio.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, romeToday, type Api, type Who } from '../helpers/api.js';
import { multipart } from '../helpers/multipart.js';
import { row, xlsx } from '../helpers/attackFiles.js';
import { camt053, type CamtEntry } from '../helpers/camt.js';

let t: TestApp;
let a: Api;
let demoId: number;
const today = romeToday();
const addDays = (d: string, n: number) =>
  new Date(Date.parse(`${d}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const STUDIO_IBAN = 'IT60X0542811101000000123456';
const range = { due_from: '2032-03-01', due_to: '2032-03-31' };

const customer = (name: string) => a.newCustomer(name);
const charge = (customerId: number, amount: number, date: string) => a.newMove(customerId, 'CHARGE', amount, date);
async function upload(
  url: string,
  name: string,
  bytes: Buffer,
  fields: Record<string, string> = {},
  who: Who = 'collab',
) {
  const body = await multipart(fields, [{ name, bytes }], 'file');
  return a.call(who, 'POST', url, { payload: body.payload, headers: body.headers });
}
const importCamt = (name: string, entries: CamtEntry[], iban = STUDIO_IBAN) =>
  upload('/api/bank/statements', name, Buffer.from(camt053({ iban, id: name, entries })));
const open = async (id: number) => (await a.get('collab', `/api/customer/${id}/open_items`)).json().data;
interface Line {
  id: number;
  status: string;
  amount: number;
  customer_id: number | null;
  reason: string | null;
  reason_text: string | null;
  remittance: string | null;
  is_return: boolean;
  transaction_id: number | null;
  charges: Array<{ charge_id: number; amount: number }>;
}
const detail = async (id: number) =>
  (await a.get('collab', `/api/bank/statements/${id}`)).json().data as {
    statement: { counts: Record<string, number>; lines: number; duplicates: number };
    lines: Line[];
  };

let ferri: number;
let galli: number;
let lodi: number;
let e2e: Record<number, string>;
let batchId: number;
let lodiCharge: number;

beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
  demoId = await a.studioId('Studio Demo');
  // the settling of charges is tested here: a studio whose payable is the fee (the payable: payable.test.ts)
  await a.feeIsPayable(demoId);
  await a.sql(`UPDATE "studios" SET "sdd_creditor_id" = 'IT66ZZZA1B2C3D4E5F6G7H8', "iban" = $2 WHERE "id" = $1`, [
    demoId,
    STUDIO_IBAN,
  ]);
  ferri = await customer('Ferri Alberto Banca');
  galli = await customer('Galli Costruzioni S.r.l. Banca');
  lodi = await customer('Lodi Paola Banca');
  await charge(ferri, 150, '2032-03-05');
  await charge(galli, 410.5, '2032-03-10');
  lodiCharge = await charge(lodi, 90, '2032-03-12');
  await charge(lodi, 60, '2032-03-20');
  for (const [c, ref, iban] of [
    [ferri, 'BANCA-FERRI', 'IT60X0542811101000000123456'],
    [galli, 'BANCA-GALLI', 'IT42L1234512345123456789012'],
  ] as const) {
    const r = await a.post('collab', '/api/sdd_mandates', {
      customer_id: c,
      reference: ref,
      iban,
      signature_date: addDays(today, -10),
      scheme: 'CORE',
    });
    expect(r.statusCode, r.body).toBe(201);
  }
  const plan = (
    await a.post('collab', '/api/sdd/preview', {
      ...range,
      collection_date: addDays(today, 5),
      customer_ids: [ferri, galli, lodi],
    })
  ).json().data;
  const b = await a.post('collab', '/api/sdd/batches', {
    ...range,
    collection_date: addDays(today, 5),
    customer_ids: [ferri, galli, lodi],
    fingerprint: plan.fingerprint,
  });
  expect(b.statusCode, b.body).toBe(201);
  batchId = b.json().data.id;
  const debits = (await a.get('collab', `/api/sdd/batches/${batchId}`)).json().data.debit_list as Array<{
    customer_id: number;
    end_to_end_id: string;
  }>;
  e2e = Object.fromEntries(debits.map((d) => [d.customer_id, d.end_to_end_id]));
});
afterAll(async () => {
  await t?.close();
});

const firstStatement = (): CamtEntry[] => [
  { kind: 'credit', amount: 150, date: '2032-03-25', endToEndId: e2e[ferri], name: 'FERRI ALBERTO', remittance: 'SDD' },
  { kind: 'credit', amount: 410.5, date: '2032-03-25', endToEndId: e2e[galli], name: 'GALLI COSTRUZIONI SRL' },
  {
    kind: 'credit',
    amount: 90,
    date: '2032-03-26',
    name: 'LODI PAOLA',
    iban: 'IT02A0306909606100000012345',
    remittance: 'BONIFICO A VOSTRO FAVORE - ONORARI MARZO',
  },
  {
    kind: 'credit',
    amount: 77.7,
    date: '2032-03-27',
    name: 'ZETA SCONOSCIUTA SPA',
    remittance: 'RIMBORSO',
    ref: 'R-0327-1',
  },
  { kind: 'debit', amount: 2.5, date: '2032-03-31', remittance: 'COMMISSIONI E SPESE', ref: 'R-0331-1' },
];

describe('bank statements', () => {
  it('import: SDD collections matched by end-to-end id, a transfer by the name of the customer, an unknown credit unmatched, a fee ignored; each with its reason', async () => {
    const r = await importCamt('estratto-marzo.xml', firstStatement());
    expect(r.statusCode, r.body).toBe(201);
    const s = r.json().data;
    expect(s.lines).toBe(5);
    const d = await detail(s.id);
    const [sddF, sddG, lodiLine, unknown, fee] = d.lines;
    expect(sddF).toMatchObject({ status: 'matched', customer_id: ferri, reason: 'sdd' });
    expect(sddF!.reason_text).toContain(e2e[ferri]!);
    expect(sddG).toMatchObject({ status: 'matched', customer_id: galli, reason: 'sdd' });
    expect(lodiLine!.customer_id).toBe(lodi);
    expect(['matched', 'proposed']).toContain(lodiLine!.status);
    expect(lodiLine!.reason_text).toBeTruthy();
    expect(unknown).toMatchObject({ status: 'unmatched', customer_id: null });
    expect(fee).toMatchObject({ status: 'ignored', amount: -2.5 });
  });

  it("'Conferma tutti' posts the sure matches as payments that settle the charges; the SDD batch is paid; the unknown credit stays unmatched", async () => {
    const list = (await a.get('collab', '/api/bank/statements')).json().data as Array<{
      id: number;
      file_name: string;
    }>;
    const id = list.find((s) => s.file_name === 'estratto-marzo.xml')!.id;
    const res = await a.post('collab', `/api/bank_statement/${id}/actions/confirm_all`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.confirmed).toBeGreaterThanOrEqual(2);
    const d = await detail(id);
    for (const l of d.lines.slice(0, 2)) {
      expect(l.status).toBe('confirmed');
      expect(l.transaction_id).toBeGreaterThan(0);
    }
    expect((await open(ferri)).summary.open).toBe(0);
    expect((await open(galli)).summary.open).toBe(0);
    const pay = await a.sql<{ type: string; amount: string; internal_note: string }>(
      `SELECT "type", "amount"::text AS "amount", "internal_note" FROM "transactions" WHERE "id" = $1`,
      [d.lines[0]!.transaction_id],
    );
    expect(pay[0]).toMatchObject({ type: 'PAYMENT', amount: '150.00' });
    expect(pay[0]!.internal_note).toContain('Estratto conto, riga');
    const batch = (await a.get('collab', `/api/sdd/batches/${batchId}`)).json().data;
    expect(batch.status).toBe('paid');
    expect(batch.paid).toBe(2);
    expect(d.lines[3]!.status).toBe('unmatched');
    // a paid batch cannot be cancelled
    expect((await a.post('collab', `/api/sdd_batch/${batchId}/actions/cancel`, {})).statusCode).toBe(409);
  });

  it('the same file twice posts nothing; an overlapping statement skips the lines already imported', async () => {
    const again = await importCamt('estratto-marzo.xml', firstStatement());
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('già stato importato');
    // the next statement repeats the last two lines of March and brings a new credit
    const r = await importCamt('estratto-aprile.xml', [
      ...firstStatement().slice(3),
      { kind: 'credit', amount: 5, date: '2032-04-02', name: 'QUALCUNO', remittance: 'PROVA' },
    ]);
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().data).toMatchObject({ lines: 1, duplicates: 2 });
  });

  it('an SDD return reopens what the collected payment had settled, and undoing it closes it again', async () => {
    const r = await importCamt('storno.xml', [
      {
        kind: 'return',
        amount: 150,
        date: '2032-04-03',
        endToEndId: e2e[ferri],
        reason: 'AM04',
        remittance: 'STORNO SDD',
      },
    ]);
    expect(r.statusCode, r.body).toBe(201);
    const d = await detail(r.json().data.id);
    const line = d.lines[0]!;
    expect(line).toMatchObject({ status: 'matched', is_return: true, customer_id: ferri, reason: 'sdd' });
    expect(line.reason_text).toContain('AM04');
    const c = await a.post('collab', `/api/bank_statement_line/${line.id}/actions/confirm`, {});
    expect(c.statusCode, c.body).toBe(200);
    const o = await open(ferri);
    expect(o.summary.open).toBe(150);
    expect(o.summary.balance).toBe(150);
    const debits = (await a.get('collab', `/api/sdd/batches/${batchId}`)).json().data.debit_list as Array<{
      customer_id: number;
      status: string;
    }>;
    expect(debits.find((x) => x.customer_id === ferri)!.status).toBe('returned');
    const undo = await a.post('collab', `/api/bank_statement_line/${line.id}/actions/reopen`, {});
    expect(undo.statusCode, undo.body).toBe(200);
    expect((await open(ferri)).summary.open).toBe(0);
  });

  it('an unmatched credit assigned by hand settles the chosen charge first; the assignment can be undone', async () => {
    const r = await importCamt('lodi.xml', [
      { kind: 'credit', amount: 60, date: '2032-04-05', name: 'P. L.', remittance: 'ACCONTO' },
    ]);
    const line = (await detail(r.json().data.id)).lines[0]!;
    // no name, no invoice: at most a proposal by the amount
    expect(['unmatched', 'proposed']).toContain(line.status);
    const later = (await open(lodi)).items.find((i: { id: number }) => i.id !== lodiCharge);
    const bad = await a.post('collab', `/api/bank_statement_line/${line.id}/actions/confirm`, {
      customer_id: lodi,
      charges: [{ charge_id: later.id, amount: 61 }],
    });
    expect(bad.statusCode).toBe(422);
    const ok = await a.post('collab', `/api/bank_statement_line/${line.id}/actions/confirm`, {
      customer_id: lodi,
      charges: [{ charge_id: later.id, amount: 60 }],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.status).toBe('confirmed');
    // the models read the same rows: the statement's lines listed under it, this one registered to the customer
    const lines = await a.get('collab', `/api/list/BankStatementLine/BankStatementLineResourceListCollection`, {
      filters: [{ name: 'statement_id', type: 'OR', val: [r.json().data.id] }],
    });
    expect(lines.json().data).toEqual([
      expect.objectContaining({
        id: line.id,
        status: 'confirmed',
        amount: 60,
        customer: expect.objectContaining({ id: lodi }),
      }),
    ]);
    expect((await a.get('collab', `/api/bank_statements/${r.json().data.id}`)).json().data).toMatchObject({
      file_name: 'lodi.xml',
      lines: 1,
    });
    let items = (await open(lodi)).items as Array<{ id: number; open: number }>;
    expect(items.find((i) => i.id === later.id)).toBeUndefined();
    const undo = await a.post('collab', `/api/bank_statement_line/${line.id}/actions/reopen`, {});
    expect(undo.statusCode).toBe(200);
    expect(undo.json().data).toMatchObject({ status: 'proposed', customer_id: lodi, transaction_id: null });
    items = (await open(lodi)).items;
    expect(items.find((i) => i.id === later.id)?.open).toBe(60);
    const twice = await a.post('collab', `/api/bank_statement_line/${line.id}/actions/reopen`, {});
    expect(twice.statusCode).toBe(409);
  });

  it('a home-banking CSV: the columns guessed, the mapping posted and remembered, the lines read in Italian formats', async () => {
    const csv = Buffer.from(
      [
        'Data contabile;Data valuta;Importo;Descrizione',
        '02/05/2032;02/05/2032;1.234,56;BONIFICO DA LODI PAOLA SALDO',
        '03/05/2032;03/05/2032;-12,00;COMMISSIONI',
        'Saldo finale;;1.222,56;',
      ].join('\r\n'),
    );
    const cols = await upload('/api/bank/statements/columns', 'movimenti.csv', csv);
    expect(cols.statusCode, cols.body).toBe(200);
    const mapping = cols.json().data.mapping;
    expect(mapping).toMatchObject({ booking_date: 'Data contabile', amount: 'Importo' });
    const imp = await upload('/api/bank/statements', 'movimenti.csv', csv, { mapping: JSON.stringify(mapping) });
    expect(imp.statusCode, imp.body).toBe(201);
    expect(imp.json().data.lines).toBe(2);
    // a file with other headers: the guess; the same headers again: the studio's mapping
    const custom = { ...mapping, value_date: null };
    const csv2 = Buffer.from(csv.toString().replace('1.234,56', '1.234,57'));
    expect(
      (await upload('/api/bank/statements', 'movimenti2.csv', csv2, { mapping: JSON.stringify(custom) })).statusCode,
    ).toBe(201);
    const cols2 = await upload('/api/bank/statements/columns', 'movimenti3.csv', csv);
    expect(cols2.json().data.mapping.value_date).toBeNull();
  });

  it('bad files get an Italian message and import nothing: another account, not a statement, unreadable amounts, no mapping', async () => {
    const before = await a.sql<{ n: number }>(`SELECT count(*)::int AS "n" FROM "bank_statement_lines"`);
    const other = await importCamt('altro.xml', firstStatement(), 'IT42L1234512345123456789012');
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toContain('non è un conto dello studio');
    const notCamt = await upload(
      '/api/bank/statements',
      'fattura.xml',
      Buffer.from('<?xml version="1.0"?><FatturaElettronica/>'),
    );
    expect(notCamt.statusCode).toBe(422);
    const csv = Buffer.from('Data;Importo;Descrizione\r\n01/06/2032;12,3,4;X\r\n02/06/2032;abc;Y\r\n');
    const bad = await upload('/api/bank/statements', 'rotto.csv', csv, {
      mapping: JSON.stringify({ booking_date: 'Data', amount: 'Importo', description: 'Descrizione' }),
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toContain('2 righe non leggibili');
    expect(JSON.stringify(bad.json().errors)).toContain('riga');
    const noMap = await upload('/api/bank/statements', 'rotto.csv', csv);
    expect(noMap.statusCode).toBe(422);
    expect(noMap.json().message).toContain('Associa le colonne');
    const after = await a.sql<{ n: number }>(`SELECT count(*)::int AS "n" FROM "bank_statement_lines"`);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('roles and tenancy: the Utente cannot import, another studio sees none of the statements and lines', async () => {
    const [s] = await a.sql<{ id: number }>(`SELECT "id" FROM "bank_statements" WHERE "studio_id" = $1 LIMIT 1`, [
      demoId,
    ]);
    const [l] = await a.sql<{ id: number }>(`SELECT "id" FROM "bank_statement_lines" WHERE "studio_id" = $1 LIMIT 1`, [
      demoId,
    ]);
    expect((await a.get('bianchi', `/api/bank/statements/${s!.id}`)).statusCode).toBe(404);
    expect(
      (await a.post('bianchi', `/api/bank_statement_line/${l!.id}/actions/confirm`, { customer_id: 1 })).statusCode,
    ).toBe(404);
    expect((await a.post('bianchi', `/api/bank_statement/${s!.id}/actions/confirm_all`, {})).statusCode).toBe(404);
    const mine = (await a.get('bianchi', '/api/bank/statements')).json().data as unknown[];
    expect(mine).toEqual([]);
    const u = await a.utente('utente.banca@studiodemo.test');
    const body = await multipart({}, [{ name: 'x.csv', bytes: Buffer.from('a;b\r\n1;2\r\n') }], 'file');
    const r = await a.call(null, 'POST', '/api/bank/statements', {
      payload: body.payload,
      headers: { ...u, ...body.headers },
    });
    expect(r.statusCode).toBe(403);
  });

  it('issue 45 item 2: one SDD debit of three charges (120 + 20 + 40) comes back as 180,00 € and is matched whole: it settles the three, not an older charge outside the batch', async () => {
    const c = await customer('Moro Ilaria Banca');
    const older = await charge(c, 55, '2033-01-10');
    const three = [
      await charge(c, 120, '2033-05-05'),
      await charge(c, 20, '2033-05-06'),
      await charge(c, 40, '2033-05-07'),
    ];
    const m = await a.post('collab', '/api/sdd_mandates', {
      customer_id: c,
      reference: 'BANCA-MORO',
      iban: 'IT42L1234512345123456789012',
      signature_date: addDays(today, -10),
      scheme: 'CORE',
    });
    expect(m.statusCode, m.body).toBe(201);
    const may = { due_from: '2033-05-01', due_to: '2033-05-31', collection_date: addDays(today, 5), customer_ids: [c] };
    const plan = (await a.post('collab', '/api/sdd/preview', may)).json().data;
    expect(plan.debits).toHaveLength(1);
    expect(plan.debits[0].amount).toBe(180);
    const b = await a.post('collab', '/api/sdd/batches', { ...may, fingerprint: plan.fingerprint });
    expect(b.statusCode, b.body).toBe(201);
    const [debit] = (await a.get('collab', `/api/sdd/batches/${b.json().data.id}`)).json().data.debit_list as Array<{
      end_to_end_id: string;
    }>;
    const r = await importCamt('estratto-maggio.xml', [
      { kind: 'credit', amount: 180, date: '2033-05-20', endToEndId: debit!.end_to_end_id, name: 'MORO ILARIA' },
    ]);
    expect(r.statusCode, r.body).toBe(201);
    const [line] = (await detail(r.json().data.id)).lines;
    expect(line).toMatchObject({ status: 'matched', customer_id: c, reason: 'sdd' });
    const confirm = await a.post('collab', `/api/bank_statement/${r.json().data.id}/actions/confirm_all`, {});
    expect(confirm.statusCode, confirm.body).toBe(200);
    const open = (await a.get('collab', `/api/customer/${c}/open_items`)).json().data as {
      items: Array<{ id: number; open: number }>;
    };
    const stillOpen = open.items.filter((i) => i.open > 0).map((i) => i.id);
    expect(stillOpen).toEqual([older]);
    for (const id of three) expect(stillOpen).not.toContain(id);
  });

  it('issue 45 item 10: an XLSX as ING exports it (eight title rows above the header) and a CSV with titles: the header row is found, the titles are not lines', async () => {
    const titles: Array<Record<string, string>> = [
      { A: 'Elenco movimenti conto corrente' },
      { A: 'Intestatario: STUDIO DEMO' },
      { A: 'IBAN: IT60X0542811101000000123456' },
      { A: 'Periodo: 01/06/2034 - 30/06/2034' },
      { A: 'Saldo contabile', B: '1.234,56' },
      { A: 'Saldo disponibile', B: '1.234,56' },
      { A: 'Divisa: EUR' },
      { A: 'Estratto al 30/06/2034' },
    ];
    const header = { A: 'Data contabile', B: 'Data valuta', C: 'Descrizione operazione', D: 'Importo' };
    const data = [
      { A: '05/06/2034', B: '05/06/2034', C: 'BONIFICO A VOSTRO FAVORE DA LODI PAOLA', D: '12,34' },
      { A: '06/06/2034', B: '06/06/2034', C: 'COMMISSIONI', D: '-1,50' },
    ];
    const bytes = xlsx([...titles, header, ...data].map((cells, i) => row(i + 1, cells)).join(''));
    const cols = await upload('/api/bank/statements/columns', 'ING_movimenti.xlsx', bytes);
    expect(cols.statusCode, cols.body).toBe(200);
    expect(cols.json().data).toMatchObject({
      format: 'xlsx',
      headers: ['Data contabile', 'Data valuta', 'Descrizione operazione', 'Importo'],
      title_rows: 8,
    });
    expect(cols.json().data.sample).toHaveLength(2);
    const mapping = JSON.stringify({
      booking_date: 'Data contabile',
      value_date: 'Data valuta',
      description: 'Descrizione operazione',
      amount: 'Importo',
    });
    const imp = await upload('/api/bank/statements', 'ING_movimenti.xlsx', bytes, { mapping });
    expect(imp.statusCode, imp.body).toBe(201);
    expect(imp.json().data.lines).toBe(2);

    const csv = Buffer.from(
      [
        'Estratto conto;;;',
        'Conto 1234;;;',
        ';;;',
        'Data;Valuta;Descrizione;Importo',
        '07/06/2034;07/06/2034;BONIFICO;5,00',
      ].join('\r\n'),
    );
    const c = await upload('/api/bank/statements/columns', 'movimenti.csv', csv);
    expect(c.json().data).toMatchObject({ headers: ['Data', 'Valuta', 'Descrizione', 'Importo'], title_rows: 2 });
  });
});
