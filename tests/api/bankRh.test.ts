/**
 * CBI RH statements through the HTTP interface (issue 47 item 4): the import tells an RH file by
 * its content (any name) and says it read 'cbi_rh'; its credits are matched as a CAMT's are (an
 * SDD collection by its end-to-end id, a transfer by the customer's name, an unknown credit left
 * unmatched, a fee ignored), each line with its CBI transaction code in Italian; a file of two
 * banks gives two statements, each to its account; the same file twice posts nothing; an account
 * that is not the studio's, or a malformed record (its line), changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, romeToday, type Api } from '../helpers/api.js';
import { multipart } from '../helpers/multipart.js';
import { cbiRh } from '../../server/areas/collections/rhWriter.js';
import type { CamtEntry } from '../../server/areas/collections/camtWriter.js';
import { nextTarget2Day } from '../../model/dates.js';
import { italianIban } from '../../model/iban.js';

let t: TestApp;
let a: Api;
const today = romeToday();
const addDays = (d: string, n: number) =>
  new Date(Date.parse(`${d}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const STUDIO_IBAN = 'IT60X0542811101000000123456';
let secondIban: string;
let rossi: number;
let verdi: number;
let e2eRossi: string;

const upload = async (name: string, text: string) => {
  const body = await multipart({}, [{ name, bytes: Buffer.from(text, 'latin1') }], 'file');
  return a.call('collab', 'POST', '/api/bank/statements', { payload: body.payload, headers: body.headers });
};
const lines = async (id: number) => (await a.get('collab', `/api/bank/statements/${id}`)).json().data.lines;
const count = async () => (await a.sql<{ n: number }>(`SELECT count(*)::int AS "n" FROM "bank_statements"`))[0]!.n;

beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
  const demo = await a.studioId('Studio Demo');
  await a.feeIsPayable(demo);
  const [other] = await a.sql<{ iban: string }>(
    `SELECT "iban" FROM "bank_accounts" WHERE "studio_id" = $1 AND "iban" <> $2 AND "deleted_at" IS NULL ORDER BY "id" LIMIT 1`,
    [demo, STUDIO_IBAN],
  );
  secondIban = other!.iban;
  rossi = await a.newCustomer('Rossi Costruzioni RH S.r.l.');
  verdi = await a.newCustomer('Verdi Impianti RH S.n.c.');
  await a.newMove(rossi, 'CHARGE', 150, '2034-02-10');
  await a.newMove(verdi, 'CHARGE', 244, '2034-02-12');
  const m = await a.post('collab', '/api/sdd_mandates', {
    customer_id: rossi,
    reference: 'RH-ROSSI-1',
    iban: italianIban('02008', '05077', '000000123123'),
    signature_date: addDays(today, -40),
    scheme: 'CORE',
    sequence_type: 'RCUR',
    status: 'active',
  });
  expect(m.statusCode, m.body).toBe(201);
  const body = {
    due_from: '2034-02-01',
    due_to: '2034-02-28',
    collection_date: nextTarget2Day(addDays(today, 1)),
    customer_ids: [rossi],
  };
  const p = (await a.post('collab', '/api/sdd/preview', body)).json().data;
  const b = await a.post('collab', '/api/sdd/batches', { ...body, fingerprint: p.fingerprint });
  expect(b.statusCode, b.body).toBe(201);
  e2eRossi = (await a.get('collab', `/api/sdd/batches/${b.json().data.id}`)).json().data.debit_list[0].end_to_end_id;
});
afterAll(async () => {
  await t?.close();
});

const entries = (): CamtEntry[] => [
  { kind: 'credit', amount: 150, date: '2034-02-15', endToEndId: e2eRossi, name: 'STUDIO DEMO', ref: 'RH1' },
  {
    kind: 'credit',
    amount: 244,
    date: '2034-02-16',
    name: 'VERDI IMPIANTI RH SNC',
    iban: italianIban('03069', '03204', '000000555555'),
    remittance: 'SALDO ONORARI FEBBRAIO',
    ref: 'RH2',
  },
  {
    kind: 'credit',
    amount: 77.77,
    date: '2034-02-17',
    name: 'SCONOSCIUTO ANTONIO',
    remittance: 'RIMBORSO',
    ref: 'RH3',
  },
  { kind: 'debit', amount: 2.5, date: '2034-02-18', name: 'BANCA', remittance: 'COMMISSIONI', ref: 'RH4' },
];

describe('CBI RH statements', () => {
  it('an RH file (named .txt) is read as CBI RH and matched as a CAMT is: SDD by end-to-end id, a transfer by name, the unknown unmatched, the fee ignored; each line with its CBI code', async () => {
    const rh = cbiRh({ abi: '05428', sia: 'S0001', iban: STUDIO_IBAN, created: '2034-02-19', entries: entries() });
    const cols = await (async () => {
      const body = await multipart({}, [{ name: 'movimenti.txt', bytes: Buffer.from(rh) }], 'file');
      return a.call('collab', 'POST', '/api/bank/statements/columns', { payload: body.payload, headers: body.headers });
    })();
    expect(cols.statusCode, cols.body).toBe(200);
    expect(cols.json().data).toMatchObject({ format: 'cbi_rh', headers: [] });
    const r = await upload('movimenti.txt', rh);
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().data).toMatchObject({ format: 'cbi_rh', iban: STUDIO_IBAN, lines: 4 });
    expect(r.json().more).toEqual([]);
    const [sdd, transfer, unknown, fee] = await lines(r.json().data.id);
    expect(sdd).toMatchObject({ status: 'matched', customer_id: rossi, reason: 'sdd', end_to_end_id: e2eRossi });
    expect(sdd.cbi_code).toBe('56');
    expect(transfer.customer_id).toBe(verdi);
    expect(['matched', 'proposed']).toContain(transfer.status);
    expect(transfer).toMatchObject({ cbi_code: '48', cbi_code_text: expect.stringMatching(/^Bonifico/) });
    expect(unknown).toMatchObject({ status: 'unmatched', customer_id: null, amount: 77.77 });
    expect(fee).toMatchObject({ status: 'ignored', amount: -2.5 });
    // the same file again: nothing posted
    const before = await count();
    const again = await upload('movimenti-copia.txt', rh);
    expect(again.statusCode).toBe(409);
    expect(await count()).toBe(before);
  });

  it('a file of two banks gives two statements, each to its account', async () => {
    const two =
      cbiRh({
        abi: '05428',
        sia: 'S0001',
        iban: STUDIO_IBAN,
        created: '2034-03-01',
        entries: [{ kind: 'credit', amount: 10, date: '2034-02-27', name: 'UNO', ref: 'B1' }],
      }) +
      cbiRh({
        abi: secondIban.slice(5, 10),
        sia: 'S0002',
        iban: secondIban,
        created: '2034-03-01',
        entries: [
          { kind: 'credit', amount: 20, date: '2034-02-27', name: 'DUE', ref: 'B2' },
          { kind: 'credit', amount: 30, date: '2034-02-28', name: 'TRE', ref: 'B3' },
        ],
      });
    const r = await upload('due-banche.rh', two);
    expect(r.statusCode, r.body).toBe(201);
    const all = [r.json().data, ...r.json().more];
    expect(all.map((s: { iban: string; lines: number; format: string }) => [s.iban, s.lines, s.format])).toEqual([
      [STUDIO_IBAN, 1, 'cbi_rh'],
      [secondIban, 2, 'cbi_rh'],
    ]);
  });

  it("an account that is not the studio's, a malformed record: refused in Italian, nothing imported", async () => {
    const before = await count();
    const foreign = cbiRh({
      abi: '03069',
      sia: 'S0003',
      iban: italianIban('03069', '09606', '999999999999'),
      created: '2034-03-02',
      entries: [{ kind: 'credit', amount: 5, date: '2034-03-01', name: 'X', ref: 'F1' }],
    });
    const r = await upload('altro.txt', foreign);
    expect(r.statusCode).toBe(422);
    expect(r.json().message).toContain('che non è un conto dello studio');
    const good = cbiRh({
      abi: '05428',
      sia: 'S0001',
      iban: STUDIO_IBAN,
      created: '2034-03-03',
      entries: [{ kind: 'credit', amount: 5, date: '2034-03-01', name: 'X', ref: 'M1' }],
    });
    const rows = good.split('\r\n');
    const at = rows.findIndex((l) => l.startsWith(' 62'));
    rows[at] = `${rows[at]!.slice(0, 26)}00000000001x,00${rows[at]!.slice(41)}`;
    const bad = await upload('rotto.txt', rows.join('\r\n'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(new RegExp(`^Riga ${at + 1}: `));
    // more movements than a statement may have: refused from the records' count, before they are read
    const fine = good.split('\r\n');
    const many = [...fine.slice(0, at), ...Array.from({ length: 50_001 }, () => fine[at]!), ...fine.slice(at + 1)].join(
      '\r\n',
    );
    const tooMany = await upload('troppi.txt', many);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toContain('50.000');
    expect(await count()).toBe(before);
  });
});
