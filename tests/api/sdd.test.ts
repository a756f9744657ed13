/**
 * 'Incassa con SDD' (issue 29 items 2–3): the studio's CID checked; the open charges of a due
 * range of the customers with an active mandate become one debit per customer (FRST then RCUR),
 * the others left out with the reason; the batch is all or nothing and refused when the charges
 * changed; its pain.008.001.02 file is valid against the ISO schema in ../shared/sepa; a charge is
 * not presented twice; a batch is cancelled before it is paid; the mandate's form as PDF; roles
 * and another studio's batches.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, romeToday, type Api } from '../helpers/api.js';
import { pain008Errors } from '../helpers/sepaXsd.js';
import { isTarget2Day, nextTarget2Day } from '../../model/dates.js';

let t: TestApp;
let a: Api;
let demoId: number;
const today = romeToday();
const addDays = (d: string, n: number) =>
  new Date(Date.parse(`${d}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
// the first TARGET2 business day after today (a debit on a weekend or a bank holiday is moved)
const tomorrow = nextTarget2Day(addDays(today, 1));
// a due range of our own, far from the demo data's dates
const range = { due_from: '2031-01-01', due_to: '2031-01-31' };
const CID = 'IT66ZZZA1B2C3D4E5F6G7H8';

interface Plan {
  collection_date: string;
  collection_note: string | null;
  debits: Array<{
    customer_id: number;
    mandate_reference: string;
    iban: string;
    sequence_type: string;
    scheme: string;
    amount: number;
    charges: Array<{ charge_id: number; open: number }>;
  }>;
  left_out: Array<{ customer_id: number; reasons: string[] }>;
  not_sdd: Array<{ customer_id: number; reasons: string[] }>;
  totals: { debits: number; charges: number; amount: number };
  fingerprint: string;
}

const customer = (name: string) => a.newCustomer(name);
const charge = (customerId: number, amount: number, date: string, extra: Record<string, unknown> = {}) =>
  a.newMove(customerId, 'CHARGE', amount, date, extra);
async function mandate(customerId: number, reference: string, extra: Record<string, unknown> = {}) {
  const r = await a.post('collab', '/api/sdd_mandates', {
    customer_id: customerId,
    reference,
    iban: 'IT60X0542811101000000123456',
    signature_date: addDays(today, -30),
    scheme: 'CORE',
    sequence_type: 'FRST',
    status: 'active',
    ...extra,
  });
  expect(r.statusCode, r.body).toBe(201);
  return r.json().data.id as number;
}
const preview = async (body: Record<string, unknown>) => {
  const r = await a.post('collab', '/api/sdd/preview', { collection_date: tomorrow, ...body });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as Plan;
};

let rossi: number;
let verdi: number;
let neri: number;
let gialli: number;
let ids: number[];

beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
  demoId = await a.studioId('Studio Demo');
  // the settling of charges is tested here: a studio whose payable is the fee (the payable: payable.test.ts)
  await a.feeIsPayable(demoId);
  rossi = await customer('Rossi Mario SDD');
  verdi = await customer('Verdi & Figli S.r.l. SDD');
  neri = await customer('Neri Anna SDD');
  gialli = await customer('Gialli Luca SDD');
  ids = [rossi, verdi, neri, gialli];
  await charge(rossi, 120, '2031-01-10');
  await charge(rossi, 80.1, '2030-12-20', { due_date: '2031-01-20' });
  await charge(verdi, 300.2, '2031-01-15');
  await charge(neri, 50, '2031-01-05');
  await charge(gialli, 70, '2031-01-07');
  // a partial payment: Verdi's charge is open for 200.10
  await a.post('collab', '/api/transactions', {
    customer_id: verdi,
    type: 'PAYMENT',
    amount: 100.1,
    date: '2031-01-16 00:00:00',
  });
});
afterAll(async () => {
  await t?.close();
});

describe('SDD', () => {
  it("SDD studio: a batch needs the studio's creditor id; a wrong CID is refused on the studio card", async () => {
    await a.sql(`UPDATE "studios" SET "sdd_creditor_id" = NULL WHERE "id" = $1`, [demoId]);
    const r = await a.post('collab', '/api/sdd/preview', { ...range, collection_date: tomorrow, customer_ids: ids });
    expect(r.statusCode).toBe(422);
    expect(r.json().message).toContain('identificativo creditore SEPA (CID)');
    const bad = await a.put('admin', `/api/studios/${demoId}`, { sdd_creditor_id: 'IT67ZZZA1B2C3D4E5F6G7H8' });
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json())).toContain('Identificativo creditore SEPA non valido');
    const ok = await a.put('admin', `/api/studios/${demoId}`, { sdd_creditor_id: CID });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('SDD mandates: the IBAN is checked, the reference is unique in the studio and uses SEPA characters only', async () => {
    const badIban = await a.post('collab', '/api/sdd_mandates', {
      customer_id: rossi,
      reference: 'M-BAD',
      iban: 'IT61X0542811101000000123456',
      signature_date: '2030-12-01',
    });
    expect(badIban.statusCode).toBe(422);
    expect(JSON.stringify(badIban.json())).toContain('Inserisci IBAN valido');
    const accents = await a.post('collab', '/api/sdd_mandates', {
      customer_id: rossi,
      reference: 'MANDATO-È',
      iban: 'IT60X0542811101000000123456',
      signature_date: '2030-12-01',
    });
    expect(accents.statusCode).toBe(422);
    await mandate(rossi, 'SDD-ROSSI-1');
    const twice = await a.post('collab', '/api/sdd_mandates', {
      customer_id: verdi,
      reference: 'SDD-ROSSI-1',
      iban: 'IT60X0542811101000000123456',
      signature_date: '2030-12-01',
    });
    expect(twice.statusCode).toBe(422);
  });

  it('SDD preview and batch: one debit per customer with an active mandate, the others left out with the reason; the file is valid pain.008.001.02; the mandates become RCUR; nothing is presented twice', async () => {
    await mandate(verdi, 'SDD-VERDI-1', { scheme: 'B2B', iban: 'IT42L1234512345123456789012' });
    await mandate(neri, 'SDD-NERI-1', { status: 'revoked' });
    // an account at a foreign bank: its format is pain.008 (issue 47: the account decides the file)
    const account = await a.post('admin', '/api/bank_accounts', {
      name: 'Deutsche Bank — conto estero',
      iban: 'DE89 3704 0044 0532 0130 00',
    });
    expect(account.statusCode, account.body).toBe(201);
    expect(account.json().data).toMatchObject({ iban: 'DE89370400440532013000', abi: null, sdd_format: 'sepa' });
    const bankAccountId = account.json().data.id as number;
    const plan = await preview({ ...range, customer_ids: ids, bank_account_id: bankAccountId });
    expect(plan).toMatchObject({ format: 'sepa', account: { id: bankAccountId, iban: 'DE89370400440532013000' } });
    expect(plan.debits.map((d) => d.customer_id).sort()).toEqual([rossi, verdi].sort());
    const r = plan.debits.find((d) => d.customer_id === rossi)!;
    expect(r.amount).toBe(200.1);
    expect(r.charges.map((c) => c.open)).toEqual([120, 80.1]);
    expect(r.sequence_type).toBe('FRST');
    const v = plan.debits.find((d) => d.customer_id === verdi)!;
    expect(v.amount).toBe(200.1);
    expect(v.scheme).toBe('B2B');
    // a revoked mandate needs fixing and is named; a customer who never had one pays otherwise (issue 45 item 11)
    expect(plan.left_out.map((l) => [l.customer_id, l.reasons])).toEqual([
      [neri, ['mandato SDD SDD-NERI-1 revocato: serve un nuovo mandato firmato']],
    ]);
    expect(plan.not_sdd.map((l) => [l.customer_id, l.reasons])).toEqual([
      [gialli, ['nessun mandato SDD: paga con altri mezzi']],
    ]);
    expect(plan.totals).toEqual({ debits: 2, charges: 3, amount: 400.2 });

    const res = await a.post('collab', '/api/sdd/batches', {
      ...range,
      collection_date: tomorrow,
      customer_ids: ids,
      bank_account_id: bankAccountId,
      fingerprint: plan.fingerprint,
    });
    expect(res.statusCode, res.body).toBe(201);
    const batch = res.json().data;
    expect(batch).toMatchObject({ format: 'sepa', bank_account_name: 'Deutsche Bank — conto estero' });
    expect(batch).toMatchObject({ status: 'presented', debits: 2, total: 400.2, collection_date: tomorrow });
    const file = await a.get('collab', `/api/sdd_batch/${batch.id}/actions/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(`SDD_${batch.message_id}.xml`);
    const xml = file.body;
    expect(await pain008Errors(xml)).toEqual([]);
    expect(xml).toContain('<CtrlSum>400.20</CtrlSum>');
    expect(xml).toContain(`<Id>${CID}</Id>`);
    expect(xml).toContain('<MndtId>SDD-ROSSI-1</MndtId>');
    expect(xml).toMatch(/<LclInstrm>\s*<Cd>B2B<\/Cd>\s*<\/LclInstrm>/);
    const detail = (await a.get('collab', `/api/sdd/batches/${batch.id}`)).json().data;
    expect(detail.debit_list).toHaveLength(2);
    for (const d of detail.debit_list) expect(xml).toContain(`<EndToEndId>${d.end_to_end_id}</EndToEndId>`);
    const seq = await a.sql<{ sequence_type: string }>(
      `SELECT "sequence_type" FROM "sdd_mandates" WHERE "reference" IN ('SDD-ROSSI-1', 'SDD-VERDI-1')`,
    );
    expect(seq.map((s) => s.sequence_type)).toEqual(['RCUR', 'RCUR']);
    // presented: not in the next preview
    const again = await preview({ ...range, customer_ids: ids, bank_account_id: bankAccountId });
    expect(again.debits).toEqual([]);
    // the statement shows the charges as still open until the bank pays them
    const open = (await a.get('collab', `/api/customer/${rossi}/open_items`)).json().data;
    expect(open.summary.open).toBe(200.1);
    expect(open.items.every((i: { presented: boolean }) => i.presented)).toBe(true);
  });

  it('SDD batch: refused (409) when a charge changed after the preview, and nothing is written; without a preview 422', async () => {
    const c = await customer('Bianchi Carla SDD');
    await charge(c, 99, '2031-01-12');
    await mandate(c, 'SDD-BIANCHI-1');
    const plan = await preview({ ...range, customer_ids: [c] });
    expect(plan.totals.amount).toBe(99);
    await charge(c, 1, '2031-01-13');
    const before = await a.sql<{ n: number }>(`SELECT count(*)::int AS "n" FROM "sdd_batches"`);
    const r = await a.post('collab', '/api/sdd/batches', {
      ...range,
      collection_date: tomorrow,
      customer_ids: [c],
      fingerprint: plan.fingerprint,
    });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toContain("cambiati dopo l'anteprima");
    const none = await a.post('collab', '/api/sdd/batches', { ...range, collection_date: tomorrow, customer_ids: [c] });
    expect(none.statusCode).toBe(422);
    const after = await a.sql<{ n: number }>(`SELECT count(*)::int AS "n" FROM "sdd_batches"`);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('SDD cancel: a presented batch is cancelled, its charges can be presented again and the first debit is FRST again', async () => {
    const c = await customer('Azzurri Sara SDD');
    await charge(c, 45.5, '2031-01-22');
    await mandate(c, 'SDD-AZZURRI-1');
    const plan = await preview({ ...range, customer_ids: [c] });
    const created = await a.post('collab', '/api/sdd/batches', {
      ...range,
      collection_date: tomorrow,
      customer_ids: [c],
      fingerprint: plan.fingerprint,
    });
    expect(created.statusCode, created.body).toBe(201);
    const b = created.json().data;
    expect((await preview({ ...range, customer_ids: [c] })).debits).toEqual([]);
    const cancel = await a.post('collab', `/api/sdd_batch/${b.id}/actions/cancel`, {});
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().data.status).toBe('cancelled');
    const again = await preview({ ...range, customer_ids: [c] });
    expect(again.debits).toHaveLength(1);
    expect(again.debits[0]!.sequence_type).toBe('FRST');
    const twice = await a.post('collab', `/api/sdd_batch/${b.id}/actions/cancel`, {});
    expect(twice.statusCode).toBe(409);
    const list = (await a.get('collab', '/api/sdd/batches')).json().data as Array<{ id: number; status: string }>;
    expect(list.find((x) => x.id === b.id)?.status).toBe('cancelled');
    // the model SddBatch reads the same row (model/models/SddBatch.ts, over the area's table)
    const record = (await a.get('collab', `/api/sdd_batches/${b.id}`)).json().data;
    expect(record).toMatchObject({ id: b.id, message_id: b.message_id, status: 'cancelled', debits: 1, total: 45.5 });
    const cancelled = await a.get('collab', '/api/list/SddBatch/SddBatchResourceListCollection', {
      filters: [{ name: 'status', type: 'OR', val: ['cancelled'] }],
      search_text: b.message_id,
    });
    expect((cancelled.json().data as Array<{ id: number }>).map((x) => x.id)).toEqual([b.id]);
  });

  it("SDD bad input and access: dates in Italian, the Utente refused, another studio's batch and mandate not found", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ due_from: '2031-02-01', due_to: '2031-01-01', collection_date: tomorrow }, 'dopo quella finale'],
      [{ ...range, collection_date: today }, 'almeno domani'],
      [{ ...range, collection_date: '31/02/2031' }, 'Data di addebito non valida'],
      [{ due_from: 'ieri', due_to: '2031-01-01', collection_date: tomorrow }, 'Indica le scadenze'],
      [{ ...range, collection_date: tomorrow, customer_ids: [] }, 'Scegli da 1'],
    ];
    for (const [body, message] of cases) {
      const r = await a.post('collab', '/api/sdd/preview', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(422);
      expect(r.json().message).toContain(message);
    }
    const u = await a.utente('utente.sdd@studiodemo.test');
    const asUtente = await a.call(null, 'POST', '/api/sdd/preview', {
      payload: { ...range, collection_date: tomorrow },
      headers: u,
    });
    expect(asUtente.statusCode).toBe(403);
    const [batch] = await a.sql<{ id: number }>(`SELECT "id" FROM "sdd_batches" WHERE "studio_id" = $1 LIMIT 1`, [
      demoId,
    ]);
    const [m] = await a.sql<{ id: number }>(`SELECT "id" FROM "sdd_mandates" WHERE "studio_id" = $1 LIMIT 1`, [demoId]);
    for (const url of [
      `/api/sdd/batches/${batch!.id}`,
      `/api/sdd_batch/${batch!.id}/actions/file`,
      `/api/sdd_mandate/${m!.id}/actions/pdf`,
    ])
      expect((await a.get('bianchi', url)).statusCode, url).toBe(404);
    expect((await a.post('bianchi', `/api/sdd_batch/${batch!.id}/actions/cancel`, {})).statusCode).toBe(404);
  });

  it('SDD item 8: a mandate signed in the future is refused; a collection date on a Saturday or a TARGET2 holiday moves to the next TARGET2 day, and the preview says so', async () => {
    const future = await a.post('collab', '/api/sdd_mandates', {
      customer_id: gialli,
      reference: 'SDD-FUTURO-1',
      iban: 'IT60X0542811101000000123456',
      signature_date: addDays(today, 3),
      scheme: 'CORE',
    });
    expect(future.statusCode).toBe(422);
    expect(future.json().errors.signature_date).toEqual(['La data di firma non può essere futura']);
    // the TARGET2 calendar: 25 and 26 December, 1 January, Good Friday and Easter Monday, weekends
    for (const d of ['2031-12-25', '2031-12-26', '2032-01-01', '2032-03-26', '2032-03-29', '2031-11-29', '2031-11-30'])
      expect(isTarget2Day(d), d).toBe(false);
    expect(isTarget2Day('2031-12-24')).toBe(true);
    let saturday = addDays(today, 2);
    while (new Date(`${saturday}T12:00:00Z`).getUTCDay() !== 6) saturday = addDays(saturday, 1);
    const moved = await preview({ ...range, collection_date: saturday, customer_ids: ids });
    expect(moved.collection_date).toBe(nextTarget2Day(saturday));
    expect(moved.collection_date > saturday).toBe(true);
    expect(moved.collection_note).toMatch(/non è un giorno lavorativo TARGET2.*spostato al/);
    // the next Christmas after tomorrow (within the year a collection may be asked for)
    const christmas = `${Number(today.slice(0, 4)) + (today.slice(5) < '12-24' ? 0 : 1)}-12-25`;
    const xmas = await preview({ ...range, collection_date: christmas, customer_ids: ids });
    expect(xmas.collection_date).toBe(nextTarget2Day(christmas));
    expect(xmas.collection_date.slice(5)).not.toMatch(/^12-2[56]$/);
    expect((await preview({ ...range, collection_date: tomorrow, customer_ids: ids })).collection_note).toBeNull();
  });

  it("SDD mandate form: the PDF to sign carries the mandate reference, the studio's CID and the debtor's IBAN", async () => {
    const [m] = await a.sql<{ id: number }>(`SELECT "id" FROM "sdd_mandates" WHERE "reference" = 'SDD-ROSSI-1'`);
    const r = await a.get('collab', `/api/sdd_mandate/${m!.id}/actions/pdf`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('application/pdf');
    expect(r.headers['content-disposition']).toContain('Mandato_SDD_SDD-ROSSI-1.pdf');
    const dir = mkdtempSync(join(tmpdir(), 'mandate-'));
    writeFileSync(join(dir, 'm.pdf'), r.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', join(dir, 'm.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toContain('SDD-ROSSI-1');
    expect(text).toContain(CID);
    expect(text.replace(/\s+/g, '')).toContain('IT60X0542811101000000123456');
  });
});
