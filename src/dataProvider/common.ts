/**
 * What every area's calls share: the react-admin errors made from the API's, the list query of the
 * generic table, a model by its resource name, id batches that keep an address short.
 */
import { HttpError, type GetListParams, type Identifier, type RaRecord } from 'react-admin';
import { modelByName } from '../../model/registry';
import type { ModelDef } from '../../model/define';
import { ApiError } from '../api/client';
import type { ItemMetaData, ListMeta } from '../../model/api/records';

export interface FilterSpec {
  name: string;
  type: 'OR' | 'AND' | 'gte' | 'lte' | 'gt';
  val: unknown[];
  glue?: 'and' | 'or';
  relation_field_name?: string;
}

export interface ListAnswer<R extends RaRecord = RaRecord> {
  data: R[];
  meta: ListMeta;
  item_meta_data: ItemMetaData;
}

export const model = (resource: string): ModelDef => {
  const m = modelByName.get(resource);
  if (!m) throw new HttpError(`Risorsa sconosciuta: ${resource}`, 404);
  return m;
};

/**
 * The API answers field errors as `{errors: {field: [messages]}}`; react-admin's forms show
 * `{errors: {field: 'message'}}` under the field (an array would land on `field.0`).
 */
const errorBody = (body: ApiError['body']) => {
  if (!body?.errors || typeof body.errors !== 'object') return body;
  const errors = Object.fromEntries(
    Object.entries(body.errors).map(([k, v]) => [k, Array.isArray(v) ? v.join(' ') : String(v)]),
  );
  return { ...body, errors };
};

export const wrap = async <T>(p: Promise<T>): Promise<T> => {
  try {
    return await p;
  } catch (e) {
    if (e instanceof ApiError) throw new HttpError(e.message, e.status, errorBody(e.body));
    throw new HttpError('Errore di connessione al server', 0);
  }
};

/**
 * react-admin filter values → the list query: `q` is the search text, `with_trashed` the trash
 * toggle, `filters` an explicit FilterSpec array (filter group), `__parent` and `__fixed` the
 * list's permanent part (one parent's rows, a view's fixed filters), any other key an OR filter.
 */
export function listQuery(
  params: Partial<GetListParams> & { filter?: Record<string, unknown> },
  extra: Record<string, string> = {},
): URLSearchParams {
  const qs = new URLSearchParams();
  const filter = { ...params.filter };
  const specs: FilterSpec[] = [];
  if (filter.q) qs.set('search_text', String(filter.q));
  if (filter.with_trashed) qs.set('with_trashed', '1');
  if (Array.isArray(filter.filters)) specs.push(...(filter.filters as FilterSpec[]));
  // a view's fixed filters (`/table/{View}`): always joined with AND
  if (Array.isArray(filter.__fixed))
    specs.push(...(filter.__fixed as FilterSpec[]).map((f) => ({ ...f, glue: 'and' as const })));
  // the parent of /table/{Model}/{id}: always joined with AND
  const parent = filter.__parent as { name: string; id: unknown } | undefined;
  for (const [k, v] of Object.entries(filter)) {
    if (
      ['q', 'with_trashed', 'filters', 'collection', '__filterState', '__parent', '__fixed'].includes(k) ||
      v === undefined ||
      v === '' ||
      v === null
    )
      continue;
    specs.push({ name: k, type: 'OR', val: Array.isArray(v) ? v : [v], glue: 'and' });
  }
  if (parent) specs.push({ name: parent.name, type: 'OR', val: [parent.id], glue: 'and' });
  if (specs.length) qs.set('filters', JSON.stringify(specs));
  if (params.sort?.field) {
    qs.set('sort_by', params.sort.field);
    qs.set('sort_desc', params.sort.order === 'DESC' ? '1' : '0');
  }
  if (params.pagination) {
    qs.set('items_per_page', String(params.pagination.perPage));
    qs.set('page', String(params.pagination.page));
  }
  for (const [k, v] of Object.entries(extra)) qs.set(k, v);
  return qs;
}

export const collectionOf = (m: ModelDef, filter?: Record<string, unknown>) =>
  (filter?.collection as string) ?? `${m.name}ResourceListCollection`;

/** The longest encoded id list in one DELETE address (the rest of the address is well under 1 KB). */
const MAX_IDS_CHARS = 7000;

/** Ids in consecutive batches whose encoded JSON list stays under MAX_IDS_CHARS. */
export function idBatches(ids: Identifier[], extra: (id: Identifier) => number = () => 0): Identifier[][] {
  const out: Identifier[][] = [];
  let batch: Identifier[] = [];
  let size = 6; // %5B %5D
  for (const id of ids) {
    const cost = encodeURIComponent(JSON.stringify(id)).length + 3 + extra(id); // %2C
    if (batch.length && size + cost > MAX_IDS_CHARS) {
      out.push(batch);
      batch = [];
      size = 6;
    }
    batch.push(id);
    size += cost;
  }
  if (batch.length) out.push(batch);
  return out;
}

/** A path segment: an id (or any text) encoded for the URL. */
export const enc = (id: string | number) => encodeURIComponent(String(id));

/** A call's query (typed by its schema in model/api) as a query string: a value undefined, null or '' is left out. */
export function queryOf(q: Record<string, unknown>): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  return qs.toString();
}
