/**
 * RiBa (issue 47 item 5) through the HTTP interface: 'Presenta RiBa' turns a due range's open
 * charges of the customers who pay by RiBa into one receipt per customer and due date, leaves out
 * with the reason a RiBa customer without a valid Italian IBAN (or without the address the receipt
 * needs) and those who pay otherwise, and writes the CBI file (IB … EF, 120 ASCII characters a
 * record), kept as written; the bank's credit posts the payments; the unpaid receipts (by hand or
 * from the bank's return file) reopen exactly their charges, overdue from their own due date in the
 * aging, with the bank's costs charged when asked; cancel, tenancy and bad input change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, romeToday, type Api } from '../helpers/api.js';
import { italianIban } from '../../model/iban.js';
import { parseRiba, writeRiba } from '../../server/areas/collections/riba.js';
import { camt053 } from '../../server/areas/collections/camtWriter.js';
import { multipart as formData } from '../helpers/multipart.js';

let t: TestApp;
let a: Api;
let demoId: number;
const today = romeToday();
const addDays = (d: string, n: number) =>
  new Date(Date.parse(`${d}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const past = addDays(today, -45);
const soon = addDays(today, 20);
const range = { due_from: addDays(today, -60), due_to: addDays(today, 30) };
const cents = (n: number) => Math.round(n * 100);

const RIBA_DATA = {
  collection_method: 'riba',
  address: 'Via Roma 12',
  postal_code: '20121',
  city: 'Milano',
  province: 'MI',
  vat_id: '01234567897',
};

async function ribaCustomer(name: string, extra: Record<string, unknown> = {}) {
  return a.newCustomer(name, { ...RIBA_DATA, bank_iban: italianIban('03069', '09606', '000000007777'), ...extra });
}

async function preview(customerIds: number[], extra: Record<string, unknown> = {}) {
  const p = await a.post('collab', '/api/riba/preview', { ...range, customer_ids: customerIds, ...extra });
  expect(p.statusCode, p.body).toBe(200);
  return p.json().data;
}

async function present(customerIds: number[], extra: Record<string, unknown> = {}) {
  const plan = await preview(customerIds, extra);
  const r = await a.post('collab', '/api/riba/presentations', {
    ...range,
    customer_ids: customerIds,
    ...extra,
    fingerprint: plan.fingerprint,
  });
  expect(r.statusCode, r.body).toBe(201);
  return { plan, presentation: r.json().data };
}

const detail = async (id: number) => {
  const r = await a.get('collab', `/api/riba/presentations/${id}`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data;
};
const openOf = async (customerId: number) => {
  const r = await a.get('collab', `/api/customer/${customerId}/open_items`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data;
};
const agingRow = async (customerId: number) => {
  const r = await a.get('collab', '/api/aging');
  expect(r.statusCode, r.body).toBe(200);
  return (r.json().data.rows as Array<Record<string, number>>).find((x) => x.customer_id === customerId);
};

beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
  demoId = await a.studioId('Studio Demo');
  await a.feeIsPayable(demoId);
});
afterAll(async () => {
  await t?.close();
});

describe('RiBa', () => {
  let verdi: number;
  let presentationId: number;
  let receipts: Array<{ number: number; due: string; amount: number; status: string }>;

  it('preview: one receipt per customer and due date; a RiBa customer without a valid Italian IBAN or without his province left out with the reason; a customer paying by transfer not RiBa', async () => {
    verdi = await ribaCustomer('Verdi RiBa S.r.l.');
    await a.newMove(verdi, 'CHARGE', 100, past);
    await a.newMove(verdi, 'CHARGE', 50.25, past);
    await a.newMove(verdi, 'CHARGE', 80, soon);
    const neri = await ribaCustomer('Neri RiBa', { bank_iban: null });
    await a.newMove(neri, 'CHARGE', 10, past);
    const gialli = await ribaCustomer('Gialli RiBa', { bank_iban: 'DE89370400440532013000' });
    await a.newMove(gialli, 'CHARGE', 11, past);
    const rosa = await ribaCustomer('Rosa RiBa', { province: null });
    await a.newMove(rosa, 'CHARGE', 12, past);
    const bruni = await a.newCustomer('Bruni Bonifico', { collection_method: 'bonifico' });
    await a.newMove(bruni, 'CHARGE', 13, past);

    const plan = await preview([verdi, neri, gialli, rosa, bruni]);
    expect(plan.kind).toBe('sbf');
    expect(plan.account.sia).toMatch(/^[A-Z0-9]{5}$/);
    expect(plan.receipts.map((r: { due: string; amount: number }) => [r.due, r.amount])).toEqual([
      [past, 150.25],
      [soon, 80],
    ]);
    expect(plan.receipts[0]).toMatchObject({ abi: '03069', cab: '09606', business_name: 'Verdi RiBa S.r.l.' });
    expect(plan.receipts[0].charges).toHaveLength(2);
    expect(plan.receipts[0].description).toBe(
      'Onorari Addebito del ' + past.split('-').reverse().join('/') + ' IMP 150,25',
    );
    expect(plan.totals).toEqual({ receipts: 2, charges: 3, amount: 230.25 });
    const reasons = Object.fromEntries(
      plan.left_out.map((l: { business_name: string; reasons: string[] }) => [l.business_name, l.reasons.join('; ')]),
    );
    expect(reasons['Neri RiBa']).toMatch(/manca l'IBAN della sua banca/);
    expect(reasons['Gialli RiBa']).toMatch(/non è un IBAN italiano valido/);
    expect(reasons['Rosa RiBa']).toMatch(/provincia.*correggilo nella scheda del cliente/);
    expect(plan.not_riba).toEqual([
      expect.objectContaining({
        business_name: 'Bruni Bonifico',
        reasons: [expect.stringMatching(/paga con bonifico/)],
      }),
    ]);
  });

  it('the presentation (all or nothing) and its CBI file: IB, seven records per receipt, EF with counts and total, 120 ASCII characters each; the same bytes at every download; a stale preview is 409', async () => {
    const stale = await a.post('collab', '/api/riba/presentations', {
      ...range,
      customer_ids: [verdi],
      fingerprint: 'x'.repeat(16),
    });
    expect(stale.statusCode).toBe(409);
    const noPreview = await a.post('collab', '/api/riba/presentations', { ...range, customer_ids: [verdi] });
    expect(noPreview.statusCode).toBe(422);
    expect(noPreview.json().errors.fingerprint[0]).toMatch(/Manca l'anteprima/);

    const { presentation } = await present([verdi]);
    presentationId = presentation.id;
    expect(presentation).toMatchObject({ receipts: 2, total: 230.25, status: 'presented', kind: 'sbf', paid: 0 });
    expect(presentation.support_name).toMatch(/^RBS\d{6}\d{3}-[A-Z0-9]{5}$/);
    const file = await a.get('collab', `/api/riba_presentation/${presentationId}/actions/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(presentation.file_name);
    const lines = file.body.split('\r\n');
    expect(lines.pop()).toBe('');
    const receipt = ['14', '20', '30', '40', '50', '51', '70'];
    expect(lines.map((l: string) => l.slice(1, 3))).toEqual(['IB', ...receipt, ...receipt, 'EF']);
    for (const l of lines) {
      expect(l).toHaveLength(120);
      expect(l).toMatch(/^[\x20-\x7e]+$/);
    }
    const parsed = parseRiba(Buffer.from(file.body, 'latin1'));
    expect(parsed.totalCents).toBe('23025');
    expect(parsed.supportName.trim()).toBe(presentation.support_name);
    expect(parsed.receipts.map((r) => [r.dueDate, r.amount, r.debtorAbi, r.debtorCab])).toEqual([
      [past, '150.25', '03069', '09606'],
      [soon, '80.00', '03069', '09606'],
    ]);
    // kept as written: the customer's bank changed since, the file has not
    await a.put('collab', `/api/customers/${verdi}`, { bank_iban: italianIban('02008', '05077', '000000009999') });
    const again = await a.get('collab', `/api/riba_presentation/${presentationId}/actions/file`);
    expect(again.body).toBe(file.body);
    await a.put('collab', `/api/customers/${verdi}`, { bank_iban: italianIban('03069', '09606', '000000007777') });

    // presented: not presented again, not in an SDD batch, flagged on the open items
    expect((await preview([verdi])).receipts).toEqual([]);
    const open = await openOf(verdi);
    expect(open.items.every((i: { presented: boolean }) => i.presented)).toBe(true);
    receipts = (await detail(presentationId)).receipt_list;
    expect(receipts.map((r) => r.status)).toEqual(['presented', 'presented']);
    expect(receipts[1]!.number).toBe(receipts[0]!.number + 1);
  });

  it("the bank credits it (salvo buon fine): each receipt posts its payment; an unpaid receipt reopens exactly its charges, overdue from their own due date, with the bank's costs", async () => {
    const credited = await a.post('collab', `/api/riba_presentation/${presentationId}/actions/collected`, {
      date: today,
    });
    expect(credited.statusCode, credited.body).toBe(200);
    expect(credited.json().data).toMatchObject({ status: 'closed', paid: 2 });
    expect((await openOf(verdi)).summary.open).toBe(0);
    expect((await agingRow(verdi))?.total ?? 0).toBe(0);

    const first = receipts[0]!;
    const unpaid = await a.post('collab', `/api/riba_presentation/${presentationId}/actions/unpaid`, {
      numbers: [first.number],
      reason: 'Insoluto: conto estinto',
      fee: '5,50',
    });
    expect(unpaid.statusCode, unpaid.body).toBe(200);
    const d = unpaid.json().data;
    expect(d.unpaid).toBe(1);
    expect(d.receipt_list[0]).toMatchObject({
      status: 'unpaid',
      unpaid_reason: 'Insoluto: conto estinto',
      fee: 5.5,
      unpaid_on: today,
    });
    expect(d.receipt_list[1].status).toBe('paid');
    const open = await openOf(verdi);
    // the two charges of the unpaid receipt (150.25) and the costs (5.50); the other receipt stays paid
    expect(cents(open.summary.open)).toBe(cents(155.75));
    const reopened = open.items.filter((i: { due: string }) => i.due === past);
    expect(reopened.map((i: { open: number }) => i.open).sort((x: number, y: number) => x - y)).toEqual([50.25, 100]);
    expect(
      reopened.every((i: { presented: boolean; days_overdue: number }) => !i.presented && i.days_overdue === 45),
    ).toBe(true);
    // the aging counts them from their own due date: 45 days late
    const row = (await agingRow(verdi))!;
    expect(cents(row.d31_60)).toBe(cents(150.25));

    // the same receipt again: refused, nothing changed
    const twice = await a.post('collab', `/api/riba_presentation/${presentationId}/actions/unpaid`, {
      numbers: [first.number],
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().message).toMatch(/è già insoluta/);
    const unknown = await a.post('collab', `/api/riba_presentation/${presentationId}/actions/unpaid`, {
      numbers: [999_999],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toMatch(/non è di questa presentazione/);
    expect(cents((await openOf(verdi)).summary.open)).toBe(cents(155.75));
  });

  it("the bank's return file of unpaid receipts: matched by number and amount; another amount or another presentation's file changes nothing", async () => {
    const second = receipts[1]!;
    const p = await detail(presentationId);
    const sia = p.support_name.slice(p.support_name.indexOf('-') + 1);
    const returnFile = (amount: string, supportName = p.support_name) =>
      writeRiba({
        created: today,
        supportName,
        kind: 'sbf',
        creditor: {
          name: 'Studio Demo',
          address: 'Via Roma 1',
          zipCity: '20121 Milano',
          vatOrTaxCode: '01234567897',
          iban: 'IT60X0542811101000000123456',
          sia,
        },
        receipts: [
          {
            number: second.number,
            dueDate: second.due,
            amount,
            debtorCode: 'C1',
            debtorName: 'Verdi RiBa S.r.l.',
            debtorTaxCode: '01234567897',
            debtorAddress: 'Via Roma 12',
            debtorZip: '20121',
            debtorCity: 'Milano',
            debtorProvince: 'MI',
            debtorIban: italianIban('03069', '09606', '000000007777'),
            description: 'PER LA FATTURA N. 1/2026 IMP 80,00',
          },
        ],
      });
    const upload = (content: string, fee?: string) =>
      a.call('collab', 'POST', `/api/riba_presentation/${presentationId}/actions/unpaid_file`, {
        payload: multipart(content, fee),
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      });
    const wrong = await upload(returnFile('81.00'));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toMatch(/il file dice 81,00 €, la presentazione 80,00 €/);
    const bad = await upload('not a riba file\r\n');
    expect(bad.statusCode).toBe(422);
    expect((await detail(presentationId)).receipt_list[1].status).toBe('paid');

    const ok = await upload(returnFile('80.00'), '3');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.receipt_list[1]).toMatchObject({ status: 'unpaid', fee: 3 });
    expect(cents((await openOf(verdi)).summary.open)).toBe(cents(155.75 + 80 + 3));
  });

  it('al dopo incasso the credit takes the receipts fallen due; a presentation is cancelled only untouched, and its charges are free again', async () => {
    const c = await ribaCustomer('Bianchi RiBa DI');
    await a.newMove(c, 'CHARGE', 20, past);
    await a.newMove(c, 'CHARGE', 30, soon);
    const { presentation } = await present([c], { kind: 'dopo_incasso' });
    expect(presentation.support_name).toMatch(/^RBD/);
    const r = await a.post('collab', `/api/riba_presentation/${presentation.id}/actions/collected`, { date: today });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.receipt_list.map((x: { status: string }) => x.status)).toEqual(['paid', 'presented']);
    expect(r.json().data.status).toBe('presented');
    const future = await a.post('collab', `/api/riba_presentation/${presentation.id}/actions/collected`, {
      date: addDays(today, 1),
    });
    expect(future.statusCode).toBe(422);
    const cancel = await a.post('collab', `/api/riba_presentation/${presentation.id}/actions/cancel`);
    expect(cancel.statusCode).toBe(409);

    const d = await ribaCustomer('Marroni RiBa');
    await a.newMove(d, 'CHARGE', 40, soon);
    const { presentation: p2 } = await present([d]);
    const ok = await a.post('collab', `/api/riba_presentation/${p2.id}/actions/cancel`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.status).toBe('cancelled');
    expect((await preview([d])).receipts).toHaveLength(1);
    expect((await openOf(d)).items[0].presented).toBe(false);
  });

  it("the bank statement: the credit of a 'salvo buon fine' presentation's total is not proposed to a customer but named, to register with 'Registra accredito'", async () => {
    const c = await ribaCustomer('Azzurri RiBa');
    await a.newMove(c, 'CHARGE', 77.7, soon);
    const { presentation } = await present([c]);
    const xml = camt053({
      iban: 'IT60X0542811101000000123456',
      id: `RIBA-SBF-${presentation.id}`,
      entries: [
        { amount: 77.7, date: today, kind: 'credit', name: 'BPER BANCA SPA', remittance: 'ACCREDITO EFFETTI SBF' },
      ],
    });
    const body = await formData({}, [{ name: 'estratto-riba.xml', bytes: Buffer.from(xml) }], 'file');
    const up = await a.call('collab', 'POST', '/api/bank/statements', { payload: body.payload, headers: body.headers });
    expect(up.statusCode, up.body).toBe(201);
    const id = up.json().data.id as number;
    const [line] = (await a.get('collab', `/api/bank/statements/${id}`)).json().data.lines;
    expect(line).toMatchObject({ status: 'unmatched', customer_id: null });
    expect(line.reason_text).toBe(
      `Accredito salvo buon fine della presentazione RiBa ${presentation.support_name}: registralo con 'Registra accredito' in Presenta RiBa, poi ignora questo movimento`,
    );
  });

  it('C21 the payment notice says how the customer pays: RiBa at his bank (ABI, CAB), no transfer needed; a transfer for the others', async () => {
    const [service] = await a.sql<{ id: number }>(
      `SELECT "id" FROM "studio_services" WHERE "studio_id" = $1 AND "deleted_at" IS NULL ORDER BY "id" LIMIT 1`,
      [demoId],
    );
    const bonifico = await a.newCustomer('Bruni Avviso', { collection_method: 'bonifico' });
    const notice = async (id: number) => {
      const r = await a.get('collab', '/api/bollettino/actions/download_html', {
        customers_ids: JSON.stringify([id]),
        amount: '10',
        studio_service_id: String(service!.id),
      });
      expect(r.statusCode, r.body.slice(0, 300)).toBe(200);
      return r.body;
    };
    const riba = await notice(verdi);
    expect(riba).toContain('ricevuta bancaria (RiBa) presentata alla Vostra banca (ABI 03069, CAB 09606)');
    expect(riba).not.toContain('Si prega di effettuare il pagamento tramite bonifico');
    expect(await notice(bonifico)).toContain('Si prega di effettuare il pagamento tramite bonifico bancario');
  });

  it("bad input and tenancy: an account without SIA, a bad range or kind, another studio's presentation (404), the Utente refused", async () => {
    const [acc] = await a.sql<{ id: number }>(
      `INSERT INTO "bank_accounts" ("studio_id", "name", "iban") VALUES ($1, 'Senza SIA', $2) RETURNING "id"`,
      [demoId, italianIban('02008', '05077', '000000012121')],
    );
    const noSia = await a.post('collab', '/api/riba/preview', { ...range, bank_account_id: acc!.id });
    expect(noSia.statusCode).toBe(422);
    expect(noSia.json().errors.bank_account_id[0]).toMatch(/Manca il codice SIA del conto 'Senza SIA'/);
    const order = await a.post('collab', '/api/riba/preview', { due_from: today, due_to: addDays(today, -1) });
    expect(order.json().errors.due_to[0]).toMatch(/dopo quella finale/);
    const kind = await a.post('collab', '/api/riba/preview', { ...range, kind: 'cambiale' });
    expect(kind.json().errors.kind[0]).toMatch(/salvo buon fine/);

    expect((await a.get('bianchi', `/api/riba/presentations/${presentationId}`)).statusCode).toBe(404);
    expect((await a.get('bianchi', `/api/riba_presentation/${presentationId}/actions/file`)).statusCode).toBe(404);
    const foreign = await a.post('bianchi', `/api/riba_presentation/${presentationId}/actions/unpaid`, {
      numbers: [receipts[0]!.number],
    });
    expect(foreign.statusCode).toBe(404);
    const list = await a.get('bianchi', '/api/riba/presentations');
    expect(list.json().data.some((p: { id: number }) => p.id === presentationId)).toBe(false);
  });
});

const BOUNDARY = '----riba-test-boundary';
function multipart(content: string, fee?: string): Buffer {
  const parts = [
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="insoluti.txt"\r\nContent-Type: text/plain\r\n\r\n${content}\r\n`,
  ];
  if (fee !== undefined) parts.push(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="fee"\r\n\r\n${fee}\r\n`);
  parts.push(`--${BOUNDARY}--\r\n`);
  return Buffer.from(parts.join(''), 'latin1');
}
