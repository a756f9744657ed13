/**
 * 'Fattura addebiti' (issue 28 item 1): a period's charges not yet invoiced become one TD01 per
 * customer, one line per charge, numbered after the year's last number; the preview says what is
 * skipped and why; the run is all or nothing, refused when the charges changed since the preview
 * (also under 10 concurrent runs: one wins, no number twice, none skipped); a charge is invoiced
 * once and an invoice in the trash frees it; every XML valid against the official schema; bad
 * input gets an Italian 422; another studio's charges are never seen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, romeToday, type Api } from '../helpers/api.js';
import { fatturapaErrors } from '../helpers/fatturapaXsd.js';

let t: TestApp;
let a: Api;
let demoId: number;
const today = romeToday();
const year = Number(today.slice(0, 4));
// March of this year: the demo's secretarial fees (15 March) and installments
const period = { from: `${year}-03-01`, to: `${year}-03-31` };

interface Plan {
  date: string;
  invoices: Array<{
    customer_id: number;
    business_name: string;
    number: string;
    id?: number;
    lines: Array<{ transaction_id: number; amount: number; description: string }>;
    taxable: number;
    tax: number;
    total: number;
  }>;
  skipped: Array<{ customer_id: number; business_name: string; reasons: string[]; charges: number }>;
  totals: { invoices: number; lines: number };
  fingerprint: string;
}
const preview = async (body: Record<string, unknown> = period) => {
  const res = await a.post('collab', '/api/invoicing/preview', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Plan;
};
/** the charges of the period not on an invoice outside the trash, as SQL counts them */
const openInPeriod = async () =>
  (
    await a.sql<{ id: number }>(
      `SELECT t."id" FROM "transactions" t JOIN "customers" c ON c."id" = t."customer_id" AND c."deleted_at" IS NULL
      WHERE t."studio_id" = $1 AND t."type" = 'CHARGE' AND t."deleted_at" IS NULL AND t."date" >= $2::date AND t."date" < $3::date + 1
      AND NOT EXISTS (SELECT 1 FROM "e_document_services" l JOIN "e_documents" d ON d."id" = l."e_document_id"
        WHERE l."transaction_id" = t."id" AND d."deleted_at" IS NULL) ORDER BY t."id"`,
      [demoId, period.from, period.to],
    )
  ).map((r) => Number(r.id));
const lastNumber = async () =>
  Number(
    (
      await a.sql<{ n: string }>(
        `SELECT COALESCE(MAX("number"::bigint), 0)::text AS "n" FROM "e_documents" WHERE "studio_id" = $1 AND "year" = $2`,
        [demoId, year],
      )
    )[0]!.n,
  );

beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
  demoId = await a.studioId('Studio Demo');
  // two customers that cannot be invoiced: a company without SDI code and PEC, one without address
  const withCharges = await a.sql<{ customer_id: number }>(
    `SELECT DISTINCT t."customer_id" FROM "transactions" t WHERE t."studio_id" = $1 AND t."type" = 'CHARGE'
    AND t."date" >= $2::date AND t."date" < $3::date + 1 ORDER BY 1 LIMIT 2`,
    [demoId, period.from, period.to],
  );
  expect(withCharges).toHaveLength(2);
  await a.sql(
    `UPDATE "customers" SET "sdi_code" = NULL, "pec" = NULL, "vat_id" = COALESCE("vat_id", '01234567897') WHERE "id" = $1`,
    [withCharges[0]!.customer_id],
  );
  await a.sql(`UPDATE "customers" SET "address" = '' WHERE "id" = $1`, [withCharges[1]!.customer_id]);
});
afterAll(async () => {
  await t?.close();
});

describe('invoicing the charges', () => {
  let plan: Plan;

  it('the preview: one invoice per customer with charges, one line per open charge, numbers after the last, the skipped with their reasons', async () => {
    const open = await openInPeriod();
    expect(open.length).toBeGreaterThan(10);
    plan = await preview();
    const lines = plan.invoices.flatMap((i) => i.lines.map((l) => l.transaction_id));
    const skippedCharges = plan.skipped.reduce((s, x) => s + x.charges, 0);
    // every open charge of the period is on a line or with a skipped customer, none twice
    expect(new Set(lines).size).toBe(lines.length);
    expect(lines.length + skippedCharges).toBe(open.length);
    expect(lines.every((id) => open.includes(id))).toBe(true);
    expect(plan.totals).toMatchObject({ invoices: plan.invoices.length, lines: lines.length });
    // numbered after the year's last, in order, no gap
    const first = (await lastNumber()) + 1;
    expect(plan.invoices.map((i) => i.number)).toEqual(plan.invoices.map((_i, n) => String(first + n)));
    // the demo studio is in the ordinary regime: 22 % on each line's amount
    for (const inv of plan.invoices.slice(0, 5)) {
      const sum = inv.lines.reduce((s, l) => s + Math.round(l.amount * 100), 0);
      expect(Math.round(inv.taxable * 100)).toBeGreaterThanOrEqual(sum);
      expect(Math.round(inv.tax * 100)).toBe(Math.round(Math.round(inv.taxable * 100) * 0.22));
    }
    expect(plan.skipped.map((s) => s.reasons)).toEqual(
      expect.arrayContaining([
        [expect.stringContaining('manca il codice destinatario SDI o la PEC')],
        [expect.stringContaining("manca l'indirizzo")],
      ]),
    );
    // the preview writes nothing
    expect(await openInPeriod()).toEqual(open);
  });

  it('the run: the preview issued at once, every charge linked to its line, each XML valid against the official schema', async () => {
    const before = await lastNumber();
    const res = await a.post('collab', '/api/invoicing/run', { ...period, fingerprint: plan.fingerprint });
    expect(res.statusCode, res.body).toBe(201);
    const done = res.json().data as Plan;
    expect(done.invoices.map((i) => [i.customer_id, i.number])).toEqual(
      plan.invoices.map((i) => [i.customer_id, i.number]),
    );
    expect(await lastNumber()).toBe(before + plan.invoices.length);
    const linked = await a.sql<{ transaction_id: number; e_document_id: number }>(
      `SELECT l."transaction_id", l."e_document_id" FROM "e_document_services" l WHERE l."e_document_id" = ANY($1::int[]) ORDER BY l."transaction_id"`,
      [done.invoices.map((i) => i.id)],
    );
    expect(linked.map((l) => Number(l.transaction_id)).sort((x, y) => x - y)).toEqual(
      plan.invoices.flatMap((i) => i.lines.map((l) => l.transaction_id)).sort((x, y) => x - y),
    );
    // only the skipped customers' charges are left open in the period
    expect((await openInPeriod()).length).toBe(plan.skipped.reduce((s, x) => s + x.charges, 0));
    for (const inv of done.invoices.slice(0, 3)) {
      const xml = await a.get('collab', `/api/edocuments/${inv.id}/actions/download_xml`);
      expect(xml.statusCode, xml.body).toBe(200);
      expect(await fatturapaErrors(xml.body)).toEqual([]);
      expect(xml.body).toContain(`<Numero>${inv.number}</Numero>`);
    }
    // a second look at the period: nothing left to invoice, and the old preview cannot run again
    expect((await preview()).invoices).toEqual([]);
    const again = await a.post('collab', '/api/invoicing/run', { ...period, fingerprint: plan.fingerprint });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/cambiati dopo l'anteprima/);
  });

  it('an invoice in the trash frees its charges; restoring it once they are invoiced again is refused', async () => {
    const [inv] = await a.sql<{ id: number; number: string; customer_id: number; updated_at: string }>(
      `SELECT d."id", d."number", d."customer_id", d."updated_at"::text FROM "e_documents" d
      WHERE d."studio_id" = $1 AND EXISTS (SELECT 1 FROM "e_document_services" l WHERE l."e_document_id" = d."id" AND l."transaction_id" IS NOT NULL)
      ORDER BY d."id" LIMIT 1`,
      [demoId],
    );
    const del = await a.del('collab', `/api/edocuments/${inv!.id}`);
    expect(del.statusCode, del.body).toBeLessThan(300);
    const freed = await preview({ ...period, customer_ids: [inv!.customer_id] });
    expect(freed.invoices).toHaveLength(1);
    const rerun = await a.post('collab', '/api/invoicing/run', {
      ...period,
      customer_ids: [inv!.customer_id],
      fingerprint: freed.fingerprint,
    });
    expect(rerun.statusCode, rerun.body).toBe(201);
    const newNumber = (rerun.json().data as Plan).invoices[0]!.number;
    const restore = await a.put('collab', `/api/edocuments/${inv!.id}`, { restore: true, deleted_at: null });
    expect(restore.statusCode).toBe(409);
    expect(restore.json().message).toContain(`fattura n. ${newNumber}`);
    const still = await a.sql<{ deleted_at: string | null }>(`SELECT "deleted_at" FROM "e_documents" WHERE "id" = $1`, [
      inv!.id,
    ]);
    expect(still[0]!.deleted_at).not.toBeNull();
    // once the new invoice is in the trash, the old one comes back with its charges
    const newId = (rerun.json().data as Plan).invoices[0]!.id!;
    expect((await a.del('collab', `/api/edocuments/${newId}`)).statusCode).toBeLessThan(300);
    const back = await a.put('collab', `/api/edocuments/${inv!.id}`, { restore: true, deleted_at: null });
    expect(back.statusCode, back.body).toBe(200);
    expect((await preview({ ...period, customer_ids: [inv!.customer_id] })).invoices).toEqual([]);
  });

  it('an issued invoice edited in the editor keeps its charges on the rows it keeps; a row taken out frees its charge', async () => {
    const [inv] = await a.sql<{ id: number; customer_id: number }>(
      `SELECT d."id", d."customer_id" FROM "e_documents" d WHERE d."studio_id" = $1 AND d."deleted_at" IS NULL
      AND (SELECT count(*) FROM "e_document_services" l WHERE l."e_document_id" = d."id" AND l."transaction_id" IS NOT NULL) >= 2
      ORDER BY d."id" LIMIT 1`,
      [demoId],
    );
    expect(inv, 'an issued invoice with two charges').toBeTruthy();
    const read = (await a.get('collab', `/api/edocument/${inv!.id}`)).json().data;
    const rows = read.serviceRows as Array<{ id: number; description: string }>;
    const save = (serviceRows: unknown[]) =>
      a.put('collab', `/api/edocument/${inv!.id}`, {
        studioId: demoId,
        customerId: read.customerId,
        documentType: read.documentType,
        documentDate: read.documentDate,
        documentNumber: read.documentNumber,
        serviceRows,
        updated_at: read.updated_at,
      });
    const renamed = await save(rows.map((r) => ({ ...r, description: `${r.description} (rivista)` })));
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await preview({ ...period, customer_ids: [inv!.customer_id] })).invoices).toEqual([]);
    const again = (await a.get('collab', `/api/edocument/${inv!.id}`)).json().data;
    const dropped = await a.put('collab', `/api/edocument/${inv!.id}`, {
      studioId: demoId,
      customerId: again.customerId,
      documentType: again.documentType,
      documentDate: again.documentDate,
      documentNumber: again.documentNumber,
      serviceRows: again.serviceRows.slice(1),
      updated_at: again.updated_at,
    });
    expect(dropped.statusCode, dropped.body).toBe(200);
    const freed = await preview({ ...period, customer_ids: [inv!.customer_id] });
    expect(freed.invoices.flatMap((i) => i.lines.map((l) => l.description))).toEqual([rows[0]!.description]);
  });

  it('10 runs of one preview at once: one issues the invoices, nine get 409; numbers without gap or duplicate', async () => {
    // April's charges, still open
    const april = { from: `${year}-04-01`, to: `${year}-04-30`, date: today };
    await a.sql(
      `INSERT INTO "transactions" ("studio_id", "customer_id", "type", "amount", "date", "transaction_note")
      SELECT "studio_id", "id", 'CHARGE', 40.00, make_timestamp(${year}, 4, 20, 0, 0, 0), 'Pratica straordinaria'
      FROM "customers" WHERE "studio_id" = $1 AND "deleted_at" IS NULL AND "sdi_code" IS NOT NULL AND "address" <> '' ORDER BY "id" LIMIT 12`,
      [demoId],
    );
    const p = await preview(april);
    expect(p.invoices.length).toBeGreaterThanOrEqual(12);
    const before = await lastNumber();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        a.post('collab', '/api/invoicing/run', { ...april, fingerprint: p.fingerprint }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, ...Array(9).fill(409)]);
    const numbers = (
      await a.sql<{ number: string }>(
        `SELECT "number" FROM "e_documents" WHERE "studio_id" = $1 AND "year" = $2 ORDER BY "number"::bigint`,
        [demoId, year],
      )
    ).map((r) => Number(r.number));
    expect(numbers).toEqual(numbers.map((_n, i) => numbers[0]! + i));
    expect(numbers.at(-1)).toBe(before + p.invoices.length);
    const twice = await a.sql(
      `SELECT l."transaction_id" FROM "e_document_services" l JOIN "e_documents" d ON d."id" = l."e_document_id"
      WHERE d."deleted_at" IS NULL AND l."transaction_id" IS NOT NULL GROUP BY 1 HAVING count(*) > 1`,
    );
    expect(twice).toEqual([]);
  });

  it('bad input: an Italian 422 naming the field, nothing written', async () => {
    const count = async () =>
      Number((await a.sql<{ n: string }>(`SELECT count(*)::text AS "n" FROM "e_documents"`))[0]!.n);
    const before = await count();
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ to: period.to }, 'from', /Indica il periodo/],
      [{ from: period.from, to: 'domani' }, 'to', /Indica il periodo/],
      [{ from: period.to, to: period.from }, 'to', /dopo quella finale/],
      [{ from: `${year - 2}-01-01`, to: period.to }, 'to', /al più 366 giorni/],
      [{ ...period, date: `${year + 1}-01-10` }, 'date', /non può essere futura/],
      [{ ...period, date: `${year}-01-01` }, 'date', /precedente all'ultima fattura/],
      [{ ...period, customer_ids: 'tutti' }, 'customer_ids', /Scegli da 1/],
    ];
    for (const [body, field, message] of cases) {
      const res = await a.post('collab', '/api/invoicing/preview', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().message).toMatch(message);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
    const noPreview = await a.post('collab', '/api/invoicing/run', period);
    expect(noPreview.statusCode).toBe(422);
    expect(noPreview.json().message).toMatch(/Manca l'anteprima/);
    expect(await count()).toBe(before);
  });

  it('another studio sees none of these charges; a role below Collaboratore may not invoice', async () => {
    const res = await a.post('bianchi', '/api/invoicing/preview', { from: `${year}-01-01`, to: today });
    expect(res.statusCode, res.body).toBe(200);
    const demoCustomers = new Set(
      (await a.sql<{ id: number }>(`SELECT "id" FROM "customers" WHERE "studio_id" = $1`, [demoId])).map((r) =>
        Number(r.id),
      ),
    );
    const seen = [...res.json().data.invoices, ...res.json().data.skipped].map(
      (i: { customer_id: number }) => i.customer_id,
    );
    expect(seen.filter((id) => demoCustomers.has(id))).toEqual([]);
    // Demo's customers named by another studio: nothing of theirs is found
    const named = await a.post('bianchi', '/api/invoicing/preview', {
      from: `${year}-01-01`,
      to: today,
      customer_ids: [...demoCustomers].slice(0, 5),
    });
    expect(named.json().data.invoices).toEqual([]);
    const utente = await a.utente('ugo.fatture@studiodemo.test');
    const denied = await a.t.app.inject({
      method: 'POST',
      url: '/api/invoicing/preview',
      headers: utente,
      payload: period,
    });
    expect(denied.statusCode).toBe(403);
  });
});
