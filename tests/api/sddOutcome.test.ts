/**
 * The bank's outcomes of a batch ('Esiti', issue 47 item 3) through the HTTP interface: a CBI
 * status report with two rejects reopens exactly those debits' charges (the third stays
 * presented), charges the bank's fee to those customers if asked (a positive adjustment, outside
 * VAT: the payable is the fee), flags the mandate whose reason says it no longer holds (MD01) so
 * the next preview leaves it out; the same report again changes nothing; a report of another
 * batch or with unknown end-to-end ids (listed) is refused and changes nothing; undo puts it all
 * back; a pain.002 is read too; another studio's batch is not found; changing the flagged
 * mandate's IBAN clears the flag.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, romeToday, type Api, type Who } from '../helpers/api.js';
import { multipart } from '../helpers/multipart.js';
import { cbiStatusReport, pain002Report } from '../helpers/sddReports.js';
import { nextTarget2Day } from '../../model/dates.js';
import { italianIban } from '../../model/iban.js';

let t: TestApp;
let a: Api;
const today = romeToday();
const addDays = (d: string, n: number) =>
  new Date(Date.parse(`${d}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const tomorrow = nextTarget2Day(addDays(today, 1));

async function payer(name: string, amount: number, due: string, n: number) {
  const id = await a.newCustomer(name);
  await a.newMove(id, 'CHARGE', amount, due);
  const m = await a.post('collab', '/api/sdd_mandates', {
    customer_id: id,
    reference: `ESITO-${n}`,
    iban: italianIban('02008', '05077', String(900000 + n).padStart(12, '0')),
    signature_date: addDays(today, -40),
    scheme: 'CORE',
    sequence_type: 'RCUR',
    status: 'active',
  });
  expect(m.statusCode, m.body).toBe(201);
  return { id, mandateId: m.json().data.id as number };
}

async function batchOf(ids: number[], range: { due_from: string; due_to: string }) {
  const body = { ...range, collection_date: tomorrow, customer_ids: ids };
  const p = await a.post('collab', '/api/sdd/preview', body);
  expect(p.statusCode, p.body).toBe(200);
  const r = await a.post('collab', '/api/sdd/batches', { ...body, fingerprint: p.json().data.fingerprint });
  expect(r.statusCode, r.body).toBe(201);
  const b = r.json().data as { id: number; message_id: string };
  const detail = (await a.get('collab', `/api/sdd/batches/${b.id}`)).json().data;
  const e2e = new Map<number, string>(
    detail.debit_list.map((d: { customer_id: number; end_to_end_id: string }) => [d.customer_id, d.end_to_end_id]),
  );
  return { ...b, e2e };
}

async function upload(batchId: number, xml: string, fee = '', who: Who = 'collab', name = 'esito.xml') {
  const body = await multipart({ fee }, [{ name, bytes: Buffer.from(xml) }], 'file');
  return a.call(who, 'POST', `/api/sdd_batch/${batchId}/actions/outcome`, {
    payload: body.payload,
    headers: body.headers,
  });
}
const open = async (id: number) => (await a.get('collab', `/api/customer/${id}/open_items`)).json().data;
const detail = async (id: number) => (await a.get('collab', `/api/sdd/batches/${id}`)).json().data;

beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
  await a.feeIsPayable(await a.studioId('Studio Demo'));
});
afterAll(async () => {
  await t?.close();
});

describe('SDD outcomes (esiti)', () => {
  it('a CBI report with two rejects: exactly those charges open again, the fee charged, the MD01 mandate flagged and left out of the next preview; the same report again changes nothing; undo puts everything back', async () => {
    const range = { due_from: '2033-05-01', due_to: '2033-05-31' };
    const rossi = await payer('Rossi Esito', 100, '2033-05-10', 1);
    const verdi = await payer('Verdi Esito', 200, '2033-05-11', 2);
    const neri = await payer('Neri Esito', 300, '2033-05-12', 3);
    const b = await batchOf([rossi.id, verdi.id, neri.id], range);
    const report = cbiStatusReport({
      msgId: 'ESITO-2033-0001',
      orgnlMsgId: b.message_id,
      rejects: [
        { e2e: b.e2e.get(rossi.id)!, code: 'AM04', amount: '100.00' },
        { e2e: b.e2e.get(verdi.id)!, code: 'MD01', amount: '200.00' },
      ],
    });
    const r = await upload(b.id, report, '2,50');
    expect(r.statusCode, r.body).toBe(201);
    const outcome = r.json().data;
    expect(outcome).toMatchObject({ format: 'cbi', message_id: 'ESITO-2033-0001', rejected: 2, fee: 2.5 });
    expect(
      outcome.items.map((i: { business_name: string; reason_text: string; fee: number; mandate_flagged: boolean }) => [
        i.business_name,
        i.reason_text,
        i.fee,
        i.mandate_flagged,
      ]),
    ).toEqual([
      ['Rossi Esito', 'AM04 — fondi insufficienti', 2.5, false],
      ['Verdi Esito', expect.stringMatching(/^MD01 — /), 2.5, true],
    ]);
    // Rossi: 100 open again (not presented) + the fee 2.50 (an adjustment: its payable is itself); Neri still presented
    const ro = await open(rossi.id);
    expect(ro.summary.open).toBe(102.5);
    expect(ro.items.map((i: { amount: number; presented: boolean }) => [i.amount, i.presented])).toEqual(
      expect.arrayContaining([
        [100, false],
        [2.5, false],
      ]),
    );
    expect((await open(neri.id)).items.every((i: { presented: boolean }) => i.presented)).toBe(true);
    const d = await detail(b.id);
    const status = Object.fromEntries(
      d.debit_list.map((x: { customer_id: number; status: string; reason: string | null }) => [
        x.customer_id,
        [x.status, x.reason],
      ]),
    );
    expect(status[rossi.id]).toEqual(['returned', 'AM04 — fondi insufficienti']);
    expect(status[neri.id]).toEqual(['presented', null]);
    // the MD01 mandate is to check: the next preview presents Rossi again and leaves Verdi out, saying why
    const [m] = await a.sql<{ attention: string }>(`SELECT "attention" FROM "sdd_mandates" WHERE "id" = $1`, [
      verdi.mandateId,
    ]);
    expect(m!.attention).toContain(`MD01`);
    expect(m!.attention).toContain(`distinta ${b.message_id}`);
    const next = (
      await a.post('collab', '/api/sdd/preview', {
        ...range,
        collection_date: tomorrow,
        customer_ids: [rossi.id, verdi.id, neri.id],
      })
    ).json().data;
    expect(next.debits.map((x: { customer_id: number }) => x.customer_id)).toEqual([rossi.id]);
    expect(next.left_out.map((x: { customer_id: number; reasons: string[] }) => [x.customer_id, x.reasons[0]])).toEqual(
      [[verdi.id, expect.stringMatching(/^la banca ha respinto l'ultimo addebito del mandato ESITO-2 \(MD01/)]],
    );

    // the same report again: 409, nothing changed
    const moves = async () =>
      (await a.sql<{ n: number }>(`SELECT count(*)::int AS "n" FROM "transactions" WHERE "deleted_at" IS NULL`))[0]!.n;
    const before = await moves();
    const again = await upload(b.id, report, '2,50');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^Questo esito è già stato importato il \d{2}-\d{2}-\d{4}/);
    expect(await moves()).toBe(before);

    // undo: the debits presented again, the fees in the trash, the mandate as it was
    const undo = await a.post('collab', `/api/sdd_batch/${b.id}/actions/undo_outcome`, { outcome_id: outcome.id });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json().data.undone_at).not.toBeNull();
    expect((await open(rossi.id)).summary.open).toBe(100);
    expect((await open(rossi.id)).items.every((i: { presented: boolean }) => i.presented)).toBe(true);
    expect(await moves()).toBe(before - 2);
    const [m2] = await a.sql<{ attention: string | null }>(`SELECT "attention" FROM "sdd_mandates" WHERE "id" = $1`, [
      verdi.mandateId,
    ]);
    expect(m2!.attention).toBeNull();
    const twice = await a.post('collab', `/api/sdd_batch/${b.id}/actions/undo_outcome`, { outcome_id: outcome.id });
    expect(twice.statusCode).toBe(409);
    // undone, the same report may be imported again
    const re = await upload(b.id, report);
    expect(re.statusCode, re.body).toBe(201);
    expect((await detail(b.id)).outcomes).toHaveLength(2);
  });

  it('a report of another batch, unknown end-to-end ids (listed), a bad fee, a foreign file: refused in Italian, nothing changed', async () => {
    const range = { due_from: '2033-06-01', due_to: '2033-06-30' };
    const c1 = await payer('Gialli Esito', 50, '2033-06-10', 4);
    const b1 = await batchOf([c1.id], range);
    const c2 = await payer('Bruni Esito', 60, '2033-06-11', 5);
    const b2 = await batchOf([c2.id], range);
    const count = async () => (await a.sql<{ n: number }>(`SELECT count(*)::int AS "n" FROM "sdd_outcomes"`))[0]!.n;
    const before = await count();
    const ofB2 = cbiStatusReport({
      msgId: 'ESITO-2033-0100',
      orgnlMsgId: b2.message_id,
      rejects: [{ e2e: b2.e2e.get(c2.id)!, code: 'AC04', amount: '60.00' }],
    });
    const wrongBatch = await upload(b1.id, ofB2);
    expect(wrongBatch.statusCode).toBe(422);
    expect(wrongBatch.json().message).toBe(
      `L'esito è della distinta ${b2.message_id}, non di questa: caricalo dal dettaglio di quella distinta`,
    );
    const stranger = await upload(b1.id, cbiStatusReport({ msgId: 'X1', orgnlMsgId: 'SDD-ALTRO-001', rejects: [] }));
    expect(stranger.statusCode).toBe(422);
    expect(stranger.json().message).toContain('non è una distinta dello studio');
    const unknown = await upload(
      b1.id,
      pain002Report({
        msgId: 'ESITO-2033-0101',
        orgnlMsgId: b1.message_id,
        rejects: [
          { e2e: 'NON-ESISTE-1', code: 'AM04', amount: '1.00' },
          { e2e: 'NON-ESISTE-2', code: 'AM04', amount: '1.00' },
        ],
      }),
    );
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe(
      "L'esito nomina 2 addebiti che la distinta non ha: NON-ESISTE-1, NON-ESISTE-2. Nessuna modifica",
    );
    const fee = await upload(
      b1.id,
      cbiStatusReport({ msgId: 'E3', orgnlMsgId: b1.message_id, rejects: [] }),
      'dieci euro',
    );
    expect(fee.statusCode).toBe(422);
    expect(fee.json().errors.fee[0]).toContain('Commissione per addebito non riuscito');
    const notXml = await upload(b1.id, 'Data;Importo\n01/01/2033;10\n');
    expect(notXml.statusCode).toBe(422);
    expect(notXml.json().message).toContain('esito SDD');
    // a hostile report: entity expansion is refused before anything is expanded
    const lolz =
      '<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>\n' +
      `<CBIBdySDDStsRpt xmlns="urn:CBI:xsd:CBIBdySDDStsRpt.00.01.00"><PhyMsgInf><PhyMsgTpCd>&lol2;</PhyMsgTpCd></PhyMsgInf></CBIBdySDDStsRpt>`;
    const hostile = await upload(b1.id, lolz);
    expect(hostile.statusCode).toBe(422);
    expect(hostile.json().message).toBe('Il file XML contiene una dichiarazione DOCTYPE o ENTITY, che non è ammessa');
    expect(await count()).toBe(before);
    expect((await open(c1.id)).items.every((i: { presented: boolean }) => i.presented)).toBe(true);
    // another studio's batch is not found
    const bianchi = await upload(b1.id, ofB2, '', 'bianchi');
    expect(bianchi.statusCode).toBe(404);
  });

  it('a pain.002 reject is read as well; editing the flagged mandate (a new IBAN) clears its flag', async () => {
    const range = { due_from: '2033-07-01', due_to: '2033-07-31' };
    const c = await payer('Azzurri Esito', 75, '2033-07-10', 6);
    const b = await batchOf([c.id], range);
    const r = await upload(
      b.id,
      pain002Report({
        msgId: 'PAIN002-2033-1',
        orgnlMsgId: b.message_id,
        rejects: [{ e2e: b.e2e.get(c.id)!, code: 'AC04', amount: '75.00' }],
      }),
    );
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().data).toMatchObject({ format: 'pain002', rejected: 1, fee: null });
    expect(r.json().data.items[0]).toMatchObject({ reason: 'AC04', mandate_flagged: true, fee: null });
    expect((await open(c.id)).summary.open).toBe(75);
    const upd = await a.put('collab', `/api/sdd_mandates/${c.mandateId}`, {
      iban: italianIban('03069', '03204', '000000777666'),
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().data.attention).toBeNull();
  });
});
