/**
 * 'Verifiche antiriciclaggio' (issue 48 item 3): what is due or late in the customers' AML files
 * (first due diligence, controllo costante, identity documents, new services not assessed), the
 * page, the CSV with the same filters and the home page's counts. Admin and Collaboratore; the
 * Utente is refused. The rules are in checksQueries.ts; which AML services are subject to due
 * diligence is model/aml.ts's table (AML_SERVICES, `inherent` not null).
 */
import { stringify } from 'csv-stringify/sync';
import { atLeast } from '../../../model/define.js';
import { displayDate, today } from '../../../model/dates.js';
import { AML_SERVICES } from '../../../model/aml.js';
import {
  AML_DUE_REASONS,
  type AmlDueList,
  type AmlDueQuery,
  type AmlDueReason,
  type AmlDueRow,
  type AmlDueSummary,
} from '../../../model/api/aml.js';
import type { Ctx } from '../../auth/context.js';
import { forbidden } from '../../errors.js';
import type { Exec } from '../../records/exec.js';
import { safeCell } from '../../records/export.js';
import { dueAll, dueCounts, duePage, type DueFilter, type DueRowData } from './checksQueries.js';

/** The home page's window, in days. */
export const SUMMARY_DAYS = 30;

/** The codes of the services subject to due diligence (the others are excluded by art. 17 c. 7). */
const SUBJECT_CODES = AML_SERVICES.filter((s) => s.inherent != null).map((s) => s.code);
const REASON_TEXT = new Map<string, string>(AML_DUE_REASONS.map((r) => [r.value, r.text]));

/** The CSV's columns. */
export const AML_CHECKS_CSV_HEADER = [
  'Cliente',
  'Collaboratore',
  'Livello',
  'Motivo',
  'Scadenza',
  'In ritardo',
  'Giorni di ritardo',
];

function allow(ctx: Ctx) {
  if (!atLeast(ctx.role, 'Collaboratore')) throw forbidden();
}

const filterOf = (q: Partial<AmlDueQuery>, day: string): DueFilter => ({
  today: day,
  days: q.days ?? SUMMARY_DAYS,
  reason: q.reason,
  collaboratorId: q.collaborator_id,
  level: q.level,
  late: q.late === '1',
  q: q.q?.trim() || undefined,
});

const asDueRow = (r: DueRowData): AmlDueRow => ({
  customer_id: r.customer_id,
  business_name: r.business_name,
  collaborator_id: r.collaborator_id,
  collaborator_name: r.collaborator_name,
  level: r.level as AmlDueRow['level'],
  reason: r.reason as AmlDueReason,
  reason_text: REASON_TEXT.get(r.reason) ?? r.reason,
  due_on: r.due_on,
  late: r.days_late > 0,
  days_late: r.days_late,
});

/** GET /api/aml/checks: one page of what is due, by due date then name, with the filtered set's totals. */
export async function amlChecks(exec: Exec, ctx: Ctx, q: AmlDueQuery, now = new Date()): Promise<AmlDueList> {
  allow(ctx);
  const page = await duePage(exec, ctx.studioId, SUBJECT_CODES, filterOf(q, today(now)), {
    limit: q.per_page,
    offset: (q.page - 1) * q.per_page,
  });
  return { data: page.rows.map(asDueRow), total: page.total, late: page.late };
}

/** GET /api/aml/checks/summary: the rows due within 30 days and how many of them are late. */
export async function amlChecksSummary(exec: Exec, ctx: Ctx, now = new Date()): Promise<AmlDueSummary> {
  allow(ctx);
  return dueCounts(exec, ctx.studioId, SUBJECT_CODES, filterOf({ days: SUMMARY_DAYS }, today(now)));
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** 'DD/MM/YYYY' of a wire date. */
const slashDate = (iso: string) => displayDate(iso).replace(/-/g, '/');

/**
 * GET /api/aml/checks.csv: every row the filters find (no paging) as the product's CSVs are
 * (semicolons, CRLF, UTF-8 with BOM, cells a spreadsheet would run as formulas neutralised).
 */
export async function amlChecksCsv(exec: Exec, ctx: Ctx, q: AmlDueQuery, now = new Date()): Promise<string> {
  allow(ctx);
  const rows = (await dueAll(exec, ctx.studioId, SUBJECT_CODES, filterOf(q, today(now)))).map(asDueRow);
  const lines = rows.map((r) => [
    safeCell(r.business_name),
    safeCell(r.collaborator_name ?? ''),
    r.level ? capital(r.level) : '',
    r.reason_text,
    slashDate(r.due_on),
    r.late ? 'Sì' : 'No',
    String(r.days_late),
  ]);
  return stringify([AML_CHECKS_CSV_HEADER, ...lines], {
    delimiter: ';',
    record_delimiter: '\r\n',
    bom: true,
    quoted_match: [/^\s|\s$/, /[\r\n]/],
  });
}
