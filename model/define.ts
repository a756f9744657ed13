import type { FieldDef } from './fields.js';

export type RoleName = 'SuperAdmin' | 'Admin' | 'Collaboratore' | 'Utente';
export const ROLE_RANK: Record<RoleName, number> = { Utente: 1, Collaboratore: 2, Admin: 3, SuperAdmin: 4 };
export const atLeast = (role: string | undefined, min: RoleName) =>
  !!role && (ROLE_RANK[role as RoleName] ?? 0) >= ROLE_RANK[min];

export type Verb = 'view' | 'create' | 'update' | 'delete' | 'force_delete';
export const VERBS: Verb[] = ['view', 'create', 'update', 'delete', 'force_delete'];

/** Colour, icon and text of one value of a status column. */
export interface StatusValue {
  text: string;
  color: 'success' | 'error' | 'warning' | 'info' | 'default';
  icon: string;
}

/** A filter of the list's filter group (seed A: combo-box, toggle and date-interval filters). */
export type ListFilter = (
  | {
      kind: 'combo';
      field: string;
      label: string;
      /** options from GET /api/list/{model}/{collection}, or from `endpoint` (data array or plain array of {id, name|label}) */ model?: string;
      collection?: string;
      endpoint?: string;
    }
  | {
      kind: 'toggle';
      field: string;
      label: string;
      options: Array<{ value: string | number; text: string }>;
      default?: string | number;
      /** always joined with AND, whatever the search mode */ alwaysAnd?: boolean;
    }
  | { kind: 'dateInterval'; field: string; label: string; default?: 'currentMonth' | 'currentYear' }
) & {
  /** not shown (nor applied) when the list is restricted to one parent (`/table/{Model}/{id}`) */ hideWithParent?: boolean;
};

/**
 * A named view of a model's list, its own route `/table/{View}` served by the generic table
 * (search, filter group, CSV, print, select-all), e.g. the payslip customers
 * (`/table/CustomersForCedolini`: the customers with a cedolino rate). Its bulk actions, like a
 * model's, come from `src/resources/{View}/parts.tsx`.
 */
export interface ListView {
  /** page title */
  title: string;
  /** always applied with AND, whatever the user searches and filters */
  fixedFilters: Array<{ name: string; type: 'OR' | 'gt' | 'gte' | 'lt' | 'lte'; val: unknown[] }>;
  /** columns instead of the model's (they must be in `collection`) */
  columns?: string[];
  /** the list call's collection (a name of `collections`), default the model's list collection */
  collection?: string;
  /** a row opens this path (`:id` is the row's id) instead of the record's form */
  rowPath?: string;
  /** a view of rows managed elsewhere: no 'Nuovo', no trash, no delete */
  readOnly?: boolean;
  /** minimum role (default the model's read role) */
  access?: RoleName;
}

/** A kind of file an uploader accepts, recognised by its content on the server (server/storage/kinds.ts). */
export type FileKind = 'doc' | 'docx' | 'pdf' | 'png' | 'jpeg' | 'gif' | 'bmp';

/** The files of a record (seed B §3: attachments), uploaded through C75–C79. */
export interface AttachmentsDef {
  /** label of the uploader on the form */
  label: string;
  /** REST path of the list, upload and delete calls: /api/{route} */
  route: string;
  /** the owner's id: query parameter of the list call and multipart field of the upload (e.g. word_template_id) */
  ownerColumn: string;
  /** accepted kinds of file (checked by content on the server) and their names in the message 'I formati supportati sono ...' */
  kinds: FileKind[];
  /** at most this many files per record (declared or, seed B §9, the uploader's default UPLOADER_MAX_FILES) */
  maxFiles: number;
  /** at most this many bytes per file */
  maxBytes: number;
  /** the form cannot be saved without a file */
  required?: boolean;
}

/** Seed B §9: the generic uploader takes at most 10 files unless the model says otherwise. */
export const UPLOADER_MAX_FILES = 10;

export interface CollectionDef {
  /** fields returned (id is always included); relation fields also carry their label */
  columns: string[];
}

export interface ModelDef {
  /** PascalCase name used by /api/list/{Model}/… */
  name: string;
  /** database table */
  table: string;
  /** REST path under /api (plural snake case, may contain a slash) */
  resource: string;
  /** singular snake case used by DELETE /api/{snake_model}/{ids} */
  snake: string;
  /** other REST paths under /api answering like `resource` (a former path kept working) */
  resourceAliases?: string[];
  /** the collection `GET /api/{resource}` answers (default the list collection), e.g. the seed's `GET /api/studio_jobs` for the jobs dashboard */
  indexCollection?: string;
  /** shown and served only when this feature is on (CREDIT_ENABLED) */
  feature?: 'credit';
  label: string;
  plural: string;
  /** seed B's form route: `/{formRoute}` opens a new record, `/{formRoute}/{id}` an existing one (besides `NewScheda{Model}` and `Scheda{Model}/{id}`) */
  formRoute?: string;
  /** title of the edit form when it is not the label */
  formTitle?: string;
  /**
   * studio: rows carry studio_id and are scoped to the caller's studio;
   * tenant: the row is the studio itself (Studio);
   * global: shared by every studio (roles, permissions).
   */
  scope: 'studio' | 'tenant' | 'global';
  /** SuperAdmin sees rows of every studio (users, studios) */
  superAdminGlobal?: boolean;
  /** writes change who may do what: the server drops its cached session checks */
  affectsSessions?: boolean;
  /** the caller may view and update the row that is itself (own user profile) */
  selfAccess?: boolean;
  softDelete: boolean;
  /** rows may lack required fields (a registered studio completes its card later): no NOT NULL columns */
  incompleteRows?: boolean;
  fields: Record<string, FieldDef>;
  list: {
    columns: string[];
    sort?: { field: string; desc?: boolean };
    expandField?: string | null;
    /** filter values the list starts with */
    defaultFilter?: Record<string, unknown>;
    /** `/table/{Model}/{id}` restricts the list to rows whose `parentField` is that id */
    parentField?: string;
    /** the collapsible filter group */
    filters?: ListFilter[];
    /** a button per row that opens a path built from the row, e.g. the account statement */
    rowLinks?: Array<{ label: string; path: string /* with :id */ }>;
    /** status column rendered with colour, icon and text */
    /** the status column: its field, values and header ('Stato' unless `label` says otherwise) */
    status?: { field: string; values: Record<string, StatusValue>; label?: string };
  };
  /** fields that make the label of a row in selects and relation columns */
  labelFields: string[];
  /** extra named collections besides {Model}ResourceListCollection and {Model}Resource4SelectCollection */
  collections?: Record<string, CollectionDef>;
  /** named views of the list, each at `/table/{View}` (names unique among models and views) */
  views?: Record<string, ListView>;
  /** minimum roles; permissions are checked as well */
  access: { read: RoleName; write: RoleName };
  /**
   * multiple mode of the create form (seed A: transaction for several customers): a create body
   * carrying the array `list` makes one row per value of it in `field`, atomically
   */
  multiple?: { field: string; list: string };
  /** name used for permissions `{permission}.{verb}` (defaults to resource without prefix) */
  permission?: string;
  /**
   * the rows are written by the model's own calls (named here, e.g. 'POST/PUT /api/edocument'),
   * which keep what belongs with them (an invoice's rows, a payment's expiry): the generic create
   * and update answer 405 naming them
   */
  writtenBy?: string;
  /** the screen where a person makes the rows of a read-only model (its `/{Model}/create` leads there) */
  madeIn?: { title: string; path: string };
  /**
   * the generic calls only read the rows: their area's own calls (`writtenBy`, required) create,
   * change and remove them. The generic create, update and delete answer 405 naming those calls,
   * there is no trash (softDelete false), and the lists offer no 'Nuovo', no delete and no card
   * to edit (item_meta_data)
   */
  readOnly?: boolean;
  /**
   * The table is its area's, not one built from the fields: `server/areas/<area>/tables.ts`
   * declares it (columns, constraints, indexes: its migrations are the area's) and registers it
   * for the model (`registerModelTable` of server/db/tables.ts), which checks that every field is
   * a column of it. The fields declare the columns a person reads. Such a table has no trash
   * (softDelete false) and names its own times: `created` is the column of the row's creation and
   * `updated` of its last change, answered, sorted and filtered as `created_at` and `updated_at`
   * (null: the table has none, and the answers leave it out).
   */
  areaTable?: { created: string | null; updated: string | null };
  /** the record has files (uploader on its form, C75–C79) */
  attachments?: AttachmentsDef;
}

type Declaration = Omit<ModelDef, 'softDelete' | 'scope' | 'attachments'> &
  Partial<Pick<ModelDef, 'softDelete' | 'scope'>> & {
    attachments?: Omit<AttachmentsDef, 'maxFiles'> & { maxFiles?: number };
  };

export function defineModel(def: Declaration): ModelDef {
  const { attachments, ...rest } = def;
  const m: ModelDef = {
    softDelete: true,
    scope: 'studio',
    ...rest,
    ...(attachments ? { attachments: { ...attachments, maxFiles: attachments.maxFiles ?? UPLOADER_MAX_FILES } } : {}),
  };
  const known = (c: string) => c === 'id' || !!m.fields[c] || ['created_at', 'updated_at', 'deleted_at'].includes(c);
  for (const c of [...m.list.columns, ...m.labelFields]) {
    if (!known(c)) throw new Error(`${m.name}: unknown column ${c}`);
  }
  if (m.readOnly && !m.writtenBy)
    throw new Error(`${m.name}: a read-only model names the calls that write it (writtenBy)`);
  if ((m.readOnly || m.areaTable) && m.softDelete) throw new Error(`${m.name}: no trash (softDelete: false)`);
  for (const [name, fd] of Object.entries(m.fields)) {
    for (const w of fd.uniqueWith ?? [])
      if (!fd.unique || !m.fields[w])
        throw new Error(`${m.name}.${name}: uniqueWith ${w} needs unique and a field ${w}`);
  }
  for (const [name, v] of Object.entries(m.views ?? {})) {
    if (v.collection && !m.collections?.[v.collection])
      throw new Error(`${m.name} view ${name}: unknown collection ${v.collection}`);
    const served = v.collection ? m.collections![v.collection]!.columns : null;
    for (const c of [...(v.columns ?? []), ...v.fixedFilters.map((f) => f.name)]) {
      if (!known(c)) throw new Error(`${m.name} view ${name}: unknown column ${c}`);
    }
    for (const c of v.columns ?? []) {
      if (served && c !== 'id' && !served.includes(c))
        throw new Error(`${m.name} view ${name}: column ${c} is not in collection ${v.collection}`);
    }
  }
  return m;
}

export const permissionName = (m: ModelDef) => m.permission ?? m.resource.split('/').pop()!;

/** Column names every table has besides its declared fields. */
export const SYSTEM_COLUMNS = ['id', 'studio_id', 'created_at', 'updated_at', 'deleted_at'] as const;
