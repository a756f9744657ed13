/**
 * Field types of the declarative model core. One declaration per model drives the
 * database table, the server's validation, the list/CRUD endpoints and the screens.
 */
export type FieldType =
  | 'text'
  | 'longtext'
  | 'password'
  | 'integer'
  | 'money'
  | 'decimal'
  | 'credit'
  | 'percentage'
  | 'date'
  | 'datetime'
  | 'time'
  | 'flag'
  | 'boolean'
  | 'choice'
  | 'relation'
  | 'manyToMany';

/** Extra validation rules, each implemented once in validators.ts. */
export type Rule =
  | 'email'
  | 'phone'
  | 'iban'
  /** a SEPA creditor identifier (the studio's CID) */
  | 'creditorId'
  /** an identifier of a SEPA file: the EPC's characters (a mandate reference) */
  | 'sepaId'
  /** a bank's BIC (ISO 9362): 8 or 11 characters */
  | 'bic'
  /** the CBI company code (CUC) a bank gives for its remote banking: 8 letters or digits */
  | 'cuc'
  /** the SIA code of a company in the Italian interbank network (RiBa, RH statements): 5 letters or digits */
  | 'sia'
  | 'vat'
  | 'fiscalCode'
  | 'lettersOnly'
  | 'positive'
  | 'image'
  /** text of digits only, kept as typed (leading zeros included): postal codes */
  | 'digits'
  /** a signature's day: not after today (in Rome) */
  | 'signatureDate';

export interface Choice {
  value: string | number;
  text: string;
}

export interface FieldDef {
  type: FieldType;
  label: string;
  required?: boolean;
  /** required only when creating (e.g. password) */
  requiredOnCreate?: boolean;
  /** text: length limits; numbers: value limits (checked on both sides, CHECK constraint on the column); many-to-many: min count */
  max?: number;
  min?: number;
  default?: unknown | (() => unknown);
  searchable?: boolean;
  sortable?: boolean;
  filterable?: boolean;
  choices?: Choice[];
  /** related model name (PascalCase) for relation / manyToMany */
  ref?: string;
  /** for manyToMany: pivot table and its columns */
  pivot?: { table: string; own: string; other: string };
  /** for manyToMany: the answers also carry the number of related rows under this name (e.g. taskCount) */
  countAs?: string;
  rules?: Rule[];
  /** image fields: stored scaled to at most this many pixels on the longest side (default 600) */
  imageSide?: number;
  /** never written by clients (computed or managed by services) */
  readOnly?: boolean;
  /** never sent to clients (password hashes) */
  hidden?: boolean;
  /**
   * unique per studio (and per model), trashed rows included; 'product': unique across every
   * studio (an identity such as a login e-mail; a duplicate never tells which studio has it)
   */
  unique?: boolean | 'product';
  /** unique together with these fields of the same model (e.g. an invoice's number within its year), per studio */
  uniqueWith?: string[];
  /**
   * with `unique: 'product'`: the hidden boolean field of rows left out of the uniqueness. A value
   * that another studio's row holds is not refused (that would tell the caller it exists): the
   * new row gets the field set and is no identity (issue 25 item 6b).
   */
  uniqueExcept?: string;
  /** text kept trimmed and lowercased (e-mails): stored so, and unique regardless of letter case */
  lowercase?: boolean;
  /** written when the record is created, fixed afterwards (a role's name: seed B §3) */
  createOnly?: boolean;
  /** who may write this field, when narrower than the model's write role */
  writeRole?: 'SuperAdmin' | 'Admin';
  /**
   * hide the field on the form (still part of the API): always, below its writeRole, or
   * everywhere but the user's own profile (`/utente/il_mio_profilo`, seed B §3: the avatar)
   */
  formHidden?: boolean | 'belowWriteRole' | 'exceptOwnProfile';
  /** relation and many-to-many inputs load their options from this call (`{data: [...]}` or a plain array) instead of the related resource's list */
  optionsEndpoint?: string;
  /** relation columns of lists show the related row's code instead of its label */
  listShowsCode?: boolean;
  /** grid width on the form: 12 = full row */
  width?: 3 | 4 | 6 | 12;
  /** shown (list column, form field, CSV) only when this feature is on (CREDIT_ENABLED) */
  feature?: 'credit';
}

type Opts = Partial<Omit<FieldDef, 'type' | 'label'>>;

const make =
  (type: FieldType, defaults: Opts = {}) =>
  (label: string, opts: Opts = {}): FieldDef => ({
    type,
    label,
    sortable: true,
    ...defaults,
    ...opts,
  });

/** Builders: `f.text('Nome', { max: 100, required: true })`. */
export const f = {
  text: make('text', { max: 255 }),
  longtext: make('longtext', { max: 65535, sortable: false }),
  password: make('password', { max: 255, hidden: true, sortable: false }),
  integer: make('integer'),
  money: make('money'),
  decimal: make('decimal'),
  credit: make('credit'),
  /** 0 to 100 with two decimals unless min/max say otherwise */
  percentage: make('percentage', { min: 0, max: 100 }),
  date: make('date'),
  datetime: make('datetime'),
  /** a time of day, 'HH:MM' (seed B: 'ora') */
  time: make('time'),
  flag: make('flag', { default: 0 }),
  boolean: make('boolean', { default: false }),
  choice: make('choice'),
  relation: (label: string, ref: string, opts: Opts = {}): FieldDef => ({
    type: 'relation',
    label,
    ref,
    sortable: true,
    filterable: true,
    ...opts,
  }),
  manyToMany: (
    label: string,
    ref: string,
    pivot: { table: string; own: string; other: string },
    opts: Opts = {},
  ): FieldDef => ({ type: 'manyToMany', label, ref, pivot, sortable: false, filterable: true, ...opts }),
};

export { today } from './dates.js';
