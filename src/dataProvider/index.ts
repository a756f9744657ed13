/**
 * The only place where react-admin's dataProvider methods meet the seeds' calls.
 * Resources are model names (PascalCase) from the registry.
 */
import {
  HttpError,
  useDataProvider,
  type CreateParams,
  type CreateResult,
  type DataProvider,
  type DeleteManyParams,
  type DeleteManyResult,
  type DeleteParams,
  type DeleteResult,
  type GetListParams,
  type GetListResult,
  type GetManyParams,
  type GetManyReferenceParams,
  type GetManyReferenceResult,
  type GetManyResult,
  type GetOneParams,
  type GetOneResult,
  type Identifier,
  type RaRecord,
  type UpdateManyParams,
  type UpdateManyResult,
  type UpdateParams,
  type UpdateResult,
} from 'react-admin';
import { modelByName } from '../../model/registry';
import type { ModelDef } from '../../model/define';
import { apiDownload, apiFetch, ApiError, apiNdjson, rawApiCall, rowsOf } from '../api/client';
import type {
  ImportCounts,
  ImportListRow,
  ImportPreviewRow,
  ImportProgress,
  ImportRequest,
  ImportStaged,
} from '../../model/customerImport';
import type { ClientVar, MenuNode } from './shellTypes';
import type { LoggedUser } from '../authProvider/token';
import type { MailStatus } from '../../model/mail';

export interface FilterSpec {
  name: string;
  type: 'OR' | 'AND' | 'gte' | 'lte' | 'gt';
  val: unknown[];
  glue?: 'and' | 'or';
  relation_field_name?: string;
}

interface ListAnswer<R extends RaRecord = RaRecord> {
  data: R[];
  meta: { total: number; current_page: number; per_page: number; last_page: number };
  item_meta_data: ItemMetaData;
}
export interface ItemMetaData {
  can_add_new: boolean;
  expand_field: string | null;
  is_selectable: boolean;
  is_erasable: boolean;
  disable_edit_item: boolean;
  items: Record<string, { is_selectable?: boolean; is_erasable?: boolean; disable_edit_item?: boolean }>;
}

const model = (resource: string): ModelDef => {
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

const wrap = async <T>(p: Promise<T>): Promise<T> => {
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

const collectionOf = (m: ModelDef, filter?: Record<string, unknown>) =>
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

/**
 * The `details` of a validate_xml answer (C55) as lines of text, whatever their shape: a list,
 * one text, or an object of texts by field (seed B §7 names them without a shape).
 */
export function detailLines(details: unknown): string[] {
  if (details === null || details === undefined || details === '') return [];
  if (Array.isArray(details)) return details.flatMap(detailLines);
  if (typeof details === 'object') {
    return Object.entries(details as Record<string, unknown>).flatMap(([k, v]) =>
      detailLines(v).map((line) => `${k}: ${line}`),
    );
  }
  return [String(details)];
}

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

/** A file of a record (C75). */
/** A payment provider of C66: a wallet (approval page) or a card form; `config` is what its browser part needs. */
export interface PaymentProviderInfo {
  value: string;
  text: string;
  kind: 'wallet' | 'card';
  config?: Record<string, string>;
}
export interface AttachmentRow {
  id: number;
  original_filename: string;
  content_type: string;
  size: number;
  descrizione: string | null;
  nota: string | null;
  marked_for_deletion: boolean;
  created_at: string;
}

/**
 * What the form's uploader changed (its value, `__attachments`, never sent with the record):
 * files to add, marks for deletion and descriptions of the files already there.
 */
export interface AttachmentChanges {
  add: File[];
  marks: Record<number, boolean>;
  meta: Record<number, { descrizione?: string; nota?: string }>;
}
export const ATTACHMENTS_FIELD = '__attachments';

function takeAttachmentChanges(m: ModelDef, body: Record<string, unknown>): AttachmentChanges | null {
  const changes = body[ATTACHMENTS_FIELD] as AttachmentChanges | undefined;
  delete body[ATTACHMENTS_FIELD];
  return m.attachments && changes ? changes : null;
}

const attachmentCalls = {
  /** C75 GET /api/{route}?{owner}= */
  async list(m: ModelDef, ownerId: Identifier, signal?: AbortSignal) {
    const a = m.attachments!;
    return (
      await wrap(
        apiFetch<{ data: AttachmentRow[] }>(
          `/api/${a.route}?${new URLSearchParams({ [a.ownerColumn]: String(ownerId) })}`,
          { signal },
        ),
      )
    ).data;
  },
  /** C76 POST /api/{route} multipart files[] and the owner column */
  async upload(m: ModelDef, ownerId: Identifier, files: File[]) {
    const a = m.attachments!;
    const form = new FormData();
    form.append(a.ownerColumn, String(ownerId));
    for (const f of files) form.append('files[]', f, f.name);
    return (await wrap(apiFetch<{ data: AttachmentRow[] }>(`/api/${a.route}`, { method: 'POST', body: form }))).data;
  },
  /** C77 DELETE /api/{route}/{JSON ids}?column=id */
  async remove(m: ModelDef, ids: number[]) {
    await wrap(
      apiFetch(`/api/${m.attachments!.route}/${encodeURIComponent(JSON.stringify(ids))}?column=id`, {
        method: 'DELETE',
      }),
    );
  },
  /** C79 PUT /api/allegato/{id} */
  async update(id: number, data: { descrizione?: string | null; nota?: string | null; marked_for_deletion?: boolean }) {
    return (await wrap(apiFetch<{ data: AttachmentRow }>(`/api/allegato/${id}`, { method: 'PUT', json: data }))).data;
  },
};

/**
 * The files of a record just created: uploaded; when the upload is refused (a file the server
 * does not accept), the new record is deleted again and the form stays as it was, with the reason.
 */
async function saveNewRecordFiles(m: ModelDef, id: Identifier, changes: AttachmentChanges) {
  if (!changes.add.length) return;
  try {
    await attachmentCalls.upload(m, id, changes.add);
  } catch (e) {
    await apiFetch(`/api/${m.snake}/${encodeURIComponent(JSON.stringify([id]))}?force_delete=1`, {
      method: 'DELETE',
    }).catch(() => undefined);
    throw e;
  }
}

/**
 * The files of a record just saved (seed B §4): descriptions and marks written, new files
 * uploaded, then the files marked for deletion removed — only once the new ones are in, so a
 * refused upload never leaves the record without its file.
 */
async function saveRecordFiles(m: ModelDef, id: Identifier, changes: AttachmentChanges) {
  const ids = new Set([...Object.keys(changes.marks), ...Object.keys(changes.meta)].map(Number));
  for (const a of ids) {
    await attachmentCalls.update(a, {
      ...changes.meta[a],
      ...(a in changes.marks ? { marked_for_deletion: changes.marks[a] } : {}),
    });
  }
  if (changes.add.length) await attachmentCalls.upload(m, id, changes.add);
  const marked = Object.entries(changes.marks)
    .filter(([, v]) => v)
    .map(([k]) => Number(k));
  if (marked.length) await attachmentCalls.remove(m, marked);
}

/** react-admin's methods over the seeds' calls, typed as react-admin's `DataProvider` (no cast). */
const raMethods = {
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

export const dataProvider = {
  ...raMethods,

  // ---- calls of the generic table and form beyond react-admin's methods ----

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
  /** C24: for each collaborator linked to some of the customers on a relation, the customers linked. */
  async collaboratorLinks(
    customerIds: Array<string | number>,
    column: 'collaborator_accounting_id' | 'collaborator_studio_jobs_id',
  ) {
    const qs = new URLSearchParams({
      parents_id: JSON.stringify(customerIds.map(Number)),
      pivot_table: 'customers',
      parent_col_name: 'id',
      child_col_name: column,
    });
    return (await apiFetch<{ data: Record<string, number[]> }>(`/api/parents_has_children?${qs}`)).data;
  },
  /** C25: the collaborator (or none) of the customers on a relation. */
  async assignCollaborator(
    customerIds: Array<string | number>,
    relation: 'collaborator_accounting' | 'collaborator_studio_jobs',
    children: Array<{ id: number; selected: boolean }>,
  ) {
    return (
      await apiFetch<{ data: { updated: number } }>('/api/parents_has_children', {
        method: 'POST',
        json: {
          parent_ids: customerIds.map(Number),
          parent_model_name: 'Customer',
          child_model_name: 'User',
          relation_name: relation,
          children,
        },
      })
    ).data;
  },
  /** C10 in multiple mode: the same movement for each customer, atomically. */
  async addTransactions(customerIds: Array<string | number>, data: Record<string, unknown>) {
    return apiFetch<{ data: RaRecord; ids: number[] }>('/api/transactions', {
      method: 'POST',
      json: { ...data, customer_ids: customerIds.map(Number) },
    });
  },
  /** The studio's receivables for the home page. */
  async receivables(params: { signal?: AbortSignal } = {}) {
    return (await apiFetch<{ data: Receivables }>('/api/receivables', { signal: params.signal })).data;
  },
  /** A customer's account statement between two days (YYYY-MM-DD, either may be null). */
  async statement(
    customerId: string | number,
    params: { from: string | null; to: string | null; signal?: AbortSignal },
  ) {
    const qs = new URLSearchParams();
    if (params.from) qs.set('from', params.from);
    if (params.to) qs.set('to', params.to);
    return (
      await wrap(
        apiFetch<{ data: Statement }>(`/api/customer/${encodeURIComponent(String(customerId))}/statement?${qs}`, {
          signal: params.signal,
        }),
      )
    ).data;
  },
  /** C21 / C22: payment notices of the customers (one file, or Bollettini.zip for several). */
  async downloadBollettini(
    format: 'pdf' | 'html',
    params: { customers_ids: number[]; studio_service_id: number; amount: number },
  ) {
    const qs = new URLSearchParams({
      customers_ids: JSON.stringify(params.customers_ids),
      studio_service_id: String(params.studio_service_id),
      amount: params.amount.toFixed(2),
    });
    return apiDownload(`/api/bollettino/actions/download_${format}?${qs}`);
  },
  /** C29 / C30: account statements of the customers for a period (one file, or EstrattiConto.zip). */
  async downloadAccountBalances(
    format: 'pdf' | 'html',
    params: { customer_ids: number[]; from: string | null; to: string | null },
  ) {
    const qs = new URLSearchParams({ customer_ids: JSON.stringify(params.customer_ids) });
    if (params.from) qs.set('from', params.from);
    if (params.to) qs.set('to', params.to);
    return apiDownload(`/api/account_balance_${format}?${qs}`);
  },
  /** C27 / C28: the engagement letter of one customer (errors carry the server's message, naming what is missing). */
  async downloadContract(format: 'pdf' | 'html', customerId: number) {
    return apiDownload(
      `/api/accounting_contract_${format}?${new URLSearchParams({ customer_id: String(customerId) })}`,
    );
  },
  /** C33: the bank-transfer letter of one customer for an amount. */
  async downloadTransferLetter(customerId: number, amount: number) {
    const qs = new URLSearchParams({ customers_ids: JSON.stringify([customerId]), amount: amount.toFixed(2) });
    return apiDownload(`/api/lettera_bonifico_pdf/actions/download_pdf?${qs}`);
  },
  /** C75: the files of a record (the generic form's uploader; react-admin's dataProvider proxy wants methods at the top). */
  async listAttachments(m: ModelDef, ownerId: Identifier, params: { signal?: AbortSignal } = {}) {
    return attachmentCalls.list(m, ownerId, params.signal);
  },
  /** C78: one file, with its original name. */
  async downloadAttachment(id: number) {
    return apiDownload(`/api/allegato_download/${id}`);
  },
  /** C35 GET /api/word_templates: every template (title, description). */
  async wordTemplates(params: { signal?: AbortSignal } = {}) {
    return (
      await wrap(
        apiFetch<{ data: Array<{ id: number; title: string; description: string | null }> }>('/api/word_templates', {
          signal: params.signal,
        }),
      )
    ).data;
  },
  /** C74 GET /api/word_template_replace_keys: the tags a template may use, with their meaning. */
  async wordTemplateKeys(params: { signal?: AbortSignal } = {}) {
    return (
      await wrap(
        apiFetch<{ data: Array<{ key: string; tag: string; description: string; group: string }> }>(
          '/api/word_template_replace_keys',
          { signal: params.signal },
        ),
      )
    ).data;
  },
  /** C37: a template filled for the customers (a .docx for one, a zip for several). */
  async downloadWordTemplate(templateId: number, customerIds: number[]) {
    return apiDownload(
      `/api/word_template/${templateId}/actions/replace_and_download?${new URLSearchParams({ customer_ids: JSON.stringify(customerIds) })}`,
    );
  },
  /** C36: a template filled for each customer and e-mailed to it (queued in the outbox). */
  async emailWordTemplate(templateId: number, customerIds: number[]) {
    return await apiFetch<{ message: string; data: { queued: number } }>(
      `/api/word_template/${templateId}/actions/replace_and_email?${new URLSearchParams({ customer_ids: JSON.stringify(customerIds) })}`,
      { method: 'POST', json: {} },
    );
  },
  /** GET /api/studio_jobs (seed B §7): the studio's jobs as the dashboard's columns (sub-task count, legal statuses), by name. */
  async studioJobs(params: { signal?: AbortSignal } = {}) {
    return (await wrap(apiFetch<{ data: DashboardJob[] }>('/api/studio_jobs', { signal: params.signal }))).data;
  },
  /** C44: the dashboard's customers (a Collaboratore gets his own; administrators may ask for a collaborator's, 0: without one). */
  async dashboardCustomers(params: { collaboratorId?: number | null; signal?: AbortSignal } = {}) {
    const qs = params.collaboratorId == null ? '' : `?collaborator_id=${params.collaboratorId}`;
    return (
      await wrap(
        apiFetch<{ data: DashboardCustomer[] }>(`/api/logged-user/studio-jobs-customers${qs}`, {
          signal: params.signal,
        }),
      )
    ).data;
  },
  /** C45: done sub-tasks per customer and job for the year. */
  async jobCounts(year: number, params: { signal?: AbortSignal } = {}) {
    return wrap(
      apiFetch<Record<string, Record<string, number>>>(`/api/customer_task_per_job_count?year=${year}`, {
        signal: params.signal,
      }),
    );
  },
  /** C46: the job's sub-tasks with their status for a customer and year. */
  async jobStatuses(jobId: number, customerId: number, year: number, params: { signal?: AbortSignal } = {}) {
    return (
      await wrap(
        apiFetch<{ data: TaskStatus[] }>(`/api/studio_jobs_status/${jobId}/customers/${customerId}/year/${year}`, {
          signal: params.signal,
        }),
      )
    ).data;
  },
  /** C47: a sub-task done (1) or open (0), with its note. */
  async changeJobState(
    jobId: number,
    taskId: number,
    customerId: number,
    year: number,
    body: { status: 0 | 1; note: string | null },
  ) {
    return apiFetch<{ data: TaskStatus; done: number; changed: boolean }>(
      `/api/studio_jobs_status/${jobId}/task/${taskId}/customers/${customerId}/year/${year}/actions/change_state`,
      { method: 'POST', json: body },
    );
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

  // ---- calls of the shell and the session: errors stay ApiError (status and body), as the shell reads them ----

  /** The options of a select or a filter from a call answering `{data: [...]}` or a plain array. */
  async options(endpoint: string, params: { signal?: AbortSignal } = {}) {
    return rowsOf(await apiFetch<unknown>(endpoint, { signal: params.signal }));
  },
  /** GET /api/var/client_var (public). */
  clientVar: (params: { signal?: AbortSignal } = {}) =>
    apiFetch<ClientVar>('/api/var/client_var', { signal: params.signal }),
  /** GET /api/menu_items: the menu tree of the caller's role. */
  async menuItems(params: { signal?: AbortSignal } = {}) {
    return (await apiFetch<{ data: MenuNode[] }>('/api/menu_items', { signal: params.signal })).data ?? [];
  },
  /** GET /api/studio_logged. */
  async loggedStudio(params: { signal?: AbortSignal } = {}) {
    return (
      (await apiFetch<{ data: LoggedStudio | null }>('/api/studio_logged', { signal: params.signal })).data ?? null
    );
  },
  /** GET /api/loggedStudio/missingRequiredFields. */
  async missingRequiredFields(params: { signal?: AbortSignal } = {}) {
    return (
      (
        await apiFetch<{ data: Array<{ field: string; label: string }> }>('/api/loggedStudio/missingRequiredFields', {
          signal: params.signal,
        })
      ).data ?? []
    );
  },
  /** The logged user's own record (name, e-mail, credit, avatar). */
  async ownUser(id: string | number, params: { signal?: AbortSignal } = {}) {
    return (
      await apiFetch<{
        data: { name?: string; email?: string; credit?: number | string | null; avatar?: string | null };
      }>(`/api/user/users/${encodeURIComponent(String(id))}`, { signal: params.signal })
    ).data;
  },
  /** POST /api/user/login. */
  login: (email: string, password: string) =>
    apiFetch<LoggedUser & { access_token: string; expires_at?: number }>('/api/user/login', {
      method: 'POST',
      json: { email, password },
    }),
  /** C61 GET /api/user/{provider}/verify_token_and_login/{token}: the session for the e-mail the provider proves. */
  socialLogin: (provider: string, token: string) =>
    apiFetch<LoggedUser & { access_token: string; expires_at?: number }>(
      `/api/user/${encodeURIComponent(provider)}/verify_token_and_login/${encodeURIComponent(token)}`,
    ),
  /** GET /api/user/logout. */
  logout: () => apiFetch('/api/user/logout'),

  // ---- public area (no session; issue 15): registration, contact form, activation, password recovery ----
  // errors stay ApiError: the pages show the server's message (400, 404, 429) from it

  /** C59 POST /api/studio/actions/registration: a studio and its (inactive) Admin; the activation link goes by e-mail. */
  registerStudio: (body: { name: string; email: string; mobile_number: string; password: string }) =>
    apiFetch<PublicAnswer>('/api/studio/actions/registration', { method: 'POST', json: body }),
  /** C60 POST /api/contact_form/actions/send_contact_form: the free-trial request ('Iscriviti'). */
  sendContactForm: (body: { name: string; email: string; tel: string; note: string }) =>
    apiFetch<PublicAnswer>('/api/contact_form/actions/send_contact_form', { method: 'POST', json: body }),
  /** C62 POST /api/user/register: an account (404 when registration is disabled). */
  registerUser: (body: {
    email: string;
    password: string;
    password_confirmation: string;
    name: string;
    terms: true;
    privacy: true;
  }) => apiFetch<PublicAnswer>('/api/user/register', { method: 'POST', json: body }),
  /** C63 POST /api/user/password/init_reset: the reset link by e-mail (the same answer whether the e-mail exists or not). */
  initPasswordReset: (body: { email: string; g_recaptcha_response: string }) =>
    apiFetch<PublicAnswer>('/api/user/password/init_reset', { method: 'POST', json: body }),
  /** C64 POST /api/user/password/do_reset: the new password with the e-mailed token. */
  doPasswordReset: (body: { email: string; password: string; password_confirmation: string; token: string }) =>
    apiFetch<PublicAnswer>('/api/user/password/do_reset', { method: 'POST', json: body }),
  /** C65 GET /api/user/activate/{token}: activates the account of the e-mailed link. */
  activateAccount: (token: string, params: { signal?: AbortSignal } = {}) =>
    apiFetch<PublicAnswer>(`/api/user/activate/${encodeURIComponent(token)}`, { signal: params.signal }),

  // ---- bulk actions on the selected customers (src/resources/Customer/bulk/): errors stay ApiError ----

  /** C38 POST /api/generate_credit_transactions: the yearly installments of `year` (`data`: the transactions made; `skipped` beside it). */
  async generateInstallments(customerIds: Array<string | number>, year: number): Promise<InstallmentsResult> {
    const res = await apiFetch<{ data: InstallmentMade[]; skipped?: InstallmentsResult['skipped'] }>(
      '/api/generate_credit_transactions',
      { method: 'POST', json: { customer_ids: customerIds.map(Number), year } },
    );
    return { created: res.data ?? [], skipped: res.skipped ?? [] };
  },
  /** C26 POST /api/update_yearly_accounting_amount (or its preview, which writes nothing). */
  async updateYearlyAmount(
    customerIds: Array<string | number>,
    change: { yearly_accounting_amount: number } | { yearly_accounting_amount_change_percentage: number },
    preview = false,
  ) {
    return (
      await apiFetch<{ data: YearlyAmountResult }>(`/api/update_yearly_accounting_amount${preview ? '/preview' : ''}`, {
        method: 'POST',
        json: { customers_ids: customerIds.map(Number), ...change },
      })
    ).data;
  },
  /** C34 POST /api/annual_balancer/actions/do: one year for every selected customer. */
  async annualBalancer(customerIds: Array<string | number>, year: number | ((id: string | number) => number)) {
    const yearOf = typeof year === 'number' ? () => year : year;
    return (
      await apiFetch<{ data: BalancerRow[] }>('/api/annual_balancer/actions/do', {
        method: 'POST',
        json: { customersData: customerIds.map((id) => ({ id: Number(id), year: yearOf(id) })) },
      })
    ).data;
  },
  /** C72 GET /api/assignments/{id}/transactions: the assignment's fee transactions (errors as ApiError, with their status). */
  async assignmentTransactions(id: string | number, params: { signal?: AbortSignal } = {}) {
    return (
      await apiFetch<{ data: AssignmentFee[] }>(`/api/assignments/${encodeURIComponent(String(id))}/transactions`, {
        signal: params.signal,
      })
    ).data;
  },
  /** C73 POST /api/assignments/{id}/make_transactions: 'Genera compensi' / 'Aggiorna' (replaces the existing fees). */
  async makeAssignmentTransactions(id: string | number) {
    return (
      await apiFetch<{ data: AssignmentFee[] }>(
        `/api/assignments/${encodeURIComponent(String(id))}/make_transactions`,
        { method: 'POST', json: {} },
      )
    ).data;
  },
  /** C48 POST /api/cedolini: the monthly payslip quantities of the customers given (0 removes the entry and its charge). */
  async saveCedolini(customerData: CedoliniEntry[]) {
    return (
      await apiFetch<{ data: { saved: number; removed: number } }>('/api/cedolini', {
        method: 'POST',
        json: { customerData },
      })
    ).data;
  },
  /** C49 GET /api/cedolini: a customer's payslip quantities of a year, by month ('1'…'12'). */
  async cedoliniOfYear(customerId: string | number, year: number, params: { signal?: AbortSignal } = {}) {
    return (
      await apiFetch<{ data: Record<string, number> }>(
        `/api/cedolini?customer_id=${encodeURIComponent(String(customerId))}&year=${year}`,
        { signal: params.signal },
      )
    ).data;
  },

  // ---- e-mail: documents by e-mail (C20, C31, C32) and the outbox ('Posta in uscita'); errors stay ApiError ----

  /** C20 POST /api/bollettino/actions/email_pdf: each customer's payment notice by e-mail (queued). */
  async emailBollettini(params: { customers_ids: number[]; studio_service_id: number; amount: number }) {
    return apiFetch<MailQueued>('/api/bollettino/actions/email_pdf', {
      method: 'POST',
      json: {
        customers_ids: JSON.stringify(params.customers_ids),
        studio_service_id: params.studio_service_id,
        amount: params.amount.toFixed(2),
      },
    });
  },
  /** C31 GET /api/send_account_balance_mail: each customer's account statement for a period by e-mail (queued). */
  async emailAccountBalances(params: { customer_ids: number[]; from: string | null; to: string | null }) {
    const qs = new URLSearchParams({ customer_ids: JSON.stringify(params.customer_ids) });
    if (params.from) qs.set('from', params.from);
    if (params.to) qs.set('to', params.to);
    return apiFetch<MailQueued>(`/api/send_account_balance_mail?${qs}`);
  },
  /** C32 GET /api/send_contract_pdf: each customer's engagement letter by e-mail (queued; a 422 names what each customer misses). */
  async emailContracts(customerIds: number[]) {
    return apiFetch<MailQueued>(
      `/api/send_contract_pdf?${new URLSearchParams({ customer_ids: JSON.stringify(customerIds) })}`,
    );
  },
  /** The outbox of the studio, newest first, a page at a time (Admin and above). */
  async mailOutbox(params: { status?: MailStatus | null; page: number; perPage: number; signal?: AbortSignal }) {
    const qs = new URLSearchParams({ page: String(params.page), items_per_page: String(params.perPage) });
    if (params.status) qs.set('status', params.status);
    return apiFetch<MailOutboxPage>(`/api/mail_outbox?${qs}`, { signal: params.signal });
  },
  /** One message of the outbox with its text and attachments. */
  async mailMessage(id: number, params: { signal?: AbortSignal } = {}) {
    return (await apiFetch<{ data: MailDetail }>(`/api/mail_outbox/${id}`, { signal: params.signal })).data;
  },
  /** An attachment of a message of the outbox. */
  downloadMailAttachment: (id: number, attachmentId: number) =>
    apiDownload(`/api/mail_outbox/${id}/attachments/${attachmentId}`),
  /** A message of the outbox as a .eml file. */
  downloadMailEml: (id: number) => apiDownload(`/api/mail_outbox/${id}/eml`),
  /** 'Riprova': a failed or kept message back in the queue. */
  async retryMail(id: number) {
    return apiFetch<{ message: string; data: MailDetail }>(`/api/mail_outbox/${id}/actions/retry`, {
      method: 'POST',
      json: {},
    });
  },

  /** C80 POST /api/user/update_user_credit/{id}: a credit (amount > 0) or a debit (< 0) of a user; the new balance. */
  async updateUserCredit(id: string | number, body: { amount: number; description?: string; note?: string }) {
    return (
      await apiFetch<{ data: { id: number; credit: number } }>(
        `/api/user/update_user_credit/${encodeURIComponent(String(id))}`,
        { method: 'POST', json: body },
      )
    ).data;
  },

  // ---- the SuperAdmin's API console (/test_api) ----

  /** The OpenAPI document of the whole API (generated from the route schemas). */
  apiDocument: <T>(params: { signal?: AbortSignal } = {}) => apiFetch<T>('/api/docs/json', { signal: params.signal }),
  /** Any call of the API under the session's token, answered raw (errors and files included). */
  tryApiCall: (method: string, url: string, body?: string) => rawApiCall(method, url, body),

  // ---- subscription and payments (C66–C71); errors stay ApiError (their body has errorMessage) ----

  /** C66 GET /api/subscription_price: euro per month and the providers one may pay with. */
  async subscriptionPrice(params: { signal?: AbortSignal } = {}) {
    return apiFetch<{ data: number; providers: PaymentProviderInfo[] }>('/api/subscription_price', {
      signal: params.signal,
    });
  },
  /** C70 GET /api/{card_provider}/create_payment_intent: a card payment of `quantity` months, `amount` in cents (seed B §9, and so is the answer's); its client secret. */
  async createPaymentIntent(provider: string, query: { quantity: number; amount: number }) {
    const q = new URLSearchParams({
      quantity: String(query.quantity),
      amount: String(query.amount),
      purchasing_item_id: 'subscription',
      charge_type: 'subscription',
    });
    return apiFetch<{ client_secret: string; paymentId: number; amount: number }>(
      `/api/${encodeURIComponent(provider)}/create_payment_intent?${q}`,
    );
  },
  /** C71 POST /api/{card_provider}/process_confirmed_payment_intent: COMPLETED once paid (a replay moves nothing). */
  async processConfirmedPaymentIntent(provider: string, paymentIntentId: string) {
    return apiFetch<{ status: string; new_expiry: string | null; replayed: boolean }>(
      `/api/${encodeURIComponent(provider)}/process_confirmed_payment_intent`,
      { method: 'POST', json: { payment_intent_id: paymentIntentId } },
    );
  },
  /** C67 POST /api/{provider}/actions/init: where the customer approves the payment. */
  async initPayment(
    provider: string,
    body: { numberOfSubscriptionMonth: number; returnUrl: string; cancelUrl: string },
  ) {
    return apiFetch<{ approveUrl: string; paymentId: number }>(`/api/${encodeURIComponent(provider)}/actions/init`, {
      method: 'POST',
      json: body,
    });
  },
  /** C68 POST /api/{provider}/actions/finalize: COMPLETED once paid (a replay moves nothing). */
  async finalizePayment(provider: string, token: string) {
    return apiFetch<{ status: string; new_expiry: string | null; replayed: boolean }>(
      `/api/${encodeURIComponent(provider)}/actions/finalize`,
      { method: 'POST', json: { token } },
    );
  },
  /** C69 POST /api/payment: an offline payment recorded by the SuperAdmin. */
  async offlinePayment(body: { studioId: number; numberOfSubscriptionMonth: number }) {
    return (
      await apiFetch<{ data: { id: number; previous_expiry: string | null; new_expiry: string } }>('/api/payment', {
        method: 'POST',
        json: body,
      })
    ).data;
  },

  /** Quick find (Ctrl+K): GET /api/quick_find?q= — customers, legal representatives, e-invoices, grouped by kind. */
  async quickFind(q: string, params: { signal?: AbortSignal } = {}) {
    return (
      await wrap(
        apiFetch<{ data: QuickFindHit[] }>(`/api/quick_find?${new URLSearchParams({ q })}`, { signal: params.signal }),
      )
    ).data;
  },

  // ---- electronic invoices (C50–C58); errors stay ApiError ----

  /** The studio as the e-invoice editor needs it (regime, withholding, cassa). */
  async eDocumentStudio(params: { signal?: AbortSignal } = {}) {
    return (await apiFetch<{ data: EDocumentStudio }>('/api/edocuments_studio', { signal: params.signal })).data;
  },
  /** C50 GET /api/studio_services: the rows an invoice picks from. */
  async studioServices(params: { signal?: AbortSignal } = {}) {
    return (
      await apiFetch<{ data: Array<{ id: number; cod: string | null; description: string; cost: number | string }> }>(
        '/api/studio_services',
        { signal: params.signal },
      )
    ).data;
  },
  /** C51 GET /api/edocument/{id}. */
  async eDocument(id: string | number, params: { signal?: AbortSignal } = {}) {
    return (
      await apiFetch<{ data: EDocumentData }>(`/api/edocument/${encodeURIComponent(String(id))}`, {
        signal: params.signal,
      })
    ).data;
  },
  /** C52 POST /api/edocument (no id) or C53 PUT /api/edocument/{id}: data.eDocumentId. */
  async saveEDocument(body: EDocumentPayload, id?: string | number) {
    const path = id == null ? '/api/edocument' : `/api/edocument/${encodeURIComponent(String(id))}`;
    const res = await apiFetch<{ data: { eDocumentId: number; updated_at: string }; warnings?: string[] }>(path, {
      method: id == null ? 'POST' : 'PUT',
      json: body,
    });
    // `warnings`: what the server took but wants said (a TD04 without the invoice it corrects)
    return { ...res.data, warnings: Array.isArray(res.warnings) ? res.warnings.map(String) : [] };
  },
  /** C54 GET /api/edocuments_suggested_number: the next number of the date's year. */
  async suggestedEDocumentNumber(date: string) {
    return (await apiFetch<{ data: string }>(`/api/edocuments_suggested_number?${new URLSearchParams({ date })}`)).data;
  },
  /** C55 GET /api/edocuments/{id}/actions/validate_xml: a 400 is an answer too (message and details of the problems). */
  async validateEDocument(id: string | number): Promise<{ valid: boolean; message: string; details: string[] }> {
    try {
      const r = await apiFetch<{ message: string; details?: unknown }>(
        `/api/edocuments/${encodeURIComponent(String(id))}/actions/validate_xml`,
      );
      return { valid: true, message: r.message, details: detailLines(r.details) };
    } catch (e) {
      const err = e as ApiError & { body: { details?: unknown } };
      if (err.status === 400) return { valid: false, message: err.message, details: detailLines(err.body?.details) };
      throw e;
    }
  },
  /** C56 the FatturaPA XML of one document (type_businessname_id.xml). */
  downloadEDocumentXml: (id: string | number) =>
    apiDownload(`/api/edocuments/${encodeURIComponent(String(id))}/actions/download_xml`),
  /** C57 the XMLs of several documents (archivio_edoc.zip). */
  downloadEDocumentXmls: (ids: Array<string | number>) =>
    apiDownload(`/api/edocuments/${encodeURIComponent(JSON.stringify(ids.map(Number)))}/actions/download_xmls_zip`),
  /** The readable PDF copy of a document. */
  downloadEDocumentPdf: (id: string | number) =>
    apiDownload(`/api/edocuments/${encodeURIComponent(String(id))}/actions/download_pdf`),
  // ---- customer import (issue 16) ----
  /** Stages a .csv or .xlsx file: its headers, rows count and the proposed mapping. */
  async importStage(file: File) {
    const form = new FormData();
    form.append('file', file, file.name);
    return (await apiFetch<{ data: ImportStaged }>('/api/customer_imports', { method: 'POST', body: form })).data;
  },
  /** Every row with what the import will do and its errors (progress while the server works). */
  importPreview: (id: number, opts: ImportRequest, onProgress?: (p: ImportProgress) => void) =>
    apiNdjson<{ rows: ImportPreviewRow[]; counts: ImportCounts }, ImportProgress>(
      `/api/customer_imports/${id}/preview`,
      opts,
      onProgress,
    ),
  /** Imports the valid rows in one transaction. */
  importRun: (id: number, opts: ImportRequest, onProgress?: (p: ImportProgress) => void) =>
    apiNdjson<ImportCounts & { id: number }, ImportProgress>(`/api/customer_imports/${id}/import`, opts, onProgress),
  async importList() {
    return (await apiFetch<{ data: ImportListRow[] }>('/api/customer_imports')).data;
  },
  async importUndo(id: number) {
    return (
      await apiFetch<{ data: { id: number; trashed: number; restored: number } }>(`/api/customer_imports/${id}/undo`, {
        method: 'POST',
      })
    ).data;
  },
  importInvalidRows: (id: number) => apiDownload(`/api/customer_imports/${id}/invalid_rows`),

  // ---- the logged user's preferences on the server (src/list/preferencesStore.ts) ----

  /** Every preference of the logged user (saved views and columns of the lists), by key. */
  async userPreferences() {
    return (await wrap(apiFetch<{ data: Record<string, unknown> }>('/api/user_preferences'))).data;
  },
  /** Saves one preference, or removes it (`value` undefined); `keepalive`: the call outlives the page. */
  async saveUserPreference(key: string, value: unknown, keepalive = false) {
    await wrap(
      apiFetch(
        `/api/user_preferences/${encodeURIComponent(key)}`,
        value === undefined ? { method: 'DELETE', keepalive } : { method: 'PUT', json: { value }, keepalive },
      ),
    );
  },
} satisfies DataProvider;

/** A record found by the quick find; `path` is the app's route that opens it. */
export interface QuickFindHit {
  kind: 'customer' | 'legal_representative' | 'einvoice';
  id: number;
  title: string;
  subtitle: string;
  path: string;
}

/** The answer of the public area's calls (C59–C65). */
export interface PublicAnswer {
  message: string;
}
/**
 * Where the captcha widget (altcha) fetches its proof-of-work challenge by itself: the one call
 * of the app that does not go through apiFetch (the web component makes it).
 */
export const CAPTCHA_CHALLENGE_URL = '/api/captcha/challenge';

export interface EDocumentStudio {
  id: number;
  name: string;
  fiscal_regime: string;
  withholding_tax: boolean;
  cassa_previdenza: boolean;
}
export interface EDocumentRow {
  id?: number;
  studio_service_id?: number | null;
  description: string;
  quantity: number | string;
  price: number | string;
  vat: number;
  nature?: string | null;
}
export interface EDocumentPayload {
  studioId: number;
  customerId: number | null;
  documentType: string;
  documentDate: string;
  documentNumber: string;
  correctsId: number | null;
  serviceRows: EDocumentRow[];
  updated_at?: string;
}
export interface EDocumentData {
  id: number;
  studioId: number;
  customerId: number;
  customer: { id: number; business_name: string };
  documentType: 'TD01' | 'TD04';
  documentDate: string;
  documentNumber: string;
  correctsId: number | null;
  corrects: { number: string; date: string } | null;
  serviceRows: EDocumentRow[];
  updated_at: string;
  trashed: boolean;
}

/** one transaction made by C38: its customer, date and amount (seed A §7) */
export interface InstallmentMade {
  id: number;
  customer_id: number;
  customer: { id: number; business_name: string };
  date: string;
  amount: number;
  is_yearly_installment: boolean;
  transaction_note?: string;
}
export interface InstallmentsResult {
  created: InstallmentMade[];
  skipped: Array<{ customer_id: number; business_name: string; reason: string }>;
}
export interface YearlyAmountResult {
  updated: number;
  customers: Array<{ id: number; business_name: string; old_amount: number; new_amount: number }>;
}
/** one entry of C48 */
export interface CedoliniEntry {
  customerId: number;
  business_name: string;
  cedoliniQuantity: number;
  month: number;
  year: number;
}
export interface BalancerRow {
  id: number;
  business_name: string;
  balanced_amount: number;
  year?: number;
}
/** a fee transaction generated by an assignment (C72, C73) */
export interface AssignmentFee {
  id: number;
  customer_id: number;
  assignment_id: number;
  type: string;
  amount: number;
  date: string;
  transaction_note: string | null;
  is_yearly_installment: boolean;
}

export interface Receivables {
  total_owed: number;
  overdue_customers: number;
  overdue_amount: number;
  top_debtors: Array<{ id: number; business_name: string; balance: number }>;
  monthly: Array<{ month: string; charges: number; payments: number }>;
}

export interface Statement {
  customer: { id: number; business_name: string };
  from: string | null;
  to: string | null;
  opening: number;
  charges: number;
  payments: number;
  adjustments: number;
  closing: number;
  /** running balance after each movement of the interval, by transaction id */
  running: Record<string, number>;
}

export interface LoggedStudio {
  id?: number;
  name?: string;
  subscription_expire_date: string | null;
}

export interface HistoryEntry {
  id: number;
  action: string;
  user_name: string;
  at: string;
  changes: Record<string, [unknown, unknown]> | null;
}
/** the answer of an e-mail send (C20, C31, C32): how many messages were queued */
export interface MailQueued {
  message: string;
  data: { queued: number; ids: number[] };
}
/** a message of the outbox ('Posta in uscita') */
export interface MailRow {
  id: number;
  studio_id: number | null;
  studio_name: string | null;
  kind: string;
  kind_label: string;
  status: MailStatus;
  status_label: string;
  tries: number;
  last_error: string | null;
  from: string;
  to: string[];
  cc: string[];
  subject: string;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
  attachments: number;
}
export interface MailDetail extends MailRow {
  body_text: string;
  body_html: string | null;
  message_id: string | null;
  created_by_name: string | null;
  files: Array<{ id: number; filename: string; content_type: string; size: number }>;
}
export interface MailOutboxPage {
  data: MailRow[];
  meta: {
    total: number;
    current_page: number;
    per_page: number;
    last_page: number;
    counts: Partial<Record<MailStatus, number>>;
    smtp_configured: boolean;
  };
}

export type AppDataProvider = typeof dataProvider;

/** The app's dataProvider with its extra methods (restore, selectAllIds, exportCsv, print, history, shell calls). */
export const useAppDataProvider = () => useDataProvider<AppDataProvider>();

export interface DashboardJob {
  id: number;
  cod: string | null;
  name: string;
  taskCount: number;
  task_ids: number[];
  legal_status_ids: number[];
  studio_job_type?: { label?: string } | null;
}
export interface DashboardCustomer {
  id: number;
  business_name: string;
  legal_status_id: number | null;
  legal_status: { id: number; cod: string | null; description: string | null } | null;
  collaborator_studio_jobs_id: number | null;
}
export interface TaskStatus {
  task_id: number;
  cod: string | null;
  name: string;
  note: string | null;
  status: number;
  updated_by: string | null;
  updated_at: string | null;
}
