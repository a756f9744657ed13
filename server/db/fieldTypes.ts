/**
 * The field-type registry, server part: for each field type its column, its select expression
 * (the API's wire format on both databases), the value it stores and the coercion of a list
 * filter value. Shared part: `model/types.ts`; app part: `src/fields/appTypes.tsx`.
 */
import {
  integer,
  text,
  varchar,
  numeric,
  date,
  timestamp,
  time,
  boolean,
  smallint,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { z } from 'zod';
import type { FieldDef, FieldType } from '../../model/fields.js';
import { FIELD_TYPES, INT_MAX, WIRE, sampleRecord } from '../../model/types.js';
import type { ModelDef } from '../../model/define.js';
import { isEmpty } from '../../model/validators.js';

export interface ServerFieldType {
  /** the column builder; null when the field lives elsewhere (a pivot table) */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  column(name: string, fd: FieldDef, ref: (model: string) => AnyPgColumn): any;
  /** expression giving the API's format of the stored value */
  select(c: SQL, fd: FieldDef): SQL;
  /** the stored value of a validated, non-empty input */
  toDb(value: unknown, fd: FieldDef): unknown;
  /** a list filter value as the column's type; undefined = not a valid value (400) */
  filter(value: unknown, fd: FieldDef): unknown;
  /** a filter parameter in SQL (typed when the driver cannot tell) */
  param?(value: unknown): SQL;
  /** free-text search compares the column's text */
  searchText: boolean;
  /** the value in an API answer (OpenAPI and response check) */
  answer: z.ZodType;
  /** what a request may send for the field before the field's own checks (wrong kinds: 422 with the field's message) */
  input: z.ZodType;
}

/**
 * An amount as the exact decimal text the numeric column stores, rounded half-up to `scale`
 * places: '1.005' is 1.01 (binary float arithmetic gives 1.00). Accepts numbers and decimal text
 * with a dot or a comma.
 */
export function exactDecimal(value: unknown, scale: number): string {
  return new Decimal(String(value).trim().replace(',', '.')).toFixed(scale, Decimal.ROUND_HALF_UP);
}

const truthy = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true';
const falsy = (v: unknown) => v === false || v === 0 || v === '0' || v === 'false';
const asInteger = (value: unknown) => {
  const n = typeof value === 'boolean' ? Number(value) : Number(value);
  return value === '' || !Number.isInteger(n) || Math.abs(n) > INT_MAX ? undefined : n;
};
const numericChoice = (fd: FieldDef) => typeof fd.choices?.[0]?.value === 'number';
const plain = (c: SQL) => c;

const TEXT_IN = z.union([z.string(), z.number()]).nullable();
const NUMBER_IN = z.union([z.number(), z.string()]).nullable();
const textType = (column: ServerFieldType['column']): ServerFieldType => ({
  column,
  select: plain,
  searchText: true,
  answer: z.string(),
  input: TEXT_IN,
  toDb: (value, fd) => (fd.lowercase ? String(value).trim().toLowerCase() : String(value).trim()),
  filter: (value) => (typeof value === 'object' || String(value).includes('\u0000') ? undefined : String(value)),
});
/** An integer column (a number, or the id of a relation's row). */
const integerType = (column: ServerFieldType['column']): ServerFieldType => ({
  column,
  select: plain,
  searchText: false,
  answer: z.number().int(),
  input: NUMBER_IN,
  toDb: (value) => Number(value),
  filter: asInteger,
});
const decimalType = (t: 'money' | 'decimal' | 'credit' | 'percentage'): ServerFieldType => {
  const spec = FIELD_TYPES[t].decimal!;
  return {
    column: (name) => numeric(name, { precision: spec.precision, scale: spec.scale, mode: 'string' }),
    // exact: the text of the numeric value, made a JSON number by numbersFromDb (no float8 cast)
    select: (c) => sql`${c}::text`,
    searchText: false,
    answer: z.number(),
    input: NUMBER_IN,
    toDb: (value) => exactDecimal(value, spec.scale),
    filter: (value) => {
      const s = String(value).trim().replace(',', '.');
      return value === '' || typeof value === 'object' || !/^[+-]?\d+(\.\d+)?$/.test(s) ? undefined : s;
    },
    param: (v) => sql`${v}::numeric`,
  };
};
/** date filters accept a date or a date-time (an interval bound) */
const dateOrDateTime = (value: unknown) => WIRE.date(value) ?? WIRE.datetime(value);

/**
 * A date, a date-time or a time: answered and sent as text in its wire format (`to_char` with
 * `format`; `answer` describes it), stored through `WIRE`, a filter's parameter cast to `pgType`.
 */
const temporalType = (t: {
  column: ServerFieldType['column'];
  wire: 'date' | 'datetime' | 'time';
  pgType: 'date' | 'timestamp' | 'time';
  format: string;
  answer: string;
  filter: ServerFieldType['filter'];
}): ServerFieldType => ({
  column: t.column,
  select: (c) => sql`to_char(${c}, ${sql.raw(`'${t.format}'`)})`,
  searchText: false,
  answer: z.string().describe(t.answer),
  input: z.string().nullable(),
  toDb: (value) => WIRE[t.wire](value),
  filter: t.filter,
  param: (v) => sql`${v}::${sql.raw(t.pgType)}`,
});

export const SERVER_TYPES: Record<FieldType, ServerFieldType> = {
  text: textType((name, fd) => varchar(name, { length: fd.max ?? 255 })),
  password: textType((name, fd) => varchar(name, { length: fd.max ?? 255 })),
  longtext: textType((name) => text(name)),
  integer: integerType((name) => integer(name)),
  money: decimalType('money'),
  decimal: decimalType('decimal'),
  credit: decimalType('credit'),
  percentage: decimalType('percentage'),
  date: temporalType({
    column: (name) => date(name, { mode: 'string' }),
    wire: 'date',
    pgType: 'date',
    format: 'YYYY-MM-DD',
    answer: 'YYYY-MM-DD',
    filter: dateOrDateTime,
  }),
  datetime: temporalType({
    column: (name) => timestamp(name, { mode: 'string', precision: 0 }),
    wire: 'datetime',
    pgType: 'timestamp',
    format: 'YYYY-MM-DD HH24:MI:SS',
    answer: 'YYYY-MM-DD HH:MM:SS (Europe/Rome)',
    filter: dateOrDateTime,
  }),
  time: temporalType({
    column: (name) => time(name, { precision: 0 }),
    wire: 'time',
    pgType: 'time',
    format: 'HH24:MI',
    answer: 'HH:MM',
    filter: (value) => WIRE.time(value),
  }),
  flag: {
    column: (name) => smallint(name),
    select: plain,
    searchText: false,
    answer: z.number().int(),
    input: z.union([z.number(), z.string(), z.boolean()]).nullable(),
    toDb: (value) => (truthy(value) ? 1 : 0),
    filter: (value) => (truthy(value) ? 1 : falsy(value) ? 0 : undefined),
  },
  boolean: {
    column: (name) => boolean(name),
    select: plain,
    searchText: false,
    answer: z.boolean(),
    input: z.union([z.boolean(), z.number(), z.string()]).nullable(),
    toDb: (value) => truthy(value),
    filter: (value) => (truthy(value) ? true : falsy(value) ? false : undefined),
  },
  choice: {
    column: (name, fd) => (numericChoice(fd) ? integer(name) : varchar(name, { length: 64 })),
    select: plain,
    searchText: false,
    answer: z.union([z.string(), z.number()]),
    input: z.union([z.string(), z.number()]).nullable(),
    toDb: (value, fd) => (numericChoice(fd) ? Number(value) : String(value)),
    filter: (value, fd) => {
      if (typeof value === 'object' || !(fd.choices ?? []).some((c) => String(c.value) === String(value)))
        return undefined;
      return numericChoice(fd) ? Number(value) : String(value);
    },
  },
  relation: integerType((name, fd, ref) => integer(name).references(() => ref(fd.ref!), { onDelete: 'restrict' })),
  manyToMany: {
    column: () => null,
    select: plain,
    searchText: false,
    answer: z.array(z.number().int()),
    input: z.union([z.array(z.union([z.number(), z.string()])), z.string()]).nullable(),
    toDb: (value) => (Array.isArray(value) ? value.map(Number) : []),
    filter: asInteger,
  },
};

/** The stored value of an input (validated): empty is NULL, flags and booleans are never NULL. */
export function toDbValue(fd: FieldDef, value: unknown): unknown {
  if (fd.type === 'flag' || fd.type === 'boolean' || fd.type === 'manyToMany')
    return SERVER_TYPES[fd.type].toDb(value, fd);
  if (isEmpty(value)) return null;
  return SERVER_TYPES[fd.type].toDb(value, fd);
}

/**
 * The column values of the n-th sample row of `model` (model/types.ts `sampleRecord` made
 * storable; many-to-many fields live in pivots and are left out). Demo data and tests use it.
 */
export function sampleRow(model: ModelDef, n: number, refIds?: (ref: string) => number[]): Record<string, unknown> {
  const rec = sampleRecord(model, n, refIds);
  const row: Record<string, unknown> = {};
  for (const [name, fd] of Object.entries(model.fields))
    if (name in rec && fd.type !== 'manyToMany') row[name] = toDbValue(fd, rec[name]);
  return row;
}

/** Expression giving the API format of a stored field. */
export const selectOf = (c: SQL, fd: FieldDef | undefined): SQL => (fd ? SERVER_TYPES[fd.type].select(c, fd) : c);

/** The field's column carries the exact decimal text (turned into a JSON number when answered). */
export const isDecimalField = (fd: FieldDef) => !!FIELD_TYPES[fd.type].decimal;
