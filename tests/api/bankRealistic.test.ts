/**
 * The matching on a realistic statement (issue 29, done-when): 500 lines made from the demo data by
 * the generator the project ships (server/areas/collections/demoStatement.ts: the Italian payer
 * names and remittance texts banks print, partial payments, invoices by number, refunds, fees) are
 * imported as a CAMT.053; of the lines that pay a known charge at least 90 % are matched
 * automatically and none is matched to the wrong customer. The figures are printed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, romeToday, type Api } from '../helpers/api.js';
import { multipart } from '../helpers/multipart.js';
import { camt053 } from '../helpers/camt.js';
import { realisticStatement } from '../../server/areas/collections/demoStatement.js';

let t: TestApp;
let a: Api;
let demoId: number;

beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
  demoId = await a.studioId('Studio Demo');
});
afterAll(async () => {
  await t?.close();
});

const addDays = (d: string, n: number) =>
  new Date(Date.parse(`${d}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe('matching a realistic statement', () => {
  it('500 lines from the demo data: ≥ 90 % of the lines that pay a known charge matched automatically, 0 to the wrong customer', async () => {
    const today = romeToday();
    // next year's installments generated, as a studio does in December: more open charges to pay
    const ids = (
      await a.sql<{ id: number }>(
        `SELECT "id" FROM "customers" WHERE "studio_id" = $1 AND "ceased" = 0 ORDER BY "id"`,
        [demoId],
      )
    ).map((r) => r.id);
    const gen = await a.post('admin', '/api/generate_credit_transactions', {
      customer_ids: ids,
      year: Number(today.slice(0, 4)) + 1,
    });
    expect(gen.statusCode, gen.body).toBe(200);
    const plan = await realisticStatement(t.exec, demoId, {
      lines: 500,
      seed: 29,
      from: addDays(today, -30),
      to: today,
    });
    expect(plan.entries).toHaveLength(500);
    const [studio] = await a.sql<{ iban: string }>(`SELECT "iban" FROM "studios" WHERE "id" = $1`, [demoId]);
    const xml = camt053({ iban: studio!.iban.replace(/\s+/g, ''), id: 'REALISTIC-500', entries: plan.entries });
    const body = await multipart({}, [{ name: 'estratto-500.xml', bytes: Buffer.from(xml) }], 'file');
    const res = await a.call('collab', 'POST', '/api/bank/statements', {
      payload: body.payload,
      headers: body.headers,
    });
    expect(res.statusCode, res.body).toBe(201);
    const lines = (await a.get('collab', `/api/bank/statements/${res.json().data.id}`)).json().data.lines as Array<{
      line_no: number;
      status: string;
      customer_id: number | null;
    }>;
    expect(lines).toHaveLength(500);
    let paying = 0;
    let auto = 0;
    let proposedRight = 0;
    let proposedWrong = 0;
    let matchedWrong = 0;
    let unmatched = 0;
    let noiseMatched = 0;
    lines.forEach((l) => {
      const truth = plan.truth[l.line_no - 1];
      if (truth == null) {
        if (l.status === 'matched') noiseMatched++;
        return;
      }
      paying++;
      if (l.status === 'matched') {
        if (l.customer_id === truth) auto++;
        else matchedWrong++;
      } else if (l.status === 'proposed') {
        if (l.customer_id === truth) proposedRight++;
        else proposedWrong++;
      } else unmatched++;
    });
    const pct = (n: number) => `${((100 * n) / paying).toFixed(1)} %`;
    console.log(
      `realistic statement: ${lines.length} lines, ${paying} pay a known charge: matched automatically ${auto} (${pct(auto)}), ` +
        `matched to the wrong customer ${matchedWrong}, proposed right ${proposedRight}, proposed wrong ${proposedWrong}, ` +
        `unmatched ${unmatched}; other lines matched to a customer ${noiseMatched}`,
    );
    expect(paying).toBeGreaterThan(400);
    expect(matchedWrong).toBe(0);
    expect(noiseMatched).toBe(0);
    expect(auto / paying).toBeGreaterThanOrEqual(0.9);
  });
});
