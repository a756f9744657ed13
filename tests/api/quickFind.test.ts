/**
 * Quick find (issue 16 item 3): GET /api/quick_find?q= — the caller's customers (name, VAT
 * number, fiscal code, e-mail), legal representatives and e-invoices (number), grouped by kind,
 * at most 8 each, exact codes first, with the app's route of each record; never another studio's
 * or a trashed row, only the kinds the caller's role may read; 422 under 2 characters; LIKE's
 * wildcards in the text match themselves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, type Api, type Who } from '../helpers/api.js';

let t: TestApp;
let a: Api;
let demoId: number;
let bianchiId: number;

interface Hit {
  kind: 'customer' | 'legal_representative' | 'einvoice';
  id: number;
  title: string;
  subtitle: string;
  path: string;
}

beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
  demoId = await a.studioId('Studio Demo');
  bianchiId = await a.studioId('Studio Bianchi');
});
afterAll(async () => {
  await t?.close();
});

async function find(who: Who, q: string): Promise<Hit[]> {
  const res = await a.get(who, '/api/quick_find', { q });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Hit[];
}
const ofKind = (hits: Hit[], kind: Hit['kind']) => hits.filter((h) => h.kind === kind);

/** a not trashed customer of Studio Demo with a VAT number that is not its fiscal code's person */
async function demoCustomer(where = 'TRUE') {
  const [c] = await a.sql<{ id: number; business_name: string; vat_id: string; fiscal_code: string; email: string }>(
    `SELECT "id", "business_name", "vat_id", "fiscal_code", "email" FROM "customers"
     WHERE "studio_id" = $1 AND "deleted_at" IS NULL AND "vat_id" IS NOT NULL AND ${where} ORDER BY "id" LIMIT 1`,
    [demoId],
  );
  return { ...c!, id: Number(c!.id) };
}

describe('GET /api/quick_find', () => {
  it('quick find: a customer by VAT number — whole, with blanks, with the IT prefix — first, with the path of its card', async () => {
    const c = await demoCustomer();
    const spaced = `${c.vat_id.slice(0, 4)} ${c.vat_id.slice(4, 8)} ${c.vat_id.slice(8)}`;
    for (const q of [c.vat_id, spaced, `IT${c.vat_id}`, ` it ${spaced} `]) {
      const hits = ofKind(await find('admin', q), 'customer');
      expect(hits[0], q).toEqual({
        kind: 'customer',
        id: c.id,
        title: c.business_name,
        subtitle: expect.stringContaining(`P. IVA ${c.vat_id}`),
        path: `/Customer/${c.id}`,
      });
    }
    // by prefix: the first digits (without blanks) find it among the codes that start so
    const prefix = c.vat_id.slice(0, 10);
    const starting = await a.sql<{ n: number }>(
      `SELECT count(*)::int AS "n" FROM "customers" WHERE "studio_id" = $1 AND "deleted_at" IS NULL AND ("vat_id" LIKE $2 OR "fiscal_code" LIKE $2)`,
      [demoId, `${prefix}%`],
    );
    const byPrefix = ofKind(await find('admin', `${prefix.slice(0, 5)} ${prefix.slice(5)}`), 'customer');
    expect(byPrefix.length).toBe(Math.min(8, Number(starting[0]!.n)));
    expect(byPrefix.map((h) => h.id)).toContain(c.id);
  });

  it('quick find: an exact VAT number comes before rows that only contain it, whatever their names', async () => {
    const c = await demoCustomer();
    const other = await demoCustomer(`"id" <> ${c.id}`);
    await a.sql('UPDATE "customers" SET "business_name" = $1 WHERE "id" = $2', [`AAA nota ${c.vat_id}`, other.id]);
    try {
      const hits = ofKind(await find('admin', c.vat_id), 'customer');
      expect(hits.map((h) => h.id).slice(0, 2)).toEqual([c.id, other.id]);
    } finally {
      await a.sql('UPDATE "customers" SET "business_name" = $1 WHERE "id" = $2', [other.business_name, other.id]);
    }
  });

  it('quick find: a customer by fiscal code, in any letter case; its legal representative too', async () => {
    // a customer without an AML file: one with a file is never trashed (Regola Tecnica 3)
    const c = await demoCustomer(
      `"fiscal_code" IS NOT NULL AND "fiscal_code" <> "vat_id" AND NOT EXISTS (SELECT 1 FROM "aml_identifications" i WHERE i."customer_id" = "customers"."id") AND NOT EXISTS (SELECT 1 FROM "aml_assessments" x WHERE x."customer_id" = "customers"."id")`,
    );
    expect(c.fiscal_code).toMatch(/^[A-Z]{6}\d{2}/);
    const hits = await find('admin', c.fiscal_code.toLowerCase());
    expect(ofKind(hits, 'customer').map((h) => h.id)).toContain(c.id);
    expect(ofKind(hits, 'customer')[0]!.subtitle).toContain(`C.F. ${c.fiscal_code}`);
    const [rep] = await a.sql<{ id: number }>(
      'SELECT "legal_representative_id" AS "id" FROM "customers" WHERE "id" = $1',
      [c.id],
    );
    expect(ofKind(hits, 'legal_representative')[0]).toMatchObject({
      id: Number(rep!.id),
      path: `/LegalRepresentative/${Number(rep!.id)}`,
    });
  });

  it('quick find: a customer by e-mail', async () => {
    const [c] = await a.sql<{ id: number; email: string }>(
      `SELECT min("id") AS "id", "email" FROM "customers" WHERE "studio_id" = $1 AND "deleted_at" IS NULL
      GROUP BY "email" HAVING count(*) = 1 ORDER BY 1 LIMIT 1`,
      [demoId],
    );
    const hits = ofKind(await find('admin', c!.email.toUpperCase()), 'customer');
    expect(hits.map((h) => h.id)).toEqual([Number(c!.id)]);
  });

  it('quick find: a customer by name — every word anywhere in it, in any order and case — sorted by name', async () => {
    const c1 = await demoCustomer();
    const c2 = await demoCustomer(`"id" <> ${c1.id}`);
    await a.sql('UPDATE "customers" SET "business_name" = $1 WHERE "id" = $2', ['Zeta Quickfind Alfa S.r.l.', c1.id]);
    await a.sql('UPDATE "customers" SET "business_name" = $1 WHERE "id" = $2', ['Quickfind Beta S.n.c.', c2.id]);
    try {
      expect(ofKind(await find('admin', 'alfa QUICKFIND'), 'customer').map((h) => [h.id, h.title])).toEqual([
        [c1.id, 'Zeta Quickfind Alfa S.r.l.'],
      ]);
      expect(ofKind(await find('admin', 'quickf'), 'customer').map((h) => h.title)).toEqual([
        'Quickfind Beta S.n.c.',
        'Zeta Quickfind Alfa S.r.l.',
      ]);
    } finally {
      await a.sql('UPDATE "customers" SET "business_name" = $1 WHERE "id" = $2', [c1.business_name, c1.id]);
      await a.sql('UPDATE "customers" SET "business_name" = $1 WHERE "id" = $2', [c2.business_name, c2.id]);
    }
  });

  it('quick find: a legal representative by surname and name (either order) and by fiscal code', async () => {
    const [r] = await a.sql<{ id: number; name: string; surname: string; fiscal_code: string }>(
      `SELECT min("id") AS "id", "name", "surname", min("fiscal_code") AS "fiscal_code"
      FROM "legal_representatives" WHERE "studio_id" = $1 AND "deleted_at" IS NULL GROUP BY "name", "surname" HAVING count(*) = 1 ORDER BY 1 LIMIT 1`,
      [demoId],
    );
    const id = Number(r!.id);
    const expected = {
      kind: 'legal_representative',
      id,
      title: `${r!.name} ${r!.surname}`,
      subtitle: expect.stringContaining(`C.F. ${r!.fiscal_code}`),
      path: `/LegalRepresentative/${id}`,
    };
    expect(
      ofKind(await find('admin', `${r!.surname} ${r!.name}`.toLowerCase()), 'legal_representative'),
    ).toContainEqual(expected);
    expect(ofKind(await find('admin', `${r!.name} ${r!.surname}`), 'legal_representative')).toContainEqual(expected);
    expect(ofKind(await find('collab', r!.fiscal_code), 'legal_representative')[0]).toEqual(expected);
  });

  it("quick find: an e-invoice by number (or number/year), the exact number first, with the editor's path", async () => {
    const [d] = await a.sql<{ id: number; year: number; customer: string; date: string }>(
      `SELECT e."id", e."year", c."business_name" AS "customer", to_char(e."date", 'DD/MM/YYYY') AS "date"
      FROM "e_documents" e JOIN "customers" c ON c."id" = e."customer_id" WHERE e."studio_id" = $1 AND e."type" = 'TD01' AND e."deleted_at" IS NULL ORDER BY e."id" LIMIT 1`,
      [demoId],
    );
    const [d2] = await a.sql<{ id: number }>(
      `SELECT "id" FROM "e_documents" WHERE "studio_id" = $1 AND "id" <> $2 AND "deleted_at" IS NULL ORDER BY "id" LIMIT 1`,
      [demoId, d!.id],
    );
    const [old] = await a.sql<{ number: string }>('SELECT "number" FROM "e_documents" WHERE "id" = $1', [d!.id]);
    const [old2] = await a.sql<{ number: string }>('SELECT "number" FROM "e_documents" WHERE "id" = $1', [d2!.id]);
    await a.sql('UPDATE "e_documents" SET "number" = $1 WHERE "id" = $2', ['FE-42', d!.id]);
    await a.sql('UPDATE "e_documents" SET "number" = $1 WHERE "id" = $2', ['FE-420', d2!.id]);
    try {
      const id = Number(d!.id);
      const expected = {
        kind: 'einvoice',
        id,
        title: `Fattura n. FE-42/${d!.year}`,
        subtitle: `${d!.customer} · del ${d!.date}`,
        path: `/EDocument/${id}`,
      };
      // both contain 'fe-42'; the exact one first
      expect(ofKind(await find('admin', 'fe-42'), 'einvoice')).toEqual([
        expected,
        expect.objectContaining({ id: Number(d2!.id) }),
      ]);
      expect(ofKind(await find('collab', `FE-42/${d!.year}`), 'einvoice')).toEqual([expected]);
      expect(ofKind(await find('admin', `FE-42/${Number(d!.year) - 1}`), 'einvoice')).toEqual([]);
    } finally {
      await a.sql('UPDATE "e_documents" SET "number" = $1 WHERE "id" = $2', [old!.number, d!.id]);
      await a.sql('UPDATE "e_documents" SET "number" = $1 WHERE "id" = $2', [old2!.number, d2!.id]);
    }
  });

  it("quick find: another studio's rows are never found", async () => {
    const c = await demoCustomer();
    expect(await find('bianchi', c.vat_id)).toEqual([]);
    const [b] = await a.sql<{ id: number; vat_id: string }>(
      'SELECT "id", "vat_id" FROM "customers" WHERE "studio_id" = $1 AND "vat_id" IS NOT NULL ORDER BY "id" LIMIT 1',
      [bianchiId],
    );
    expect(ofKind(await find('bianchi', b!.vat_id), 'customer')[0]?.id).toBe(Number(b!.id));
    expect(await find('admin', b!.vat_id)).toEqual([]);
    // a broad text: whatever each studio finds is its own
    for (const [who, studio] of [
      ['admin', demoId],
      ['bianchi', bianchiId],
    ] as const) {
      const hits = await find(who, 'ar');
      expect(hits.length).toBeGreaterThan(0);
      const tables = { customer: 'customers', legal_representative: 'legal_representatives', einvoice: 'e_documents' };
      for (const h of hits) {
        const [row] = await a.sql<{ studio_id: number }>(
          `SELECT "studio_id" FROM "${tables[h.kind]}" WHERE "id" = $1`,
          [h.id],
        );
        expect(Number(row!.studio_id), `${who} ${h.kind} ${h.id}`).toBe(studio);
      }
    }
    // the SuperAdmin searches its own studio too
    expect(await find('superadmin', c.vat_id)).toEqual([]);
  });

  it('quick find: trashed customers, legal representatives and e-invoices are not found', async () => {
    // a customer without an AML file: one with a file is never trashed (Regola Tecnica 3)
    const c = await demoCustomer(
      `"fiscal_code" IS NOT NULL AND "fiscal_code" <> "vat_id" AND NOT EXISTS (SELECT 1 FROM "aml_identifications" i WHERE i."customer_id" = "customers"."id") AND NOT EXISTS (SELECT 1 FROM "aml_assessments" x WHERE x."customer_id" = "customers"."id")`,
    );
    const [rep] = await a.sql<{ id: number; fiscal_code: string }>(
      'SELECT r."id", r."fiscal_code" FROM "legal_representatives" r JOIN "customers" c ON c."legal_representative_id" = r."id" WHERE c."id" = $1',
      [c.id],
    );
    const [d] = await a.sql<{ id: number }>(
      'SELECT "id" FROM "e_documents" WHERE "studio_id" = $1 AND "deleted_at" IS NULL ORDER BY "id" LIMIT 1',
      [demoId],
    );
    const [old] = await a.sql<{ number: string }>('SELECT "number" FROM "e_documents" WHERE "id" = $1', [d!.id]);
    await a.sql('UPDATE "e_documents" SET "number" = $1 WHERE "id" = $2', ['QF-TRASH', d!.id]);
    const ids = async () => {
      const hits = [...(await find('admin', c.fiscal_code)), ...(await find('admin', 'qf-trash'))];
      return hits.map((h) => `${h.kind}:${h.id}`);
    };
    const all = [`customer:${c.id}`, `legal_representative:${Number(rep!.id)}`, `einvoice:${Number(d!.id)}`];
    try {
      expect(await ids()).toEqual(expect.arrayContaining(all));
      expect((await a.del('admin', `/api/customers/${c.id}`)).statusCode).toBe(200);
      await a.sql('UPDATE "legal_representatives" SET "deleted_at" = LOCALTIMESTAMP WHERE "id" = $1', [rep!.id]);
      await a.sql('UPDATE "e_documents" SET "deleted_at" = LOCALTIMESTAMP WHERE "id" = $1', [d!.id]);
      const after = await ids();
      for (const k of all) expect(after).not.toContain(k);
      // restored, they are found again
      await a.sql('UPDATE "customers" SET "deleted_at" = NULL WHERE "id" = $1', [c.id]);
      await a.sql('UPDATE "legal_representatives" SET "deleted_at" = NULL WHERE "id" = $1', [rep!.id]);
      await a.sql('UPDATE "e_documents" SET "deleted_at" = NULL WHERE "id" = $1', [d!.id]);
      expect(await ids()).toEqual(expect.arrayContaining(all));
    } finally {
      await a.sql('UPDATE "customers" SET "deleted_at" = NULL WHERE "id" = $1', [c.id]);
      await a.sql('UPDATE "legal_representatives" SET "deleted_at" = NULL WHERE "id" = $1', [rep!.id]);
      await a.sql('UPDATE "e_documents" SET "deleted_at" = NULL, "number" = $1 WHERE "id" = $2', [old!.number, d!.id]);
    }
  });

  it('quick find: a role without read access gets no rows of that kind', async () => {
    // a customer without an AML file: one with a file is never trashed (Regola Tecnica 3)
    const c = await demoCustomer(
      `"fiscal_code" IS NOT NULL AND "fiscal_code" <> "vat_id" AND NOT EXISTS (SELECT 1 FROM "aml_identifications" i WHERE i."customer_id" = "customers"."id") AND NOT EXISTS (SELECT 1 FROM "aml_assessments" x WHERE x."customer_id" = "customers"."id")`,
    );
    const [d] = await a.sql<{ id: number }>(
      'SELECT "id" FROM "e_documents" WHERE "studio_id" = $1 AND "deleted_at" IS NULL ORDER BY "id" LIMIT 1',
      [demoId],
    );
    const [old] = await a.sql<{ number: string }>('SELECT "number" FROM "e_documents" WHERE "id" = $1', [d!.id]);
    await a.sql('UPDATE "e_documents" SET "number" = $1 WHERE "id" = $2', [`QF${c.fiscal_code}`, d!.id]);
    try {
      const kinds = (hits: Hit[]) => [...new Set(hits.map((h) => h.kind))];
      expect(kinds(await find('collab', c.fiscal_code))).toEqual(['customer', 'legal_representative', 'einvoice']);
      // an Utente reads none of the three models (their floor is Collaboratore)
      const utente = await a.utente('utente.quickfind@studiodemo.test');
      const res = await t.app.inject({
        url: `/api/quick_find?q=${encodeURIComponent(c.fiscal_code)}`,
        headers: utente,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([]);
      // the Collaboratore's role without the e-invoices' read permission: customers and representatives only
      const [role] = await a.sql<{ id: number }>(`SELECT "id" FROM "roles" WHERE "name" = 'Collaboratore'`);
      const before = (await a.get('superadmin', `/api/user/roles/${role!.id}`)).json().data.permission_ids as number[];
      const [view] = await a.sql<{ id: number }>(`SELECT "id" FROM "permissions" WHERE "name" = 'edocuments.view'`);
      expect(before).toContain(Number(view!.id));
      expect(
        (
          await a.put('superadmin', `/api/user/roles/${role!.id}`, {
            permission_ids: before.filter((p) => p !== Number(view!.id)),
          })
        ).statusCode,
      ).toBe(200);
      try {
        expect(kinds(await find('collab', c.fiscal_code))).toEqual(['customer', 'legal_representative']);
        expect(kinds(await find('admin', c.fiscal_code))).toEqual(['customer', 'legal_representative', 'einvoice']);
      } finally {
        expect((await a.put('superadmin', `/api/user/roles/${role!.id}`, { permission_ids: before })).statusCode).toBe(
          200,
        );
      }
      expect(kinds(await find('collab', c.fiscal_code))).toEqual(['customer', 'legal_representative', 'einvoice']);
    } finally {
      await a.sql('UPDATE "e_documents" SET "number" = $1 WHERE "id" = $2', [old!.number, d!.id]);
    }
  });

  it('quick find: under 2 characters (or over 100) is a 422 on the field q with an Italian message; no session is a 401', async () => {
    for (const q of [undefined, '', 'a', '  a  ']) {
      const res = await a.get('admin', '/api/quick_find', q === undefined ? undefined : { q });
      expect(res.statusCode, String(q)).toBe(422);
      expect(res.json().errors).toEqual({ q: ['Scrivi almeno 2 caratteri'] });
    }
    const long = await a.get('admin', '/api/quick_find', { q: 'x'.repeat(101) });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({ q: ['Scrivi al massimo 100 caratteri'] });
    expect((await a.get('admin', '/api/quick_find', { q: 'x'.repeat(100) })).statusCode).toBe(200);
    expect((await a.get(null, '/api/quick_find', { q: 'rossi' })).statusCode).toBe(401);
  });

  it('quick find: % and _ in the text are literal characters, not wildcards', async () => {
    // unescaped, '%%' and '__' would match every row
    expect(await find('admin', '%%')).toEqual([]);
    expect(await find('admin', '__')).toEqual([]);
    const c1 = await demoCustomer();
    const c2 = await demoCustomer(`"id" <> ${c1.id}`);
    await a.sql('UPDATE "customers" SET "business_name" = $1 WHERE "id" = $2', ['Sconto_100% Quickfind', c1.id]);
    await a.sql('UPDATE "customers" SET "business_name" = $1 WHERE "id" = $2', ['ScontoX1000 Quickfind', c2.id]);
    try {
      expect(ofKind(await find('admin', 'sconto_100%'), 'customer').map((h) => h.id)).toEqual([c1.id]);
      expect(ofKind(await find('admin', 'o_1'), 'customer').map((h) => h.id)).toEqual([c1.id]);
      expect(ofKind(await find('admin', '0%'), 'customer').map((h) => h.id)).toEqual([c1.id]);
      expect(
        ofKind(await find('admin', 'sconto quickfind'), 'customer')
          .map((h) => h.id)
          .sort(),
      ).toEqual([c1.id, c2.id].sort());
    } finally {
      await a.sql('UPDATE "customers" SET "business_name" = $1 WHERE "id" = $2', [c1.business_name, c1.id]);
      await a.sql('UPDATE "customers" SET "business_name" = $1 WHERE "id" = $2', [c2.business_name, c2.id]);
    }
  });
});
