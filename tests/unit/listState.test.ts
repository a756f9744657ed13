/** Issue 7 #1: the stored list state is validated when read and falls back to the defaults. */
import { describe, expect, it } from 'vitest';
import { getModel } from '../../model/registry';
import {
  decodeFilterState,
  defaultListFilter,
  encodeFilterState,
  filterSpecs,
  initialFilterState,
  listParamsFromSearch,
  listParamsToSearch,
  sanitizeListParams,
} from '../../src/list/listState';

const Customer = getModel('Customer');
const filters = Customer.list.filters!;
const ACTIVE = { name: 'ceased', type: 'OR', val: [0], glue: 'and' };

describe('7.1 filter group state', () => {
  it('round-trips through its JSON string, nulls and empty maps included', () => {
    const s = initialFilterState(filters);
    s.toggles.ceased = null; // 'Tutti'
    s.combos.legal_status_id = [{ id: 3, label: 'SRL' }];
    s.intervals.acquisition_date = { from: '2026-01-01', to: null };
    expect(decodeFilterState(encodeFilterState(s), filters)).toEqual({ state: s, clean: true });
  });

  it('the state that crashed the list (empty maps dropped by removeEmpty) decodes with the defaults', () => {
    const { state, clean } = decodeFilterState({ mode: 'and', toggles: { ceased: 0 } }, filters);
    expect(clean).toBe(false);
    expect(state).toEqual(initialFilterState(filters));
    expect(state.combos.legal_status_id).toEqual([]);
  });

  it('keeps what fits and replaces what does not, piece by piece', () => {
    const raw = JSON.stringify({
      mode: 'xor',
      combos: { legal_status_id: [{ id: 1, label: 'SRL' }], collaborator_accounting_id: 'nope' },
      toggles: { ceased: 7 },
      intervals: { acquisition_date: { from: '2026-13-45', to: '2026-02-01' } },
    });
    const { state, clean } = decodeFilterState(raw, filters);
    expect(clean).toBe(false);
    expect(state.mode).toBe('and');
    expect(state.combos).toEqual({ legal_status_id: [{ id: 1, label: 'SRL' }], collaborator_accounting_id: [] });
    expect(state.toggles.ceased).toBe(0);
    expect(state.intervals.acquisition_date).toEqual({ from: null, to: null });
    for (const bad of ['{not json', '42', 'null', '[]'])
      expect(decodeFilterState(bad, filters)).toEqual({ state: initialFilterState(filters), clean: false });
  });
});

describe('7.1 list params', () => {
  it('the defaults fit', () => {
    const params = {
      filter: defaultListFilter(Customer),
      sort: 'business_name',
      order: 'ASC',
      page: 1,
      perPage: 200,
      displayedFilters: {},
    };
    expect(sanitizeListParams(Customer, params)).toEqual({ params, changed: false });
    expect(sanitizeListParams(Customer, undefined)).toEqual({ params: {}, changed: false });
  });

  it('drops unknown sorts, page sizes, filter keys and malformed values', () => {
    const { params, changed } = sanitizeListParams(Customer, {
      filter: {
        q: 'Rossi',
        with_trashed: 1,
        bogus: { a: 1 },
        __filterState: { mode: 'and', toggles: { ceased: 0 } },
        filters: [ACTIVE],
      },
      sort: 'password',
      order: 'UP',
      page: -3,
      perPage: 7,
      displayedFilters: 'x',
    });
    expect(changed).toBe(true);
    expect(params.sort).toBeUndefined();
    expect(params.order).toBeUndefined();
    expect(params.page).toBeUndefined();
    expect(params.perPage).toBeUndefined();
    expect(params.displayedFilters).toBeUndefined();
    expect(params.filter).toEqual({
      q: 'Rossi',
      with_trashed: 1,
      filters: [ACTIVE],
      __filterState: encodeFilterState(initialFilterState(filters)),
    });
  });

  it('recomputes the filter objects from the filter group state', () => {
    const s = initialFilterState(filters);
    s.toggles.ceased = 1;
    const { params, changed } = sanitizeListParams(Customer, {
      filter: { __filterState: encodeFilterState(s), filters: [ACTIVE] },
    });
    expect(changed).toBe(true);
    expect(params.filter!.filters).toEqual(filterSpecs(filters, s).specs);
  });

  it('reads the URL form (strings) without calling it broken', () => {
    const search = listParamsToSearch({
      filter: defaultListFilter(Customer),
      sort: 'city',
      order: 'DESC',
      page: 2,
      perPage: 50,
    });
    const back = listParamsFromSearch(search);
    expect(back.page).toBe('2');
    expect(sanitizeListParams(Customer, back).changed).toBe(false);
    expect(sanitizeListParams(Customer, listParamsFromSearch('?filter=%7Bbroken&perPage=13')).changed).toBe(true);
    expect(sanitizeListParams(Customer, 'text').changed).toBe(true);
  });

  it('is idempotent: a rewritten state fits (no rewrite loop)', () => {
    const messy = [
      { filter: { q: 'Rossi', bogus: 1, __filterState: '{bad' }, sort: 'nope', perPage: 3 },
      { filter: 'x', page: 'abc' },
      { filter: { with_trashed: 'yes', filters: [{ name: 'password', type: 'OR', val: [1] }] } },
      listParamsFromSearch('?filter=%7B%22q%22%3A1%7D&order=DESC'),
    ];
    for (const raw of messy) {
      const once = sanitizeListParams(Customer, raw);
      expect(once.changed).toBe(true);
      expect(sanitizeListParams(Customer, once.params)).toEqual({ params: once.params, changed: false });
      expect(sanitizeListParams(Customer, listParamsFromSearch(listParamsToSearch(once.params))).changed).toBe(false);
    }
  });
});
