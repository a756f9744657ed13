/**
 * Field types of the declarative model core. One declaration per model drives the
 * database table, the server's validation, the list/CRUD endpoints and the screens.
 */
export type FieldType =
  | 'text' | 'longtext' | 'password' | 'integer' | 'money' | 'decimal' | 'credit'
  | 'date' | 'datetime' | 'flag' | 'boolean' | 'choice' | 'relation' | 'manyToMany';

/** Extra validation rules, each implemented once in validators.ts. */
export type Rule =
  | 'email' | 'phone' | 'iban' | 'vat' | 'fiscalCode' | 'lettersOnly' | 'positive' | 'image'
  /** text of digits only, kept as typed (leading zeros included): postal codes */
  | 'digits';

export interface Choice { value: string | number; text: string }

export interface FieldDef {
  type: FieldType;
  label: string;
  required?: boolean;
  /** required only when creating (e.g. password) */
  requiredOnCreate?: boolean;
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
  rules?: Rule[];
  /** never written by clients (computed or managed by services) */
  readOnly?: boolean;
  /** never sent to clients (password hashes) */
  hidden?: boolean;
  /** unique per studio (and per model), trashed rows included */
  unique?: boolean;
  /** who may write this field, when narrower than the model's write role */
  writeRole?: 'SuperAdmin' | 'Admin';
  /** hide the field on the form (still part of the API) */
  formHidden?: boolean;
  /** relation inputs load their options from this call (`{data: [{id, name}]}`) instead of the related resource */
  optionsEndpoint?: string;
  /** relation columns of lists show the related row's code instead of its label */
  listShowsCode?: boolean;
  /** grid width on the form: 12 = full row */
  width?: 3 | 4 | 6 | 12;
}

type Opts = Partial<Omit<FieldDef, 'type' | 'label'>>;

const make = (type: FieldType, defaults: Opts = {}) => (label: string, opts: Opts = {}): FieldDef => ({
  type, label, sortable: true, ...defaults, ...opts,
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
  date: make('date'),
  datetime: make('datetime'),
  flag: make('flag', { default: 0 }),
  boolean: make('boolean', { default: false }),
  choice: make('choice'),
  relation: (label: string, ref: string, opts: Opts = {}): FieldDef =>
    ({ type: 'relation', label, ref, sortable: true, filterable: true, ...opts }),
  manyToMany: (label: string, ref: string, pivot: { table: string; own: string; other: string }, opts: Opts = {}): FieldDef =>
    ({ type: 'manyToMany', label, ref, pivot, sortable: false, filterable: true, ...opts }),
};

/** Decimal places of the exact (numeric) column of each decimal field type. */
export const DECIMAL_SCALE = { money: 2, decimal: 4, credit: 5 } as const;
export const isDecimalType = (t: FieldType): t is keyof typeof DECIMAL_SCALE => t in DECIMAL_SCALE;

export const isNumeric = (t: FieldType) =>
  t === 'integer' || t === 'money' || t === 'decimal' || t === 'credit' || t === 'flag' || t === 'relation';

export const today = () => {
  const d = new Date();
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
  return parts; // YYYY-MM-DD
};
