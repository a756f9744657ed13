/**
 * The stored state of a generic list (react-admin's list params, kept in local storage and
 * in the URL): validated when read, so that a state written by an older build, by hand or
 * cut down by react-admin (its `removeEmpty` drops empty objects) never breaks a screen.
 * Whatever does not fit the model falls back to the defaults.
 */
import { currentPeriod } from '../../model/dates';
import type { ListFilter, ModelDef } from '../../model/define';
import type { FilterSpec } from '../dataProvider';

export const PAGE_SIZES = [50, 100, 200, 500] as const;
export const DEFAULT_PAGE_SIZE = 200;

type Option = { id: string | number; label: string };
export interface FilterState {
  mode: 'and' | 'or';
  combos: Record<string, Option[]>;
  toggles: Record<string, string | number | null>;
  intervals: Record<string, { from: string | null; to: string | null }>;
}

function defaultInterval(kind?: 'currentMonth' | 'currentYear'): { from: string | null; to: string | null } {
  if (!kind) return { from: null, to: null };
  return currentPeriod(kind === 'currentYear' ? 'year' : 'month');
}

export function initialFilterState(filters: ListFilter[] = []): FilterState {
  const s: FilterState = { mode: 'and', combos: {}, toggles: {}, intervals: {} };
  for (const f of filters) {
    if (f.kind === 'combo') s.combos[f.field] = [];
    if (f.kind === 'toggle') s.toggles[f.field] = f.default ?? null;
    if (f.kind === 'dateInterval') s.intervals[f.field] = defaultInterval(f.default);
  }
  return s;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;
const isIsoDate = (v: unknown): v is string =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v));
const isId = (v: unknown): v is string | number =>
  (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && v.length > 0 && v.length <= 100);

/**
 * The filter group's state is kept in the list filter as one JSON string: react-admin's
 * `removeEmpty` would otherwise drop its empty maps and nulls (a cleared interval, the 'Tutti'
 * toggle) and change its meaning.
 */
export const encodeFilterState = (s: FilterState): string => JSON.stringify(s);

/**
 * The filter state read back from the store or the URL: each declared filter keeps its stored
 * value when that value fits, and takes its default otherwise. `clean` is false when anything
 * had to be replaced.
 */
export function decodeFilterState(raw: unknown, filters: ListFilter[] = []): { state: FilterState; clean: boolean } {
  const defaults = initialFilterState(filters);
  let parsed: unknown = raw;
  if (typeof raw === 'string') {
    try {
      parsed = JSON.parse(raw);
    } catch {
      return { state: defaults, clean: false };
    }
  }
  if (!isPlainObject(parsed)) return { state: defaults, clean: raw === undefined };
  let clean = typeof raw === 'string';
  const state = defaults;
  if (parsed.mode === 'and' || parsed.mode === 'or') state.mode = parsed.mode;
  else clean = false;
  const combos = isPlainObject(parsed.combos) ? parsed.combos : {};
  const toggles = isPlainObject(parsed.toggles) ? parsed.toggles : {};
  const intervals = isPlainObject(parsed.intervals) ? parsed.intervals : {};
  if (!isPlainObject(parsed.combos) || !isPlainObject(parsed.toggles) || !isPlainObject(parsed.intervals))
    clean = false;
  for (const f of filters) {
    if (f.kind === 'combo') {
      const v = combos[f.field];
      if (Array.isArray(v) && v.every((o) => isPlainObject(o) && isId(o.id) && typeof o.label === 'string')) {
        state.combos[f.field] = v.map((o) => ({ id: (o as Option).id, label: (o as Option).label }));
      } else clean = false;
    } else if (f.kind === 'toggle') {
      const v = toggles[f.field];
      if (v === null || f.options.some((o) => o.value === v)) state.toggles[f.field] = v as string | number | null;
      else clean = false;
    } else {
      const v = intervals[f.field];
      const ok = (d: unknown) => d === null || isIsoDate(d);
      if (isPlainObject(v) && ok(v.from) && ok(v.to))
        state.intervals[f.field] = { from: v.from as string | null, to: v.to as string | null };
      else clean = false;
    }
  }
  return { state, clean };
}

/**
 * The filter objects of a state. An inverted date interval emits no filter (its field is
 * listed in `invalid`). The server folds the filters left to right with their glue, so the
 * two bounds of an interval are one condition: they come first, joined with AND, and the
 * search mode glues the conditions after them.
 */
export function filterSpecs(filters: ListFilter[] = [], s: FilterState): { specs: FilterSpec[]; invalid: string[] } {
  // each entry is one condition: one spec, or the two bounds of an interval
  const intervals: FilterSpec[][] = [];
  const free: FilterSpec[][] = [];
  const fixed: FilterSpec[] = [];
  const invalid: string[] = [];
  for (const f of filters) {
    if (f.kind === 'combo') {
      const vals = (s.combos[f.field] ?? []).map((o) => o.id);
      if (vals.length) free.push([{ name: f.field, type: 'OR', val: vals }]);
    } else if (f.kind === 'toggle') {
      const v = s.toggles[f.field];
      if (v !== null && v !== undefined) {
        if (f.alwaysAnd) fixed.push({ name: f.field, type: 'OR', val: [v] });
        else free.push([{ name: f.field, type: 'OR', val: [v] }]);
      }
    } else {
      const { from, to } = s.intervals[f.field] ?? { from: null, to: null };
      if (from && to && from > to) {
        invalid.push(f.field);
        continue;
      }
      const bounds: FilterSpec[] = [];
      if (from) bounds.push({ name: f.field, type: 'gte', val: [`${from} 00:00:00`] });
      if (to) bounds.push({ name: f.field, type: 'lte', val: [`${to} 23:59:59`] });
      if (bounds.length) intervals.push(bounds);
    }
  }
  const specs: FilterSpec[] = [];
  [...intervals, ...free].forEach((group, i) =>
    group.forEach((spec, j) => {
      specs.push({ ...spec, glue: i === 0 || j > 0 ? 'and' : s.mode });
    }),
  );
  specs.push(...fixed.map((spec) => ({ ...spec, glue: 'and' as const })));
  return { specs, invalid };
}

/** Filter values a list starts with: the defaults of its filter group. */
/** The filter group's filters: on one parent's list (`/table/{Model}/{id}`) without those marked `hideWithParent`. */
export function groupFiltersOf(model: ModelDef, withParent = false): ListFilter[] {
  const all = model.list.filters ?? [];
  return withParent ? all.filter((f) => !f.hideWithParent) : all;
}

export function defaultListFilter(model: ModelDef, withParent = false): Record<string, unknown> | undefined {
  const filters = groupFiltersOf(model, withParent);
  if (!filters?.length) return model.list.defaultFilter;
  const state = initialFilterState(filters);
  const { specs } = filterSpecs(filters, state);
  return { ...model.list.defaultFilter, filters: specs, __filterState: encodeFilterState(state) };
}

// ---------------------------------------------------------------------------
// list params
// ---------------------------------------------------------------------------

/** react-admin's list params as stored (`RaStore.list.{Model}`) or read from the URL (strings). */
export interface StoredListParams {
  filter?: Record<string, unknown>;
  displayedFilters?: Record<string, unknown>;
  sort?: string;
  order?: 'ASC' | 'DESC';
  page?: number;
  perPage?: number;
}

const SYSTEM_SORTS = ['id', 'created_at', 'updated_at'];
const sortable = (model: ModelDef, field: string) =>
  SYSTEM_SORTS.includes(field) ||
  (!!model.fields[field] &&
    model.fields[field].sortable !== false &&
    model.fields[field].type !== 'manyToMany' &&
    !model.fields[field].hidden);
// the server filters every model on its creation and change times too (e.g. the payment log's month on created_at)
const SYSTEM_FILTERS = ['id', 'created_at', 'updated_at'];
const filterable = (model: ModelDef, name: string) =>
  SYSTEM_FILTERS.includes(name) ||
  (!!model.fields[name] &&
    !model.fields[name].hidden &&
    (!!model.fields[name].filterable || model.list.parentField === name));
const SPEC_TYPES = ['OR', 'AND', 'gte', 'lte', 'gt'];
const validSpec = (model: ModelDef, s: unknown): boolean =>
  isPlainObject(s) &&
  typeof s.name === 'string' &&
  filterable(model, s.name) &&
  SPEC_TYPES.includes(s.type as string) &&
  Array.isArray(s.val) &&
  s.val.every((x) => ['string', 'number', 'boolean'].includes(typeof x)) &&
  (s.glue === undefined || s.glue === 'and' || s.glue === 'or');

const toInt = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,6}$/.test(v) ? Number(v) : NaN;
  return Number.isInteger(n) ? n : undefined;
};

/**
 * The list params made to fit the model: unknown sort fields, page sizes, filter keys and
 * malformed filters are dropped (react-admin then applies the list's defaults); the filter
 * group's state is decoded and its filter objects recomputed from it. `changed` tells whether
 * anything had to be dropped or replaced.
 */
export function sanitizeListParams(
  model: ModelDef,
  raw: unknown,
  withParent = false,
): { params: StoredListParams; changed: boolean } {
  if (!isPlainObject(raw)) return { params: {}, changed: raw !== undefined && raw !== null };
  let changed = false;
  const out: StoredListParams = {};
  const drop = () => {
    changed = true;
  };

  if (raw.sort !== undefined && raw.sort !== null) {
    if (typeof raw.sort === 'string' && sortable(model, raw.sort)) out.sort = raw.sort;
    else drop();
  }
  if (raw.order !== undefined && raw.order !== null) {
    if ((raw.order === 'ASC' || raw.order === 'DESC') && out.sort) out.order = raw.order;
    else drop();
  }
  if (raw.page !== undefined && raw.page !== null) {
    const p = toInt(raw.page);
    if (p !== undefined && p >= 1) out.page = p;
    else drop();
  }
  if (raw.perPage !== undefined && raw.perPage !== null) {
    const pp = toInt(raw.perPage);
    if (pp !== undefined && (PAGE_SIZES as readonly number[]).includes(pp)) out.perPage = pp;
    else drop();
  }
  if (raw.displayedFilters !== undefined) {
    if (isPlainObject(raw.displayedFilters)) out.displayedFilters = raw.displayedFilters;
    else drop();
  }

  if (raw.filter !== undefined && raw.filter !== null) {
    if (!isPlainObject(raw.filter)) {
      drop();
      out.filter = defaultListFilter(model, withParent) ?? {};
    } else {
      const filter: Record<string, unknown> = {};
      const known = new Set(Object.keys(model.list.defaultFilter ?? {}));
      for (const [k, v] of Object.entries(raw.filter)) {
        if (k === 'q') {
          if (typeof v === 'string' && v.length <= 1000) filter.q = v;
          else drop();
        } else if (k === 'with_trashed') {
          if (v === 1 || v === '1' || v === true) filter.with_trashed = 1;
          else drop();
        } else if (k === 'filters' || k === '__filterState') {
          /* handled below */
        } else if (known.has(k) && ['string', 'number', 'boolean'].includes(typeof v)) filter[k] = v;
        else drop();
      }
      const groupFilters = groupFiltersOf(model, withParent);
      if (groupFilters.length) {
        // the filter group's state is the source of its filter objects
        const { state, clean } = decodeFilterState(raw.filter.__filterState, groupFilters);
        if (!clean) drop();
        filter.__filterState = encodeFilterState(state);
        const { specs } = filterSpecs(groupFilters, state);
        if (specs.length) filter.filters = specs;
        if (JSON.stringify(raw.filter.filters ?? []) !== JSON.stringify(specs)) drop();
      } else if (raw.filter.filters !== undefined) {
        if (Array.isArray(raw.filter.filters) && raw.filter.filters.every((s) => validSpec(model, s)))
          filter.filters = raw.filter.filters;
        else drop();
      }
      out.filter = filter;
    }
  }
  return { params: out, changed };
}

/** The list params in a URL query (react-admin's format: filter and displayedFilters as JSON). */
export function listParamsFromSearch(search: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of new URLSearchParams(search)) {
    if (k === 'filter' || k === 'displayedFilters') {
      try {
        out[k] = JSON.parse(v);
      } catch {
        out[k] = v;
      }
    } else out[k] = v;
  }
  return out;
}

export function listParamsToSearch(params: StoredListParams): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined) continue;
    qs.set(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  const s = qs.toString();
  return s ? `?${s}` : '';
}

// ---------------------------------------------------------------------------
// chosen columns
// ---------------------------------------------------------------------------

/** The chosen columns of a list (store key `{list key}.columns`, kept on the server): their order and the hidden ones. */
export interface ColumnPrefs {
  order: string[];
  hidden: string[];
}

/**
 * The chosen columns made to fit the declared ones (`declared`: their keys in declared order):
 * unknown keys are dropped, a column not in the order takes its declared place, and at least
 * one column stays shown.
 */
export function fitColumns(declared: string[], raw: unknown): ColumnPrefs {
  const p = isPlainObject(raw) ? raw : {};
  const keys = (v: unknown) =>
    Array.isArray(v) ? ([...new Set(v.filter((k) => declared.includes(k)))] as string[]) : [];
  const order = keys(p.order);
  declared.forEach((k, i) => {
    if (!order.includes(k)) order.splice(Math.min(i, order.length), 0, k);
  });
  const hidden = keys(p.hidden);
  return { order, hidden: hidden.length < declared.length ? hidden : [] };
}
