/**
 * Quick find (issue 16 item 3): the caller's customers, legal representatives and e-invoices
 * whose name, VAT number, fiscal code, e-mail or number hold the text typed in the app bar's
 * search box. Each kind is one query on its table, scoped by the records engine's tenancy
 * condition, trashed rows left out, at most `QUICK_FIND_LIMIT` rows.
 *
 * Cost: a studio's rows are found by the `{table}_studio_idx` index and filtered with ILIKE
 * (no index serves a `%text%` pattern without pg_trgm); 10,000 customers take a few ms.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Ctx } from '../../auth/context.js';
import type { Exec } from '../../records/exec.js';
import { getModel } from '../../../model/registry.js';
import { EDOCUMENT_TYPES } from '../../../model/models/EDocument.js';
import { scopeCondition } from '../../records/sql.js';
import { col, ident } from '../../db/sql.js';

export type QuickFindKind = 'customer' | 'legal_representative' | 'einvoice';
export interface QuickFindHit {
  kind: QuickFindKind;
  id: number;
  title: string;
  subtitle: string;
  path: string;
}

/** rows per kind */
export const QUICK_FIND_LIMIT = 8;
/** words of the text that count (the rest is ignored) */
const MAX_WORDS = 6;

/** What the text is searched as. */
export interface QuickFindTerms {
  /** the words, each matched anywhere in one of the fields (all must match) */
  words: string[];
  /** the text without blanks, upper case: a VAT number or fiscal code, also matched by prefix */
  compact: string;
  /** `12/2026`: an e-invoice's number and year */
  numberYear: { number: string; year: number } | null;
}

export function quickFindTerms(text: string): QuickFindTerms {
  const trimmed = text.trim();
  const words = trimmed.split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
  const compact = trimmed.replace(/\s+/g, '').toUpperCase();
  const ny = /^([^\s/]+)\s*\/\s*(\d{4})$/.exec(trimmed);
  return { words, compact, numberYear: ny ? { number: ny[1]!.toUpperCase(), year: Number(ny[2]) } : null };
}

/** LIKE's wildcards (and its escape character) in the user's text match themselves */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const containing = (s: string) => `%${escapeLike(s)}%`;
const startingWith = (s: string) => `${escapeLike(s)}%`;

/** every word is found in one of the columns */
function allWords(alias: string, columns: string[], words: string[]): SQL {
  const each = words.map((w) => {
    const like = containing(w);
    return sql`(${sql.join(
      columns.map((c) => sql`${col(alias, c)} ILIKE ${like}`),
      sql` OR `,
    )})`;
  });
  return sql.join(each, sql` AND `);
}

/**
 * A VAT number or fiscal code typed whole or in part, with or without blanks (and a VAT number
 * with its country prefix 'IT'): the codes that start with it, and whether one is it exactly.
 */
function codeMatch(alias: string, columns: string[], compact: string): { starts: SQL; exact: SQL } {
  const forms = [compact, ...(/^IT\d/.test(compact) ? [compact.slice(2)] : [])];
  const starts = columns.flatMap((c) => forms.map((f) => sql`${col(alias, c)} ILIKE ${startingWith(f)}`));
  const exact = columns.flatMap((c) => forms.map((f) => sql`upper(${col(alias, c)}) = ${f}`));
  return { starts: sql.join(starts, sql` OR `), exact: sql`(${sql.join(exact, sql` OR `)})` };
}

const joinParts = (parts: Array<string | null | undefined>) => parts.filter((p) => p && String(p).trim()).join(' · ');

export async function findCustomers(exec: Exec, ctx: Ctx, terms: QuickFindTerms): Promise<QuickFindHit[]> {
  const m = getModel('Customer');
  const code = codeMatch('t', ['vat_id', 'fiscal_code'], terms.compact);
  const rows =
    await exec(sql`SELECT t."id", t."business_name", t."vat_id", t."fiscal_code", t."city", ${code.exact} AS "exact"
    FROM ${ident(m.table)} t
    WHERE ${scopeCondition(m, ctx)} AND t."deleted_at" IS NULL
      AND ((${allWords('t', ['business_name', 'vat_id', 'fiscal_code', 'email'], terms.words)}) OR ${code.starts})
    ORDER BY ${code.exact} DESC, t."business_name" COLLATE "und-x-icu", t."id"
    LIMIT ${QUICK_FIND_LIMIT}`);
  return rows.map((r) => ({
    kind: 'customer',
    id: Number(r.id),
    title: String(r.business_name ?? ''),
    subtitle: joinParts([
      r.vat_id ? `P. IVA ${r.vat_id}` : null,
      r.fiscal_code && r.fiscal_code !== r.vat_id ? `C.F. ${r.fiscal_code}` : null,
      r.city as string | null,
    ]),
    path: `/${m.name}/${Number(r.id)}`,
  }));
}

export async function findLegalRepresentatives(exec: Exec, ctx: Ctx, terms: QuickFindTerms): Promise<QuickFindHit[]> {
  const m = getModel('LegalRepresentative');
  const code = codeMatch('t', ['fiscal_code'], terms.compact);
  const rows = await exec(sql`SELECT t."id", t."name", t."surname", t."fiscal_code", t."city"
    FROM ${ident(m.table)} t
    WHERE ${scopeCondition(m, ctx)} AND t."deleted_at" IS NULL
      AND ((${allWords('t', ['name', 'surname', 'fiscal_code'], terms.words)}) OR ${code.starts})
    ORDER BY ${code.exact} DESC, t."surname" COLLATE "und-x-icu" NULLS LAST, t."name" COLLATE "und-x-icu", t."id"
    LIMIT ${QUICK_FIND_LIMIT}`);
  return rows.map((r) => ({
    kind: 'legal_representative',
    id: Number(r.id),
    title: [r.name, r.surname].filter((p) => p && String(p).trim()).join(' '),
    subtitle: joinParts([r.fiscal_code ? `C.F. ${r.fiscal_code}` : null, r.city as string | null]),
    path: `/${m.name}/${Number(r.id)}`,
  }));
}

const TYPE_TEXT = new Map<string, string>(EDOCUMENT_TYPES.map((t) => [t.value, t.text]));

export async function findEDocuments(exec: Exec, ctx: Ctx, terms: QuickFindTerms): Promise<QuickFindHit[]> {
  const m = getModel('EDocument');
  const customers = getModel('Customer');
  const ny = terms.numberYear;
  const exact = ny
    ? sql`(upper(t."number") = ${ny.number} AND t."year" = ${ny.year})`
    : sql`upper(t."number") = ${terms.compact}`;
  const rows =
    await exec(sql`SELECT t."id", t."type", t."number", t."year", to_char(t."date", 'DD/MM/YYYY') AS "date", c."business_name"
    FROM ${ident(m.table)} t LEFT JOIN ${ident(customers.table)} c ON c."id" = t."customer_id"
    WHERE ${scopeCondition(m, ctx)} AND t."deleted_at" IS NULL
      AND (t."number" ILIKE ${containing(terms.words.join(' '))} OR ${exact})
    ORDER BY ${exact} DESC, t."date" DESC, t."id" DESC
    LIMIT ${QUICK_FIND_LIMIT}`);
  return rows.map((r) => ({
    kind: 'einvoice',
    id: Number(r.id),
    title: `${TYPE_TEXT.get(String(r.type)) ?? 'Fattura'} n. ${r.number}/${r.year}`,
    subtitle: joinParts([r.business_name as string | null, `del ${r.date}`]),
    // react-admin's edit route of the model opens the e-invoice editor (src/resources/EDocument/Edit.tsx)
    path: `/${m.name}/${Number(r.id)}`,
  }));
}
