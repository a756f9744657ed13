/**
 * The field-type registry, shared part: what each field type means in the browser and on the
 * server alike — its own checks (after 'required') and its Italian text. The server part
 * (column, select expression, stored value, filter coercion) is `server/db/fieldTypes.ts`, the
 * app part (input, cell) `src/fields/appTypes.tsx`. Each is a `Record<FieldType, …>`: a type
 * missing a part does not compile.
 */
import type { FieldDef, FieldType } from './fields.js';
import type { ModelDef } from './define.js';
import * as v from './validators.js';
import {
  YEAR_MAX,
  YEAR_MIN,
  displayDate,
  displayDateTime,
  inYearRange,
  isoDate,
  isoDateTime,
  isoTime,
} from './dates.js';

/** An exact decimal column: numeric(precision, scale), and the limit checked before it. */
export interface DecimalSpec {
  precision: number;
  scale: number;
  /** digits before the comma */
  intDigits: number;
  /** the money rule counts significant digits (integer part without leading zeros + decimals) */
  significant?: number;
  message: string;
}

export interface SharedFieldType {
  /** the value is a JSON number (right-aligned cells, number filters, min/max are values) */
  numeric: boolean;
  /** min/max are lengths of the text */
  lengths: boolean;
  /** exact decimal column and its digit limit */
  decimal?: DecimalSpec;
  /** the type's own checks, in the order their messages win (empty values are valid) */
  checks(fd: FieldDef): v.Validator[];
  /** the Italian text of a stored value (cells, CSV, PDF); `currency` adds '€' to money */
  format(value: unknown, fd: FieldDef, opts: { grouping?: boolean; currency?: boolean }): string;
  /**
   * A valid wire value for the n-th sample row (demo data and the tests derived from the
   * registry); null for a relation, whose ids the caller picks.
   */
  sample(fd: FieldDef, n: number): unknown;
}

export const MESSAGES = {
  text: 'Testo non valido: caratteri non ammessi',
  money: 'Importo non valido: massimo 8 cifre e 2 decimali',
  decimal: (intDigits: number, scale: number) =>
    `Numero non valido: massimo ${intDigits} cifre intere e ${scale} decimali`,
  percentage: 'Percentuale non valida: massimo 3 cifre intere e 2 decimali',
  min: (n: number | string) => `Il valore minimo è ${n}`,
  max: (n: number | string) => `Il valore massimo è ${n}`,
  datetime: 'formato corretto DD-MM-YYYY HH:MM',
  yearRange: `Data fuori intervallo: l'anno deve essere tra ${YEAR_MIN} e ${YEAR_MAX}`,
  time: 'formato corretto HH:MM',
  choice: 'Valore non ammesso',
  relation: 'Elemento non valido',
  list: 'Seleziona uno o più elementi validi',
  flag: 'Valore non valido: 0 o 1',
  boolean: 'Valore non valido: sì o no',
  /** seed A §2: the documents of exactly one customer (contract, transfer letter) */
  oneCustomer: 'Attenzione scegli solo un cliente',
} as const;

/** The 32-bit integer column's range. */
export const INT_MAX = 2_147_483_647;

const moneySpec: DecimalSpec = { precision: 12, scale: 2, intDigits: 8, significant: 8, message: MESSAGES.money };
const SPECS = {
  money: moneySpec,
  decimal: { precision: 12, scale: 4, intDigits: 8, message: MESSAGES.decimal(8, 4) },
  credit: { precision: 15, scale: 5, intDigits: 10, message: MESSAGES.decimal(10, 5) },
  percentage: { precision: 5, scale: 2, intDigits: 3, message: MESSAGES.percentage },
} satisfies Record<string, DecimalSpec>;

/** The digits of a number as typed or sent: integer part without leading zeros, decimals without trailing zeros. */
function digitsOf(value: unknown): { int: string; dec: string } | undefined {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { int: 'x'.repeat(99), dec: '' };
    text = String(value);
    if (/e/i.test(text)) return /e-/i.test(text) ? { int: '', dec: 'x'.repeat(99) } : { int: 'x'.repeat(99), dec: '' };
  } else if (typeof value === 'string' || typeof value === 'bigint') text = String(value).trim();
  else return undefined;
  const m = /^[+-]?(\d+)(?:[.,](\d+))?$/.exec(text);
  if (!m) return undefined;
  return { int: m[1]!.replace(/^0+/, ''), dec: (m[2] ?? '').replace(/0+$/, '') };
}

/** The digit limit of an exact decimal column: never a database overflow, never a silent rounding. */
export const digitLimit =
  (spec: DecimalSpec): v.Validator =>
  (value) => {
    if (v.isEmpty(value)) return undefined;
    const d = digitsOf(value);
    if (!d) return undefined; // not a number at all: the decimal rule answers
    if (d.dec.length > spec.scale || d.int.length > spec.intDigits) return spec.message;
    if (spec.significant && d.int.length + d.dec.length > spec.significant) return spec.message;
    return undefined;
  };

/** The number of a value typed or sent (a digit limit keeps it within a double's exact range). */
const asNumber = (value: unknown): number | undefined => {
  if (typeof value !== 'number' && typeof value !== 'string') return undefined;
  const s = String(value).trim().replace(',', '.');
  return /^[+-]?\d+(\.\d+)?$/.test(s) ? Number(s) : undefined;
};

/** min/max of a number field are values (exact comparison). */
const range = (fd: FieldDef): v.Validator[] => [
  ...(fd.min !== undefined
    ? [
        (value: unknown) => {
          const n = asNumber(value);
          return n !== undefined && n < fd.min! ? MESSAGES.min(fd.min!) : undefined;
        },
      ]
    : []),
  ...(fd.max !== undefined
    ? [
        (value: unknown) => {
          const n = asNumber(value);
          return n !== undefined && n > fd.max! ? MESSAGES.max(fd.max!) : undefined;
        },
      ]
    : []),
];
/** min/max of a text field are lengths. */
const lengths = (fd: FieldDef): v.Validator[] => [
  ...(fd.max !== undefined ? [v.maxLength(fd.max)] : []),
  ...(fd.min !== undefined ? [v.minLength(fd.min)] : []),
];

const it = (opts: Intl.NumberFormatOptions) => new Intl.NumberFormat('it-IT', opts);
const NF = {
  money: it({ minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'always' } as Intl.NumberFormatOptions),
  moneyPlain: it({ minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }),
  euro: it({ style: 'currency', currency: 'EUR', useGrouping: 'always' } as Intl.NumberFormatOptions),
  decimal: it({ maximumFractionDigits: 5 }),
  decimalPlain: it({ maximumFractionDigits: 5, useGrouping: false }),
};
const plainText = (value: unknown) => (Array.isArray(value) ? value.join(', ') : String(value));

/** text arrives as text (a number is taken as its digits); an object or a list is refused */
const isText: v.Validator = (value) =>
  v.isEmpty(value) || (typeof value === 'string' && !value.includes('\u0000')) || typeof value === 'number'
    ? undefined
    : MESSAGES.text;
const SAMPLE_IBAN = 'IT60X0542811101000000123456';
const SAMPLE_IMAGE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mP8/x8AAwMCAO+ip1sAAAAASUVORK5CYII=';
/** A text that passes the field's rules and limits, different for each n (unique codes). */
function sampleText(fd: FieldDef, n: number): string {
  const rules = fd.rules ?? [];
  const k = Math.abs(Math.trunc(n));
  if (rules.includes('email')) return `esempio${k}@example.it`;
  if (rules.includes('phone')) return `06${String(1_000_000 + k).slice(-7)}`;
  if (rules.includes('iban')) return SAMPLE_IBAN;
  if (rules.includes('creditorId')) return 'IT66ZZZA1B2C3D4E5F6G7H8';
  if (rules.includes('bic')) return 'BPMOIT22XXX'.slice(0, fd.max ?? 11);
  if (rules.includes('cuc')) return `C${String(1_000_000 + k).slice(-7)}`;
  if (rules.includes('sia')) return `S${String(10_000 + k).slice(-4)}`;
  if (rules.includes('sepaId')) return `MANDATO-${k}`.slice(0, fd.max ?? 35);
  if (rules.includes('image')) return SAMPLE_IMAGE;
  if (rules.includes('vat')) {
    const ten = String(1_000_000_000 + k).slice(-10);
    return ten + v.vatCheckDigit(ten);
  }
  if (rules.includes('fiscalCode')) {
    const f15 = 'RSSMRA80A01H501';
    return f15 + v.fiscalCodeCheckChar(f15);
  }
  if (rules.includes('digits'))
    return String(k)
      .padStart(fd.min ?? 1, '0')
      .slice(-(fd.max ?? 9));
  if (rules.includes('lettersOnly')) return 'Esempio'.slice(0, fd.max ?? 7).padEnd(fd.min ?? 0, 'x');
  const max = fd.max ?? 255;
  const base = fd.type === 'password' ? `Password-${k}` : `Esempio ${k}`;
  const text = base.length > max ? String(k).slice(-max) : base;
  return text.padEnd(fd.min ?? 0, 'x');
}
const textType = (): SharedFieldType => ({
  numeric: false,
  lengths: true,
  checks: (fd) => [isText, ...lengths(fd)],
  format: plainText,
  sample: sampleText,
});
/** n kept within the field's min/max */
const within = (fd: FieldDef, x: number) => Math.min(fd.max ?? Infinity, Math.max(fd.min ?? -Infinity, x));
const decimalType = (spec: DecimalSpec, format: SharedFieldType['format']): SharedFieldType => ({
  numeric: true,
  lengths: false,
  decimal: spec,
  checks: (fd) => [v.decimal(), digitLimit(spec), ...range(fd)],
  format,
  // n + a fraction that uses the type's decimals: 12.5, 12.25, 12.125… (exact in binary as well)
  sample: (fd, n) => within(fd, Number(((n % 1000) + [0.5, 0.25, 0.75][n % 3]!).toFixed(Math.min(2, spec.scale)))),
});
const strictFormat =
  (parse: (value: unknown) => string | undefined, message: string): v.Validator =>
  (value) =>
    v.isEmpty(value) || parse(value) ? undefined : message;
/** A real date whose year is outside what a studio's records can hold (a typo: 0202, 20026). */
const yearRange =
  (parse: (value: unknown) => string | undefined): v.Validator =>
  (value) => {
    const iso = v.isEmpty(value) ? undefined : parse(value);
    return iso && !inYearRange(iso) ? MESSAGES.yearRange : undefined;
  };

export const FIELD_TYPES: Record<FieldType, SharedFieldType> = {
  text: textType(),
  longtext: {
    ...textType(),
    sample: (fd, n) =>
      fd.rules?.includes('image') ? SAMPLE_IMAGE : `Testo di esempio numero ${n}.`.slice(0, fd.max ?? 65535),
  },
  password: textType(),
  integer: {
    numeric: true,
    lengths: false,
    checks: (fd) => [
      v.integer(),
      (value) => (v.isEmpty(value) || Math.abs(Number(value)) <= INT_MAX ? undefined : v.MESSAGES.integer),
      ...range(fd),
    ],
    format: plainText,
    sample: (fd, n) => within(fd, n),
  },
  money: decimalType(SPECS.money, (value, _fd, o) =>
    (o.currency ? NF.euro : o.grouping === false ? NF.moneyPlain : NF.money).format(Number(value)),
  ),
  decimal: decimalType(SPECS.decimal, (value, _fd, o) =>
    (o.grouping === false ? NF.decimalPlain : NF.decimal).format(Number(value)),
  ),
  credit: decimalType(SPECS.credit, (value, _fd, o) =>
    (o.grouping === false ? NF.decimalPlain : NF.decimal).format(Number(value)),
  ),
  percentage: decimalType(SPECS.percentage, (value) => `${NF.decimalPlain.format(Number(value))} %`),
  date: {
    numeric: false,
    lengths: false,
    checks: () => [v.date(), yearRange(isoDate)],
    format: (value) => displayDate(value) || String(value),
    sample: (fd, n) =>
      `${fd.rules?.includes('signatureDate') ? 2025 : 2026}-${String((n % 12) + 1).padStart(2, '0')}-${String((n % 28) + 1).padStart(2, '0')}`,
  },
  datetime: {
    numeric: false,
    lengths: false,
    checks: () => [strictFormat(isoDateTime, MESSAGES.datetime), yearRange(isoDateTime)],
    format: (value) => displayDateTime(value) || String(value),
    sample: (_fd, n) =>
      `2026-${String((n % 12) + 1).padStart(2, '0')}-${String((n % 28) + 1).padStart(2, '0')} ${String(n % 24).padStart(2, '0')}:${String((n * 7) % 60).padStart(2, '0')}:00`,
  },
  time: {
    numeric: false,
    lengths: false,
    checks: () => [strictFormat(isoTime, MESSAGES.time)],
    format: (value) => isoTime(value) ?? String(value),
    sample: (_fd, n) => `${String((8 + n) % 24).padStart(2, '0')}:${String((n * 15) % 60).padStart(2, '0')}`,
  },
  flag: {
    numeric: true,
    lengths: false,
    checks: () => [
      (value) =>
        v.isEmpty(value) || [0, 1, '0', '1', true, false].includes(value as never) ? undefined : MESSAGES.flag,
    ],
    format: (value) => (Number(value) ? 'Sì' : 'No'),
    sample: (_fd, n) => n % 2,
  },
  boolean: {
    numeric: false,
    lengths: false,
    checks: () => [
      (value) =>
        v.isEmpty(value) || [0, 1, '0', '1', true, false, 'true', 'false'].includes(value as never)
          ? undefined
          : MESSAGES.boolean,
    ],
    format: (value) => (value ? 'Sì' : 'No'),
    sample: (_fd, n) => n % 2 === 0,
  },
  choice: {
    numeric: false,
    lengths: false,
    checks: (fd) => {
      const allowed = new Set((fd.choices ?? []).map((c) => String(c.value)));
      return [
        (value) =>
          v.isEmpty(value) || (typeof value !== 'object' && allowed.has(String(value))) ? undefined : MESSAGES.choice,
      ];
    },
    format: (value, fd) => fd.choices?.find((c) => String(c.value) === String(value))?.text ?? String(value),
    sample: (fd, n) => fd.choices?.[n % (fd.choices?.length || 1)]?.value ?? null,
  },
  relation: {
    numeric: true,
    lengths: false,
    checks: () => [
      (value) =>
        v.isEmpty(value) || (v.integer()(value) === undefined && Number(value) > 0 && Number(value) <= INT_MAX)
          ? undefined
          : MESSAGES.relation,
    ],
    format: plainText,
    sample: () => null,
  },
  manyToMany: {
    numeric: false,
    lengths: false,
    checks: (fd) => [
      (value) =>
        v.isEmpty(value) ||
        (Array.isArray(value) &&
          value.every((x) => v.integer()(x) === undefined && Number(x) > 0 && Number(x) <= INT_MAX))
          ? undefined
          : MESSAGES.list,
      ...(fd.min ? [v.minCount(fd.min)] : []),
    ],
    // a list of ids means nothing to a reader: how many (e.g. '3' sub-tasks)
    format: (value) => (Array.isArray(value) ? String(value.length) : plainText(value)),
    sample: () => [],
  },
};

/** An amount in Italian: '1.234,50' (the one money formatter; cells add '€' through `formatValue`). */
export const formatAmount = (n: number) => NF.money.format(n);
/** An amount as the table's money cells show it: '1.234,50 €'. */
export const formatEuro = (n: number) => `${formatAmount(n)} €`;

export const typeOf = (fd: FieldDef): SharedFieldType => FIELD_TYPES[fd.type];

/** The Italian text of a value, '' when empty; a relation object shows its label. */
export function formatValue(
  fd: FieldDef | undefined,
  value: unknown,
  opts: { grouping?: boolean; currency?: boolean } = {},
): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'object' && !Array.isArray(value) && 'label' in (value as object))
    return String((value as { label: unknown }).label ?? '');
  return fd ? FIELD_TYPES[fd.type].format(value, fd, opts) : plainText(value);
}

/** Normalised wire values of the date-like types (undefined when invalid). */
export const WIRE = { date: isoDate, datetime: isoDateTime, time: isoTime };

/**
 * A valid record of `model` for the n-th sample row: every writable field from its type's
 * sample; relations take the ids `refIds(model name)` offers (none: the field stays empty).
 */
export function sampleRecord(
  model: ModelDef,
  n: number,
  refIds: (ref: string) => number[] = () => [],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, fd] of Object.entries(model.fields)) {
    if (fd.readOnly) continue;
    if (fd.type === 'relation' || fd.type === 'manyToMany') {
      const ids = refIds(fd.ref!);
      out[name] =
        fd.type === 'relation'
          ? ids.length
            ? ids[n % ids.length]
            : null
          : ids.slice(0, Math.max(fd.min ?? 0, Math.min(2, ids.length)));
      continue;
    }
    out[name] = FIELD_TYPES[fd.type].sample(fd, n);
  }
  return out;
}
