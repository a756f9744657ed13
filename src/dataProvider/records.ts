/**
 * react-admin's methods over the seeds' calls of the generic engine (list, read, create, update,
 * trash and delete), and the generic table's and form's other calls: restore, select all,
 * CSV, print, history, the simple lists, a select's options.
 */
import type {
  CreateParams,
  CreateResult,
  DeleteManyParams,
  DeleteManyResult,
  DeleteParams,
  DeleteResult,
  GetListParams,
  GetListResult,
  GetManyParams,
  GetManyReferenceParams,
  GetManyReferenceResult,
  GetManyResult,
  GetOneParams,
  GetOneResult,
  Identifier,
  RaRecord,
  UpdateManyParams,
  UpdateManyResult,
  UpdateParams,
  UpdateResult,
} from 'react-admin';
import { apiDownload, apiFetch, rowsOf } from '../api/client';
import { takeAttachmentChanges, saveNewRecordFiles, saveRecordFiles } from './attachments';
import { model, wrap, listQuery, collectionOf, idBatches, type FilterSpec, type ListAnswer } from './common';
import type { ItemMetaData } from '../../model/api/records';

export type { ItemMetaData };

/**
 * The version (`updated_at`) of each trashed row as the list or the form showed it: a delete
 * sends it, so that the server deletes forever only a row the user saw in the trash (a double
 * click or a retry of a trash never does; issue 25 item 4).
 */
function seenVersions(records: Array<RaRecord | undefined>): Record<string, string> {
  return Object.fromEntries(
    records
      .filter((r) => r && r.id != null && r.trashed === true && typeof r.updated_at === 'string')
      .map((r) => [String(r!.id), r!.updated_at as string]),
  );
}

/** C17's query: force_delete=auto and the versions of the rows of `ids` that were seen. */
function deleteQuery(ids: Identifier[], versions: Record<string, string>): string {
  const mine = Object.fromEntries(
    ids.filter((id) => versions[String(id)]).map((id) => [String(id), versions[String(id)]]),
  );
  return `?force_delete=auto${Object.keys(mine).length ? `&versions=${encodeURIComponent(JSON.stringify(mine))}` : ''}`;
}

/** react-admin's methods over the seeds' calls, typed as react-admin's `DataProvider` (no cast). */
export const raMethods = {
  async getList<R extends RaRecord = any>(resource: string, params: GetListParams): Promise<GetListResult<R>> {
    const m = model(resource);
    const res = await wrap(
      apiFetch<ListAnswer<R>>(`/api/list/${m.name}/${collectionOf(m, params.filter)}?${listQuery(params)}`, {
        signal: params.signal,
      }),
    );
    return {
      data: res.data,
      total: res.meta.total,
      meta: { item_meta_data: res.item_meta_data, last_page: res.meta.last_page },
    };
  },
  async getOne<R extends RaRecord = any>(resource: string, params: GetOneParams<R>): Promise<GetOneResult<R>> {
    const m = model(resource);
    const res = await wrap(
      apiFetch<{ data: R }>(`/api/${m.resource}/${encodeURIComponent(String(params.id))}`, { signal: params.signal }),
    );
    return { data: res.data };
  },
  async getMany<R extends RaRecord = any>(resource: string, params: GetManyParams<R>): Promise<GetManyResult<R>> {
    const m = model(resource);
    if (!params.ids.length) return { data: [] };
    const qs = listQuery(
      { filter: { with_trashed: 1, filters: [{ name: 'id', type: 'OR', val: params.ids }] } },
      { items_per_page: '-1' },
    );
    const res = await wrap(
      apiFetch<ListAnswer<R>>(`/api/list/${m.name}/${m.name}ResourceListCollection?${qs}`, { signal: params.signal }),
    );
    return { data: res.data };
  },
  async getManyReference<R extends RaRecord = any>(
    resource: string,
    params: GetManyReferenceParams,
  ): Promise<GetManyReferenceResult<R>> {
    const m = model(resource);
    const filters = [
      ...((params.filter?.filters as FilterSpec[]) ?? []),
      { name: params.target, type: 'OR' as const, val: [params.id] },
    ];
    const qs = listQuery({ ...params, filter: { ...params.filter, filters } });
    const res = await wrap(
      apiFetch<ListAnswer<R>>(`/api/list/${m.name}/${collectionOf(m, params.filter)}?${qs}`, { signal: params.signal }),
    );
    return { data: res.data, total: res.meta.total };
  },
  async create<R extends Omit<RaRecord, 'id'> = any, RR extends RaRecord = R & { id: Identifier }>(
    resource: string,
    params: CreateParams<R>,
  ): Promise<CreateResult<RR>> {
    const m = model(resource);
    const body: Record<string, unknown> = { ...params.data };
    // multiple mode: the list of values (e.g. customer_ids) replaces the single one, or is dropped
    if (m.multiple) {
      if (body.__multiple === true) delete body[m.multiple.field];
      else delete body[m.multiple.list];
    }
    delete body.__multiple;
    const files = takeAttachmentChanges(m, body);
    const res = await wrap(
      apiFetch<{ data: RR; ids?: number[] }>(`/api/${m.resource}`, { method: 'POST', json: body }),
    );
    if (files) await saveNewRecordFiles(m, res.data.id, files);
    return { data: res.ids && res.ids.length > 1 ? { ...res.data, __created: res.ids.length } : res.data };
  },
  async update<R extends RaRecord = any>(resource: string, params: UpdateParams<R>): Promise<UpdateResult<R>> {
    const m = model(resource);
    const body: Record<string, unknown> = { ...params.data };
    if (params.previousData?.updated_at && body.updated_at === undefined)
      body.updated_at = params.previousData.updated_at;
    // seed A §4, §7: saving a trashed item restores it
    if (params.previousData?.trashed || body.trashed) Object.assign(body, { deleted_at: null, restore: true });
    delete body.trashed;
    const files = takeAttachmentChanges(m, body);
    const res = await wrap(
      apiFetch<{ data: R }>(`/api/${m.resource}/${encodeURIComponent(String(params.id))}`, {
        method: 'PUT',
        json: body,
      }),
    );
    if (files) await saveRecordFiles(m, params.id, files);
    return { data: res.data };
  },
  /**
   * One request for the whole selection (PUT /api/{resource} {ids, data, versions}), one set-based
   * update on the server. `meta.versions` ({id: updated_at}, or the selected records in
   * `meta.records`) is the version of each row as the caller read it: a row changed since is a 412.
   */
  async updateMany<R extends RaRecord = any>(
    resource: string,
    params: UpdateManyParams<R>,
  ): Promise<UpdateManyResult<R>> {
    const m = model(resource);
    const records = (params.meta?.records ?? []) as RaRecord[];
    const versions: Record<string, string> = {
      ...Object.fromEntries(records.map((r) => [String(r.id), String(r.updated_at)])),
      ...params.meta?.versions,
    };
    await wrap(
      apiFetch(`/api/${m.resource}`, { method: 'PUT', json: { ids: params.ids, data: params.data, versions } }),
    );
    return { data: params.ids };
  },
  async delete<R extends RaRecord = any>(resource: string, params: DeleteParams<R>): Promise<DeleteResult<R>> {
    const m = model(resource);
    // react-admin passes the record; a caller that does not gets it read before it goes
    const data = params.previousData ?? (await raMethods.getOne<R>(resource, { id: params.id })).data;
    const query = deleteQuery([params.id], seenVersions([data]));
    await wrap(
      apiFetch(`/api/${m.snake}/${encodeURIComponent(JSON.stringify([params.id]))}${query}`, { method: 'DELETE' }),
    );
    return { data };
  },
  /**
   * The seed's call with the ids in the path, in batches whose address stays under 8 KB (what a
   * reverse proxy in front of the server accepts): a select-all of 10,000 rows is a few calls.
   */
  async deleteMany<R extends RaRecord = any>(
    resource: string,
    params: DeleteManyParams<R>,
  ): Promise<DeleteManyResult<R>> {
    const m = model(resource);
    // the selected rows as the list showed them (`meta.records`): their versions go with the ids
    const versions = seenVersions((params.meta?.records ?? []) as RaRecord[]);
    const extra = (id: Identifier) =>
      versions[String(id)] ? encodeURIComponent(`,"${id}":"${versions[String(id)]}"`).length : 0;
    for (const batch of idBatches(params.ids, extra)) {
      await wrap(
        apiFetch(`/api/${m.snake}/${encodeURIComponent(JSON.stringify(batch))}${deleteQuery(batch, versions)}`, {
          method: 'DELETE',
        }),
      );
    }
    return { data: params.ids };
  },
};

export interface HistoryEntry {
  id: number;
  action: string;
  user_name: string;
  at: string;
  changes: Record<string, [unknown, unknown]> | null;
}

export const recordCalls = {
  /** Restore: PUT with restore true and deleted_at null, based on the version the caller saw. */
  async restore(resource: string, params: { id: RaRecord['id']; updated_at: unknown }) {
    const m = model(resource);
    const res = await wrap(
      apiFetch<{ data: RaRecord }>(`/api/${m.resource}/${encodeURIComponent(String(params.id))}`, {
        method: 'PUT',
        json: { restore: true, deleted_at: null, updated_at: params.updated_at },
      }),
    );
    return { data: res.data };
  },
  /** Select-all across pages: every id matching the current search and filters. */
  async selectAllIds(resource: string, params: { filter?: Record<string, unknown>; sort?: GetListParams['sort'] }) {
    const m = model(resource);
    const qs = listQuery({ filter: params.filter, sort: params.sort }, { items_per_page: '-1', only_ids: '1' });
    const res = await wrap(
      apiFetch<{ data: RaRecord['id'][]; meta: { total: number } }>(
        `/api/list/${m.name}/${collectionOf(m, params.filter)}?${qs}`,
      ),
    );
    return res.data;
  },
  /** CSV of all matching rows with the chosen fields (streamed by the server). */
  async exportCsv(
    resource: string,
    params: { filter?: Record<string, unknown>; sort?: GetListParams['sort']; fields: string[] },
  ) {
    const m = model(resource);
    const qs = listQuery(
      { filter: params.filter, sort: params.sort },
      { format: 'csv', fields: params.fields.join(',') },
    );
    return wrap(apiDownload(`/api/list/${m.name}/${collectionOf(m, params.filter)}?${qs}`));
  },
  /** Printable PDF of the rows ('Riepilogo Prenotazioni.pdf'). */
  async print(resource: string, params: { filter?: Record<string, unknown>; sort?: GetListParams['sort'] }) {
    const m = model(resource);
    const qs = listQuery({ filter: params.filter, sort: params.sort }, { format: 'pdf' });
    return wrap(apiDownload(`/api/list/${m.name}/${collectionOf(m, params.filter)}?${qs}`));
  },
  /** Audit history of a record. */
  async history(resource: string, params: { id: RaRecord['id'] }) {
    const m = model(resource);
    const res = await wrap(
      apiFetch<{ data: HistoryEntry[] }>(`/api/audit_log/${m.name}/${encodeURIComponent(String(params.id))}`),
    );
    return res.data;
  },
  /** A simple list `/lista/{id}` (C18): rows and item abilities. */
  async simpleList(name: string, params: { signal?: AbortSignal } = {}) {
    return apiFetch<{ data: Array<Record<string, unknown>>; item_meta_data: ItemMetaData }>(
      `/api/list/${name}?items_per_page=-1`,
      { signal: params.signal },
    );
  },
  /** Trash or delete one row of a simple list (C19: DELETE /api/{snake_name}/{id}). */
  async deleteRow(resource: string, params: { id: RaRecord['id'] }) {
    const m = model(resource);
    await wrap(
      apiFetch(`/api/${m.snake}/${encodeURIComponent(String(params.id))}?force_delete=auto`, { method: 'DELETE' }),
    );
  },
  /** The options of a select or a filter from a call answering `{data: [...]}` or a plain array. */
  async options(endpoint: string, params: { signal?: AbortSignal } = {}) {
    return rowsOf(await apiFetch<unknown>(endpoint, { signal: params.signal }));
  },
};
