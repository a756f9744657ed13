import { describe, expect, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import { getModel } from '../../model/registry';
import { parseListParams, whereClause, buildListQuery } from '../../server/records/list';
import type { Ctx } from '../../server/auth/context';
import { filterSpecs, initialFilterState } from '../../src/list/listState';

const Customer = getModel('Customer');
const dialect = new PgDialect();
const ctx: Ctx = {
  userId: 1,
  name: 'A',
  email: 'a@b.it',
  role: 'Admin',
  studioId: 7,
  studioName: 'S',
  permissions: new Set(),
  jti: 'j',
};
const where = (q: Record<string, unknown>) =>
  dialect.sqlToQuery(whereClause(Customer, ctx, parseListParams(Customer, q)));

describe('list parameters', () => {
  it('defaults: 200 per page, page 1, the model sort', () => {
    const p = parseListParams(Customer, {});
    expect(p).toMatchObject({
      perPage: 200,
      page: 1,
      withTrashed: false,
      onlyIds: false,
      sort: [{ field: 'business_name', desc: false }],
    });
  });

  it('items_per_page=-1 means all, capped at 100 000', () => {
    expect(parseListParams(Customer, { items_per_page: '-1' }).perPage).toBe(100_000);
    expect(() => parseListParams(Customer, { items_per_page: '0' })).toThrow(/items_per_page/);
  });

  it('sort only on sortable fields, as value or array', () => {
    expect(parseListParams(Customer, { sort_by: ['city', 'cod'], sort_desc: ['1', '0'] }).sort).toEqual([
      { field: 'city', desc: true },
      { field: 'cod', desc: false },
    ]);
    expect(() => parseListParams(Customer, { sort_by: 'nope' })).toThrow('Ordinamento non valido: nope');
  });

  it('malformed filters are a 400', () => {
    expect(() => parseListParams(Customer, { filters: '{bad' })).toThrow(/filters/);
    expect(() => where({ filters: JSON.stringify([{ name: 'password', type: 'OR', val: [1] }]) })).toThrow(
      'Filtro non valido: password',
    );
    expect(() => where({ filters: JSON.stringify([{ name: 'ceased', type: 'LIKE', val: [1] }]) })).toThrow(
      /Tipo di filtro/,
    );
  });
});

describe('where clause', () => {
  it('is always scoped to the caller studio and hides trashed rows unless asked', () => {
    const q = where({});
    expect(q.sql).toContain('"t"."studio_id" = $1');
    expect(q.params[0]).toBe(7);
    expect(q.sql).toContain('"deleted_at" IS NULL');
    expect(where({ with_trashed: '1' }).sql).not.toContain('"deleted_at" IS NULL');
  });

  it('search_text: every word must match one searchable field', () => {
    const q = where({ search_text: 'rossi  roma' });
    expect(q.params).toContain('%rossi%');
    expect(q.params).toContain('%roma%');
    expect(q.sql.split(') AND (').length).toBeGreaterThan(1);
    expect(where({ search_text: '50%_x' }).params).toContain('%50\\%\\_x%');
  });

  it('filters: OR list, comparisons and glue', () => {
    const q = where({
      filters: JSON.stringify([
        { name: 'ceased', type: 'OR', val: [0, 1] },
        { name: 'acquisition_date', type: 'gte', val: ['2024-01-01 00:00:00'], glue: 'or' },
        { name: 'legal_status', relation_field_name: 'cod', type: 'OR', val: ['SRL'], glue: 'and' },
      ]),
    });
    expect(q.sql).toMatch(
      /\(\(\("t"\."ceased" IN \(\$\d+, \$\d+\)\) OR "t"\."acquisition_date" >= \$\d+::date\) AND "t"\."legal_status_id" IN \(SELECT r\."id" FROM "legal_statuses" r WHERE/,
    );
    expect(q.params).toEqual(expect.arrayContaining([0, 1, '2024-01-01 00:00:00', 'SRL']));
  });

  it('filter values are converted to the field type, and bad ones refused', () => {
    expect(() => where({ filters: JSON.stringify([{ name: 'ceased', type: 'OR', val: ['x'] }]) })).toThrow(
      /Valore non valido/,
    );
    expect(() =>
      where({ filters: JSON.stringify([{ name: 'acquisition_date', type: 'gte', val: ['2024-02-30'] }]) }),
    ).toThrow(/Valore non valido/);
  });

  it('only_ids selects ids with the same conditions', () => {
    const p = parseListParams(Customer, { only_ids: '1', items_per_page: '-1', search_text: 'x' });
    const q = dialect.sqlToQuery(buildListQuery(Customer, ctx, 'CustomerResourceListCollection', p).main);
    expect(q.sql).toMatch(/^SELECT t\."id" AS "id", count\(\*\) OVER\(\)/);
    expect(q.params).toContain('%x%');
  });
});

describe('filter group (browser)', () => {
  const filters = Customer.list.filters!;

  it('starts with active customers only', () => {
    const { specs } = filterSpecs(filters, initialFilterState(filters));
    expect(specs).toEqual([{ name: 'ceased', type: 'OR', val: [0], glue: 'and' }]);
  });

  it('date interval bounds get 00:00:00 and 23:59:59, the search mode sets the glue', () => {
    const s = initialFilterState(filters);
    s.mode = 'or';
    s.combos.legal_status_id = [
      { id: 3, label: 'SRL' },
      { id: 4, label: 'SAS' },
    ];
    s.intervals.acquisition_date = { from: '2024-01-01', to: '2024-12-31' };
    const { specs, invalid } = filterSpecs(filters, s);
    expect(invalid).toEqual([]);
    // the two bounds are one condition (AND), the search mode joins it with the combo
    expect(specs).toEqual([
      { name: 'acquisition_date', type: 'gte', val: ['2024-01-01 00:00:00'], glue: 'and' },
      { name: 'acquisition_date', type: 'lte', val: ['2024-12-31 23:59:59'], glue: 'and' },
      { name: 'legal_status_id', type: 'OR', val: [3, 4], glue: 'or' },
      { name: 'ceased', type: 'OR', val: [0], glue: 'and' },
    ]);
  });

  it('an inverted interval emits no interval filter', () => {
    const s = initialFilterState(filters);
    s.intervals.acquisition_date = { from: '2024-12-31', to: '2024-01-01' };
    const { specs, invalid } = filterSpecs(filters, s);
    expect(invalid).toEqual(['acquisition_date']);
    expect(specs.some((x) => x.name === 'acquisition_date')).toBe(false);
  });
});
