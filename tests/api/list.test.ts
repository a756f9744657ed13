import { getModel } from '../../model/registry';
/**
 * The generic list contract (C14–C16, C18): search, filters, sort, pagination, trash,
 * item_meta_data, only_ids, select collections, CSV and PDF exports. Expected rows are
 * computed from the complete list (or the database), never written down by hand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF_MAX_ROWS } from '../../server/records/export.js';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { allCustomers, api, customerBody, qs, romeToday, type Api } from '../helpers/api.js';

let t: TestApp;
let a: Api;
let demoId: number;
let bianchiId: number;
type Row = Record<string, any>;
let all: Row[];
beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
  demoId = await a.studioId('Studio Demo');
  bianchiId = await a.studioId('Studio Bianchi');
  all = await allCustomers(a, 'admin');
});
afterAll(async () => {
  await t?.close();
});

const LIST = '/api/list/Customer/CustomerResourceListCollection';
const SEARCHABLE = ['cod', 'business_name', 'vat_id', 'fiscal_code', 'city', 'email'];
const ids = (rows: Row[]) => rows.map((r) => r.id as number);
const sortedIds = (rows: Row[]) => ids(rows).sort((x, y) => x - y);

async function list(query: Record<string, unknown>, who: 'admin' | 'collab' | 'bianchi' = 'admin', path = LIST) {
  const res = await a.get(who, path, query);
  if (res.statusCode !== 200) throw new Error(`${path}${qs(query)}: ${res.statusCode} ${res.body}`);
  return res.json() as {
    data: Row[];
    meta: { total: number; current_page: number; per_page: number; last_page: number };
    item_meta_data: Row;
  };
}
const filtered = (filters: unknown[], extra: Record<string, unknown> = {}) =>
  list({ items_per_page: -1, filters, ...extra });

describe('C14 basics', () => {
  it("C14 list: the studio's active customers with the list columns and related names", async () => {
    const db = await a.sql<{ id: number }>(
      'SELECT "id" FROM "customers" WHERE "studio_id" = $1 AND "deleted_at" IS NULL ORDER BY "id"',
      [demoId],
    );
    expect(sortedIds(all)).toEqual(db.map((r) => Number(r.id)));
    const withStatus = all.find((r) => r.legal_status_id != null)!;
    expect(withStatus.legal_status).toMatchObject({ id: withStatus.legal_status_id });
    expect(typeof withStatus.legal_status.cod).toBe('string');
    const status = await a.sql<{ cod: string; description: string }>(
      'SELECT "cod", "description" FROM "legal_statuses" WHERE "id" = $1',
      [withStatus.legal_status_id],
    );
    expect(withStatus.legal_status.cod).toBe(status[0].cod);
    expect(withStatus.legal_status.label).toBe(`${status[0].cod} ${status[0].description}`);
    // the declared list columns, plus the row's version and trash flag
    for (const k of ['id', ...getModel('Customer').list.columns, 'updated_at', 'trashed']) {
      expect(withStatus, k).toHaveProperty(k);
    }
    expect(getModel('Customer').list.columns).toEqual(
      expect.arrayContaining([
        'cod',
        'business_name',
        'vat_id',
        'city',
        'email',
        'legal_status_id',
        'yearly_accounting_amount',
        'ceased',
      ]),
    );
    expect(typeof withStatus.yearly_accounting_amount).toBe('number');
  });

  it('C14 list: unknown model or collection is 404', async () => {
    for (const path of [
      '/api/list/Nope/NopeResourceListCollection',
      '/api/list/Customer/CustomerNopeCollection',
      '/api/list/Customer/LegalStatusResourceListCollection',
      '/api/list/Nope',
    ]) {
      const res = await a.get('admin', path);
      expect(res.statusCode, path).toBe(404);
      expect(typeof res.json().message).toBe('string');
    }
  });

  it("C14 list: a role below the model's read floor is 403 (Collaboratore on users)", async () => {
    const res = await a.get('collab', '/api/list/User/UserResourceListCollection');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Operazione non consentita (403)');
  });
});

describe('C14 search_text', () => {
  const matches = (r: Row, word: string) =>
    SEARCHABLE.some((f) =>
      String(r[f] ?? '')
        .toLowerCase()
        .includes(word.toLowerCase()),
    );

  it('C14 list: search_text matches every word (each in any searchable field)', async () => {
    // a surname-like word and a city taken from the data, in lower case and shortened
    const sample = all.find((r) => /^[A-Z][a-z]{4,}/.test(r.business_name) && r.city)!;
    const w1 = sample.business_name.split(' ')[0].slice(0, 4).toLowerCase();
    const w2 = sample.city.slice(0, 4).toUpperCase();
    const onlyFirst = all.filter((r) => matches(r, w1));
    const expected = all.filter((r) => matches(r, w1) && matches(r, w2));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(onlyFirst.length);
    const res = await list({ items_per_page: -1, search_text: `  ${w1}   ${w2} ` });
    expect(sortedIds(res.data)).toEqual(sortedIds(expected));
    expect(res.meta.total).toBe(expected.length);
    const one = await list({ items_per_page: -1, search_text: w1 });
    expect(sortedIds(one.data)).toEqual(sortedIds(onlyFirst));
  });

  it('C14 list: search_text looks in codes, VAT numbers and e-mails too', async () => {
    const r = all[17];
    for (const word of [r.cod, r.vat_id, r.email.split('@')[0]]) {
      const res = await list({ items_per_page: -1, search_text: word });
      expect(ids(res.data), word).toContain(r.id);
      for (const row of res.data) expect(matches(row, word), `${word} in ${row.id}`).toBe(true);
    }
  });

  it('C14 list: LIKE wildcards in search_text are taken literally', async () => {
    expect((await list({ search_text: '%' })).meta.total).toBe(all.filter((r) => matches(r, '%')).length);
    expect((await list({ search_text: '_' })).meta.total).toBe(all.filter((r) => matches(r, '_')).length);
    expect((await list({ search_text: 'zzqqxx-nessuno' })).data).toEqual([]);
  });
});

describe('C14 filters', () => {
  it('C14 list: filter type OR keeps rows whose field is any of the values', async () => {
    const cities = [...new Set(all.map((r) => r.city))].slice(0, 2);
    const res = await filtered([{ name: 'city', type: 'OR', val: cities }]);
    const expected = all.filter((r) => cities.includes(r.city));
    expect(expected.length).toBeGreaterThan(0);
    expect(sortedIds(res.data)).toEqual(sortedIds(expected));
    expect(res.meta.total).toBe(expected.length);
  });

  it('C14 list: filter type AND with a single value is equality', async () => {
    const res = await filtered([{ name: 'ceased', type: 'AND', val: [1] }]);
    const expected = all.filter((r) => r.ceased === 1);
    expect(expected.length).toBeGreaterThan(0);
    expect(sortedIds(res.data)).toEqual(sortedIds(expected));
    const active = await filtered([{ name: 'ceased', type: 'AND', val: [0] }]);
    expect(active.meta.total + res.meta.total).toBe(all.length);
  });

  it('C14 list: gte, lte and gt compare with val[0]', async () => {
    const amounts = [...new Set(all.map((r) => r.yearly_accounting_amount))].sort((x, y) => x - y);
    const mid = amounts[Math.floor(amounts.length / 2)];
    const gte = await filtered([{ name: 'yearly_accounting_amount', type: 'gte', val: [mid] }]);
    const gt = await filtered([{ name: 'yearly_accounting_amount', type: 'gt', val: [mid] }]);
    const lte = await filtered([{ name: 'yearly_accounting_amount', type: 'lte', val: [String(mid)] }]);
    expect(sortedIds(gte.data)).toEqual(sortedIds(all.filter((r) => r.yearly_accounting_amount >= mid)));
    expect(sortedIds(gt.data)).toEqual(sortedIds(all.filter((r) => r.yearly_accounting_amount > mid)));
    expect(sortedIds(lte.data)).toEqual(sortedIds(all.filter((r) => r.yearly_accounting_amount <= mid)));
    expect(gt.meta.total).toBeLessThan(gte.meta.total);
    expect(gte.meta.total + lte.meta.total - all.filter((r) => r.yearly_accounting_amount === mid).length).toBe(
      all.length,
    );
  });

  it('C14 list: glue or / and joins a filter to the previous ones', async () => {
    const city = all[0].city;
    const base = { name: 'city', type: 'OR', val: [city] };
    const rich = { name: 'yearly_accounting_amount', type: 'gte', val: [4800] };
    const or = await filtered([base, { ...rich, glue: 'or' }]);
    const and = await filtered([base, { ...rich, glue: 'and' }]);
    const dflt = await filtered([base, rich]);
    const expOr = all.filter((r) => r.city === city || r.yearly_accounting_amount >= 4800);
    const expAnd = all.filter((r) => r.city === city && r.yearly_accounting_amount >= 4800);
    expect(sortedIds(or.data)).toEqual(sortedIds(expOr));
    expect(sortedIds(and.data)).toEqual(sortedIds(expAnd));
    expect(sortedIds(dflt.data)).toEqual(sortedIds(expAnd));
    expect(expOr.length).toBeGreaterThan(expAnd.length);
    // upper-case glue is accepted, anything else is 400
    expect(sortedIds((await filtered([base, { ...rich, glue: 'OR' }])).data)).toEqual(sortedIds(expOr));
    const bad = await a.get('admin', LIST, { filters: [base, { ...rich, glue: 'xor' }] });
    expect(bad.statusCode).toBe(400);
  });

  it('C14 list: relation_field_name filters on a field of the related model', async () => {
    const res = await filtered([{ name: 'legal_status', relation_field_name: 'cod', type: 'OR', val: ['SRL'] }]);
    const expected = all.filter((r) => r.legal_status?.cod === 'SRL');
    expect(expected.length).toBeGreaterThan(0);
    expect(sortedIds(res.data)).toEqual(sortedIds(expected));
    for (const r of res.data) expect(r.legal_status.cod).toBe('SRL');
    const two = await filtered([
      { name: 'legal_status_id', relation_field_name: 'cod', type: 'OR', val: ['SRL', 'SPA'] },
    ]);
    expect(sortedIds(two.data)).toEqual(sortedIds(all.filter((r) => ['SRL', 'SPA'].includes(r.legal_status?.cod))));
  });

  it('C14 list: a relation filtered by id with OR', async () => {
    const statusId = all.find((r) => r.legal_status_id)!.legal_status_id;
    const res = await filtered([{ name: 'legal_status_id', type: 'OR', val: [statusId] }]);
    expect(sortedIds(res.data)).toEqual(sortedIds(all.filter((r) => r.legal_status_id === statusId)));
  });

  it('C14 list: date range filter on acquisition_date (bounds 00:00:00 / 23:59:59)', async () => {
    const res = await filtered([
      { name: 'acquisition_date', type: 'gte', val: ['2020-01-01 00:00:00'] },
      { name: 'acquisition_date', type: 'lte', val: ['2020-12-31 23:59:59'] },
    ]);
    const db = await a.sql<{ id: number }>(
      `SELECT "id" FROM "customers" WHERE "studio_id" = $1 AND "deleted_at" IS NULL
      AND "acquisition_date" BETWEEN '2020-01-01' AND '2020-12-31' ORDER BY "id"`,
      [demoId],
    );
    expect(db.length).toBeGreaterThan(0);
    expect(sortedIds(res.data)).toEqual(db.map((r) => Number(r.id)));
    // a single day, inclusive at both ends
    const day = (
      await a.sql<{ d: string }>(
        `SELECT to_char("acquisition_date", 'YYYY-MM-DD') AS d FROM "customers" WHERE "studio_id" = $1 LIMIT 1`,
        [demoId],
      )
    )[0].d;
    const oneDay = await filtered([
      { name: 'acquisition_date', type: 'gte', val: [`${day} 00:00:00`] },
      { name: 'acquisition_date', type: 'lte', val: [`${day} 23:59:59`] },
    ]);
    const sameDay = await a.sql(
      `SELECT 1 FROM "customers" WHERE "studio_id" = $1 AND "deleted_at" IS NULL AND "acquisition_date" = $2`,
      [demoId, day],
    );
    expect(oneDay.meta.total).toBe(sameDay.length);
    expect(oneDay.meta.total).toBeGreaterThan(0);
  });

  it('C14 list: an unknown or non-filterable field is 400 Filtro non valido: {name}', async () => {
    for (const name of ['nope', 'note', 'password', 'studio_id']) {
      const res = await a.get('admin', LIST, { filters: [{ name, type: 'OR', val: ['x'] }] });
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toEqual({ message: `Filtro non valido: ${name}` });
    }
    const rel = await a.get('admin', LIST, {
      filters: [{ name: 'city', relation_field_name: 'cod', type: 'OR', val: ['x'] }],
    });
    expect(rel.statusCode).toBe(400);
    expect(rel.json().message).toMatch(/^Filtro non valido: city/);
  });

  it('C14 list: malformed filters, filter types and values are 400, never 500', async () => {
    const cases: unknown[] = [
      '{not json',
      '{"name":"city"}',
      '[1]',
      [{ name: 'city', type: 'LIKE', val: ['Roma'] }],
      [{ name: 'yearly_accounting_amount', type: 'gte', val: ['molto'] }],
      [{ name: 'yearly_accounting_amount', type: 'gte', val: [] }],
      [{ name: 'ceased', type: 'OR', val: ['sì'] }],
      [{ name: 'acquisition_date', type: 'gte', val: ['ieri'] }],
      [{ name: 'acquisition_date', type: 'gte', val: ['2024-02-30 00:00:00'] }],
      [{ name: 'acquisition_date', type: 'lte', val: ['2024-13-01'] }],
      [{ name: 'acquisition_date', type: 'lte', val: ['2024-12-01 25:61:00'] }],
    ];
    for (const filters of cases) {
      const res = await a.get('admin', LIST, { filters });
      expect(res.statusCode, JSON.stringify(filters)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
  });
});

describe('C14 sort and pagination', () => {
  it('C14 list: sort_desc orders by the field descending, ties by id ascending', async () => {
    const res = await list({ items_per_page: -1, sort_by: 'yearly_accounting_amount', sort_desc: 1 });
    const rows = res.data;
    expect(rows.length).toBe(all.length);
    for (let i = 1; i < rows.length; i++) {
      const [p, c] = [rows[i - 1], rows[i]];
      expect(p.yearly_accounting_amount).toBeGreaterThanOrEqual(c.yearly_accounting_amount);
      if (p.yearly_accounting_amount === c.yearly_accounting_amount) expect(p.id).toBeLessThan(c.id);
    }
  });

  it('C14 list: sort ascending on a code and on a number', async () => {
    const byCod = (await list({ items_per_page: -1, sort_by: 'cod', sort_desc: 0 })).data.map((r) => r.cod as string);
    expect(byCod).toEqual([...byCod].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
    const desc = (await list({ items_per_page: -1, sort_by: 'cod', sort_desc: 'true' })).data.map(
      (r) => r.cod as string,
    );
    expect(desc).toEqual([...byCod].reverse());
    const amounts = (await list({ items_per_page: -1, sort_by: 'yearly_accounting_amount' })).data.map(
      (r) => r.yearly_accounting_amount,
    );
    expect(amounts).toEqual([...amounts].sort((x, y) => x - y));
  });

  it('C14 list: sort_by as an array sorts by several fields', async () => {
    const h = await a.headers('admin');
    const res = await t.app.inject({
      url: `${LIST}?items_per_page=-1&sort_by=ceased&sort_by=yearly_accounting_amount&sort_desc=1&sort_desc=0`,
      headers: h,
    });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as Row[];
    for (let i = 1; i < rows.length; i++) {
      const [p, c] = [rows[i - 1], rows[i]];
      expect(p.ceased).toBeGreaterThanOrEqual(c.ceased);
      if (p.ceased === c.ceased) expect(p.yearly_accounting_amount).toBeLessThanOrEqual(c.yearly_accounting_amount);
    }
    expect(rows[0].ceased).toBe(1);
  });

  it('C14 list: text sorts as Italians read it (case and accents second), the same on PGlite and PostgreSQL', async () => {
    const rep = await a.post('bianchi', '/api/legal_representatives', { name: 'Ordina', surname: 'Prova' });
    expect(rep.statusCode).toBe(201);
    const names = [
      'Zeta Srl',
      'alfa srl',
      'Àlfa Due',
      'Esposito Servizi Soc. Coop.',
      'Esposito Servizi s.n.c.',
      'Èbano Arredi',
      'ebano legno',
      'Ezio Bar',
    ];
    for (const [i, business_name] of names.entries()) {
      const res = await a.post(
        'bianchi',
        '/api/customers',
        customerBody(rep.json().data.id, { business_name, cod: `ORD${i}`, vat_id: null, fiscal_code: null }),
      );
      expect(res.statusCode, business_name).toBe(201);
    }
    const rows = (await list({ items_per_page: -1, search_text: '', sort_by: 'business_name' }, 'bianchi')).data.map(
      (r) => r.business_name as string,
    );
    const ours = rows.filter((n) => names.includes(n));
    expect(ours).toEqual([...names].sort(new Intl.Collator('und').compare));
    // by hand: lower case and accented letters sort with their base letter, not after 'Z'
    expect(ours.indexOf('alfa srl')).toBeLessThan(ours.indexOf('Zeta Srl'));
    expect(ours.indexOf('Àlfa Due')).toBeLessThan(ours.indexOf('Ezio Bar'));
    expect(ours.indexOf('Èbano Arredi')).toBeLessThan(ours.indexOf('Esposito Servizi s.n.c.'));
    expect(ours.indexOf('Esposito Servizi s.n.c.')).toBeLessThan(ours.indexOf('Esposito Servizi Soc. Coop.'));
    expect(ours.at(-1)).toBe('Zeta Srl');
    // descending is the exact reverse of ascending (ties by id aside)
    const desc = (await list({ items_per_page: -1, sort_by: 'business_name', sort_desc: 1 }, 'bianchi')).data.map(
      (r) => r.business_name as string,
    );
    expect(desc.filter((n) => names.includes(n))).toEqual([...ours].reverse());
  });

  it('C14 list: an unknown or unsortable sort field is 400', async () => {
    for (const f of ['nope', 'note', 'password']) {
      const res = await a.get('admin', LIST, { sort_by: f });
      expect(res.statusCode, f).toBe(400);
      expect(res.json().message).toBe(`Ordinamento non valido: ${f}`);
    }
  });

  it('C14 list: page and items_per_page give pagination meta and the right slice', async () => {
    const full = await list({ items_per_page: -1, sort_by: 'cod' });
    const res = await list({ items_per_page: 7, page: 3, sort_by: 'cod' });
    expect(res.meta).toEqual({ total: all.length, current_page: 3, per_page: 7, last_page: Math.ceil(all.length / 7) });
    expect(ids(res.data)).toEqual(ids(full.data).slice(14, 21));
    const last = await list({ items_per_page: 7, page: Math.ceil(all.length / 7), sort_by: 'cod' });
    expect(ids(last.data)).toEqual(ids(full.data).slice(7 * (Math.ceil(all.length / 7) - 1)));
    const beyond = await list({ items_per_page: 7, page: 1000 });
    expect(beyond.data).toEqual([]);
    expect(beyond.meta.total).toBe(all.length);
    expect(beyond.meta.current_page).toBe(1000);
    const dflt = await list({});
    expect(dflt.meta.per_page).toBe(200);
    expect(dflt.meta.current_page).toBe(1);
    expect(dflt.data.length).toBe(Math.min(200, all.length));
    for (const q of [{ items_per_page: 0 }, { items_per_page: 'tanti' }, { page: 0 }, { page: -2 }]) {
      expect((await a.get('admin', LIST, q)).statusCode, JSON.stringify(q)).toBe(400);
    }
  });

  it('C14 list: items_per_page=-1 answers every matching row', async () => {
    const res = await list({ items_per_page: -1 });
    expect(res.data.length).toBe(res.meta.total);
    expect(res.meta.total).toBe(all.length);
    expect(res.meta.last_page).toBe(1);
    expect(res.meta.current_page).toBe(1);
  });

  it('C14 list: only_ids=1 answers {data: [ids], meta: {total}} for every matching row', async () => {
    const res = await a.get('admin', LIST, { items_per_page: -1, only_ids: 1 });
    expect(res.statusCode).toBe(200);
    const b = res.json();
    expect(b.data.every((x: unknown) => typeof x === 'number')).toBe(true);
    expect(b.data).toEqual(ids(all));
    expect(b.meta.total).toBe(all.length);
    expect(b).not.toHaveProperty('item_meta_data');
    const roma = await a.get('admin', LIST, {
      items_per_page: -1,
      only_ids: 1,
      filters: [{ name: 'city', type: 'OR', val: ['Roma'] }],
      search_text: 'a',
    });
    const expected = all.filter(
      (r) =>
        r.city === 'Roma' &&
        SEARCHABLE.some((f) =>
          String(r[f] ?? '')
            .toLowerCase()
            .includes('a'),
        ),
    );
    expect(roma.json().data).toEqual(ids(expected));
    expect(roma.json().meta.total).toBe(expected.length);
  });
});

describe('C14 trash and item_meta_data', () => {
  let trashedId: number;
  beforeAll(async () => {
    trashedId = all[5].id;
    const del = await a.del('admin', `/api/customer/[${trashedId}]`);
    expect(del.json().data).toEqual({ trashed: 1, deleted: 0 });
  });

  it('C14 list: with_trashed=0 (and by default) excludes trashed rows, with_trashed=1 includes them flagged trashed', async () => {
    const dflt = await list({ items_per_page: -1 });
    const zero = await list({ items_per_page: -1, with_trashed: 0 });
    const one = await list({ items_per_page: -1, with_trashed: 1 });
    expect(ids(dflt.data)).not.toContain(trashedId);
    expect(ids(zero.data)).not.toContain(trashedId);
    expect(dflt.meta.total).toBe(all.length - 1);
    expect(zero.meta.total).toBe(all.length - 1);
    expect(one.meta.total).toBe(all.length);
    const row = one.data.find((r) => r.id === trashedId)!;
    expect(row.trashed).toBe(true);
    expect(one.data.filter((r) => r.trashed).map((r) => r.id)).toEqual([trashedId]);
    expect(one.data.filter((r) => r.id !== trashedId).every((r) => r.trashed === false)).toBe(true);
  });

  it('C14 list: item_meta_data shape for an Admin (no per-row overrides)', async () => {
    const res = await list({
      items_per_page: 10,
      with_trashed: 1,
      filters: [{ name: 'id', type: 'OR', val: [trashedId, all[0].id] }],
    });
    expect(res.item_meta_data).toEqual({
      can_add_new: true,
      expand_field: 'note',
      is_selectable: true,
      is_erasable: true,
      disable_edit_item: false,
      items: {},
    });
  });

  it('C14 list: a Collaboratore cannot force delete, so trashed rows get items[id].is_erasable=false', async () => {
    const res = await list({ items_per_page: -1, with_trashed: 1 }, 'collab');
    const m = res.item_meta_data;
    expect(m).toMatchObject({
      can_add_new: true,
      expand_field: 'note',
      is_selectable: true,
      is_erasable: true,
      disable_edit_item: false,
    });
    expect(m.items).toEqual({ [String(trashedId)]: { is_erasable: false } });
    const active = await list({ items_per_page: -1 }, 'collab');
    expect(active.item_meta_data.items).toEqual({});
  });

  it('C14 list: a model the caller may only read has disable_edit_item and no can_add_new (Admin on roles)', async () => {
    const res = await list({ items_per_page: -1 }, 'admin', '/api/list/Role/RoleResourceListCollection');
    expect(res.item_meta_data).toMatchObject({ can_add_new: false, is_erasable: false, disable_edit_item: true });
    expect(res.data.map((r) => r.name).sort()).toEqual(['Admin', 'Collaboratore', 'SuperAdmin', 'Utente']);
  });
});

describe('C15 C16 C18 other collections', () => {
  it('C16 Resource4SelectCollection: rows carry id, cod and label', async () => {
    const res = await list({ items_per_page: -1 }, 'admin', '/api/list/Customer/CustomerResource4SelectCollection');
    const active = await list({ items_per_page: -1 });
    expect(sortedIds(res.data)).toEqual(sortedIds(active.data));
    const byId = new Map(all.map((r) => [r.id, r]));
    for (const r of res.data) {
      expect(Object.keys(r)).toEqual(expect.arrayContaining(['id', 'cod', 'label']));
      expect(r).not.toHaveProperty('email');
      const src = byId.get(r.id)!;
      expect(r.cod).toBe(src.cod);
      expect(r.label).toBe(src.business_name);
    }
    const search = await list(
      { items_per_page: -1, search_text: all[3].cod },
      'admin',
      '/api/list/Customer/CustomerResource4SelectCollection',
    );
    expect(ids(search.data)).toContain(all[3].id);
    expect(search.item_meta_data).toHaveProperty('items');
  });

  it("C15 LegalStatus list: the studio's legal statuses sorted by cod", async () => {
    const res = await list({ items_per_page: -1 }, 'collab', '/api/list/LegalStatus/LegalStatusResourceListCollection');
    const db = await a.sql<{ id: number; cod: string; description: string }>(
      'SELECT "id", "cod", "description" FROM "legal_statuses" WHERE "studio_id" = $1 AND "deleted_at" IS NULL',
      [demoId],
    );
    expect(sortedIds(res.data)).toEqual(db.map((r) => Number(r.id)).sort((x, y) => x - y));
    const cods = res.data.map((r) => r.cod as string);
    expect(cods).toEqual([...cods].sort((x, y) => (x < y ? -1 : 1)));
    for (const r of res.data) expect(r.description).toBe(db.find((d) => Number(d.id) === r.id)!.description);
    expect(res.item_meta_data.expand_field).toBeNull();
  });

  it('C18 simple list /api/list/{name}: data and item_meta_data', async () => {
    const res = await a.get('collab', '/api/list/LegalStatus');
    expect(res.statusCode).toBe(200);
    const b = res.json();
    const full = await list(
      { items_per_page: -1 },
      'collab',
      '/api/list/LegalStatus/LegalStatusResourceListCollection',
    );
    expect(ids(b.data)).toEqual(ids(full.data));
    expect(b.item_meta_data).toEqual(full.item_meta_data);
    const pm = await a.get('collab', '/api/list/PaymentMethod', { search_text: 'bonifico' });
    expect(pm.json().data.map((r: Row) => r.cod)).toEqual(['BON']);
  });

  it('C42 legal_statuses: GET on the resource answers every active row of the studio', async () => {
    const res = await a.get('collab', '/api/legal_statuses');
    expect(res.statusCode).toBe(200);
    const db = await a.sql<{ id: number }>(
      'SELECT "id" FROM "legal_statuses" WHERE "studio_id" = $1 AND "deleted_at" IS NULL',
      [demoId],
    );
    expect(res.json().data.length).toBe(db.length);
  });
});

describe('C14 exports', () => {
  const parseCsv = (body: string) =>
    body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean)
      .map((l) => l.split(';'));

  it('C14 format=csv: file name, BOM, semicolons, Italian formats, only the chosen fields, all matching rows', async () => {
    const filters = [{ name: 'city', type: 'OR', val: [all[0].city] }];
    const expected = all.filter((r) => r.city === all[0].city && !r.trashed);
    expect(expected.length).toBeGreaterThan(3);
    const res = await a.get('admin', LIST, {
      format: 'csv',
      fields: 'cod,business_name,yearly_accounting_amount,acquisition_date,legal_status_id,ceased',
      filters,
      items_per_page: 3,
      sort_by: 'cod',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(String(res.headers['content-disposition'])).toContain(`filename="customer_${romeToday()}.csv"`);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = parseCsv(res.body);
    expect(lines[0]).toEqual([
      'Codice',
      'Ragione Sociale',
      'Tariffa annuale',
      'Data acquisizione',
      'Forma giuridica',
      'Cessato',
    ]);
    expect(lines.length - 1).toBe(expected.length);
    const db = new Map(
      (
        await a.sql<{ cod: string; d: string }>(
          `SELECT "cod", to_char("acquisition_date", 'DD-MM-YYYY') AS d FROM "customers" WHERE "studio_id" = $1`,
          [demoId],
        )
      ).map((r) => [r.cod, r.d]),
    );
    const sorted = [...expected].sort((x, y) => (x.cod < y.cod ? -1 : 1));
    lines.slice(1).forEach((cells, i) => {
      const src = sorted[i];
      expect(cells).toHaveLength(6);
      expect(cells[0]).toBe(src.cod);
      expect(cells[1]).toBe(src.business_name);
      expect(cells[2]).toBe(src.yearly_accounting_amount.toFixed(2).replace('.', ','));
      expect(cells[3]).toBe(db.get(src.cod));
      expect(cells[4]).toBe(src.legal_status ? src.legal_status.label : '');
      expect(cells[5]).toBe(src.ceased ? 'Sì' : 'No');
    });
  });

  it('C14 format=csv: without fields every exportable field; trashed rows only with with_trashed', async () => {
    const res = await a.get('admin', LIST, {
      format: 'csv',
      filters: [{ name: 'id', type: 'OR', val: [all[5].id, all[6].id] }],
      with_trashed: 1,
    });
    expect(res.statusCode).toBe(200);
    const lines = parseCsv(res.body);
    expect(lines[0]).toContain('Ragione Sociale');
    expect(lines[0]).toContain('Codice SDI');
    expect(lines[0]).not.toContain('Password');
    expect(lines).toHaveLength(3);
    const active = await a.get('admin', LIST, {
      format: 'csv',
      filters: [{ name: 'id', type: 'OR', val: [all[5].id, all[6].id] }],
    });
    expect(parseCsv(active.body)).toHaveLength(2);
  });

  it('C14 format=csv: an unknown field or filter is 400 and no file is sent', async () => {
    const res = await a.get('admin', LIST, { format: 'csv', fields: 'cod,segreto' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.json().message).toMatch(/segreto/);
    const f = await a.get('admin', LIST, {
      format: 'csv',
      fields: 'cod',
      filters: [{ name: 'nope', type: 'OR', val: [1] }],
    });
    expect(f.statusCode).toBe(400);
    expect(f.json().message).toBe('Filtro non valido: nope');
    const fmt = await a.get('admin', LIST, { format: 'xls' });
    expect(fmt.statusCode).toBe(400);
  });

  it('C14 format=pdf: application/pdf named Riepilogo Prenotazioni.pdf', async () => {
    const res = await a.get('admin', LIST, {
      format: 'pdf',
      filters: [{ name: 'city', type: 'OR', val: [all[0].city] }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/pdf/);
    expect(String(res.headers['content-disposition'])).toContain('Riepilogo Prenotazioni.pdf');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.rawPayload.length).toBeGreaterThan(1000);
    const bad = await a.get('admin', LIST, { format: 'pdf', sort_by: 'nope' });
    expect(bad.statusCode).toBe(400);
  });

  it('C14 format=pdf: rendered off the event loop (other calls answer meanwhile) and capped with a clear message', async () => {
    // a big print and a small call together: the small one is not held behind the rendering
    const big = a.get('admin', LIST, { format: 'pdf' });
    const small = a.get('admin', '/api/var/client_var');
    const [b, sm] = await Promise.all([big, small]);
    expect(b.statusCode).toBe(200);
    expect(sm.statusCode).toBe(200);
    // over the cap: 422 with the message, before any rendering
    const studio = await a.studioId('Studio Demo');
    await a.sql(
      `INSERT INTO "tasks" ("studio_id", "cod", "name") SELECT $1, 'STAMPA-' || i, 'Compito ' || i FROM generate_series(1, ${PDF_MAX_ROWS + 1}) i`,
      [studio],
    );
    const over = await a.get('admin', '/api/list/Task/TaskResourceListCollection', { format: 'pdf' });
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toMatch(
      /^Troppi elementi da stampare \(\d+\): il massimo è 5000\. Restringi la ricerca o usa l'esportazione CSV\.$/,
    );
    const narrowed = await a.get('admin', '/api/list/Task/TaskResourceListCollection', {
      format: 'pdf',
      search_text: 'Compito 4999',
    });
    expect(narrowed.statusCode).toBe(200);
    await a.sql(`DELETE FROM "tasks" WHERE "cod" LIKE 'STAMPA-%'`);
  });

  it('C14 format=csv: more rows than one internal page are all exported (and scoped to the studio)', async () => {
    // 1,100 more customers for Studio Bianchi, straight into the database
    const rep = Number(
      (
        await a.sql<{ id: number }>('SELECT "id" FROM "legal_representatives" WHERE "studio_id" = $1 LIMIT 1', [
          bianchiId,
        ])
      )[0].id,
    );
    await a.sql(
      `INSERT INTO "customers" ("studio_id", "cod", "business_name", "email", "yearly_accounting_amount", "cedolino_rate", "acquisition_date", "legal_representative_id", "sdi_code", "ceased", "money_laundering_module_av1_enable_default_values")
      SELECT $1, 'B' || lpad(g::text, 5, '0'), 'Massivo ' || g, 'massivo' || g || '@mail.test', 1000 + g / 4.0, 0, DATE '2024-01-01', $2, '0000000', 0, 0
      FROM generate_series(1, 1100) g`,
      [bianchiId, rep],
    );
    const total = Number(
      (
        await a.sql<{ n: number }>(
          'SELECT count(*)::int AS n FROM "customers" WHERE "studio_id" = $1 AND "deleted_at" IS NULL',
          [bianchiId],
        )
      )[0].n,
    );
    expect(total).toBeGreaterThan(1100);
    const res = await a.get('bianchi', LIST, {
      format: 'csv',
      fields: 'id,cod,yearly_accounting_amount',
      items_per_page: 10,
    });
    expect(res.statusCode).toBe(200);
    const lines = parseCsv(res.body).slice(1);
    expect(lines.length).toBe(total);
    expect(new Set(lines.map((l) => l[0])).size).toBe(total);
    const demoIds = new Set(all.map((r) => String(r.id)));
    expect(lines.some((l) => demoIds.has(l[0]))).toBe(false);
    const b7 = lines.find((l) => l[1] === 'B00007')!;
    expect(b7[2]).toBe('1001,75');
    const only = await a.get('bianchi', LIST, { items_per_page: -1, only_ids: 1 });
    expect(only.json().meta.total).toBe(total);
  });
});

describe('C14 list after writes', () => {
  it('C14 list: a new customer appears in the list, search and select collection', async () => {
    const rep = Number(
      (
        await a.sql<{ id: number }>('SELECT "id" FROM "legal_representatives" WHERE "studio_id" = $1 LIMIT 1', [demoId])
      )[0].id,
    );
    const res = await a.post(
      'collab',
      '/api/customers',
      customerBody(rep, { business_name: 'Zefiro Unico Srl', cod: 'ZEF1' }),
    );
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id;
    const found = await list({ search_text: 'zefiro unico' });
    expect(ids(found.data)).toEqual([id]);
    expect(found.data[0].ceased).toBe(0);
    const sel = await list({ search_text: 'ZEF1' }, 'admin', '/api/list/Customer/CustomerResource4SelectCollection');
    expect(sel.data).toEqual([expect.objectContaining({ id, cod: 'ZEF1', label: 'Zefiro Unico Srl' })]);
  });
});
