/**
 * 'Verifiche antiriciclaggio' (issue 48 item 3): what is due or late in the customers' AML files, in
 * one statement scoped to the studio. Per active customer (not ceased, not in the trash) a row per
 * reason:
 * - 'prima_verifica': no assessment at all, due on the acquisition date;
 * - 'controllo': the latest assessment's next check (controllo costante);
 * - 'documento': the latest identification's first document expiry;
 * - 'nuova_prestazione': the earliest movement (not in the trash) dated after the latest assessment
 *   whose studio service is an AML service subject to due diligence (the codes the caller passes)
 *   that the assessment does not cover.
 * Listed when due on or before `today + days`. The latest assessment and identification are read by
 * DISTINCT ON (one pass over the studio's rows each); the new services from the studio's subject
 * services that some assessment does not cover (a service every assessment covers, as bookkeeping
 * mostly is, is never read): the movements of those customers, or of the service when many leave it
 * out. bench/aml.ts: 10,000 customers.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Exec } from '../../records/exec.js';
import { textArray } from '../../db/sql.js';

export interface DueFilter {
  /** YYYY-MM-DD: the day the list is made on */
  today: string;
  /** what falls due within these days (what is late always) */
  days: number;
  reason?: string;
  collaboratorId?: number;
  level?: string;
  late?: boolean;
  q?: string;
}

export interface DueRowData {
  customer_id: number;
  business_name: string;
  collaborator_id: number | null;
  collaborator_name: string | null;
  level: string | null;
  reason: string;
  due_on: string;
  days_late: number;
}

const day = (d: string) => sql`${d}::date`;
/**
 * Up to this many customers whose assessment leaves a service out, their movements are read customer
 * by customer (each a few dozen); beyond, the service's movements are read (a service billed to all
 * and left out by many makes a long list anyway). With an index on transactions (customer_id,
 * studio_service_id, date) the first way would be one probe per customer.
 */
const BY_CUSTOMER_MAX = 500;
const containing = (s: string) => `%${s.replace(/[\\%_]/g, '\\$&')}%`;

/** The rows due, filtered (columns customer_id, business_name, collaborator_id, level, reason, due_on). */
function dueRows(studioId: number, subjectCodes: string[], f: DueFilter): SQL {
  const customers: SQL[] = [
    sql`c."studio_id" = ${studioId}`,
    sql`c."deleted_at" IS NULL`,
    sql`c."ceased" = 0`,
    sql`(c."ceased_on" IS NULL OR c."ceased_on" > ${day(f.today)})`,
  ];
  if (f.q) customers.push(sql`c."business_name" ILIKE ${containing(f.q)}`);
  if (f.collaboratorId) customers.push(sql`c."collaborator_accounting_id" = ${f.collaboratorId}`);
  if (f.level) customers.push(sql`a."level" = ${f.level}`);
  const rows: SQL[] = [sql`v."due_on" <= ${day(f.today)} + ${f.days}::int`];
  if (f.reason) rows.push(sql`v."reason" = ${f.reason}`);
  if (f.late) rows.push(sql`v."due_on" < ${day(f.today)}`);
  // the studio's subject services (few) that some latest assessment does not cover, with how many
  // customers that is — a service every assessment covers, as bookkeeping mostly is, is never read
  const openServices = subjectCodes.length
    ? sql`SELECT s."id" AS "service_id", s."aml_service", count(*) AS "uncovered" FROM "studio_services" s
        JOIN "latest_assessment" a ON NOT (a."services" ? s."aml_service")
        WHERE s."studio_id" = ${studioId} AND s."aml_service" = ANY(${textArray(subjectCodes)})
        GROUP BY s."id", s."aml_service"`
    : sql`SELECT NULL::int AS "service_id", NULL::text AS "aml_service", 0::bigint AS "uncovered" WHERE FALSE`;
  return sql`WITH "latest_assessment" AS (
      SELECT DISTINCT ON (x."customer_id") x."customer_id", x."level", x."next_check", x."services", x."created_at"
      FROM "aml_assessments" x WHERE x."studio_id" = ${studioId}
      ORDER BY x."customer_id", x."created_at" DESC, x."id" DESC
    ), "latest_identification" AS (
      SELECT DISTINCT ON (x."customer_id") x."customer_id", x."documents_expire_on"
      FROM "aml_identifications" x WHERE x."studio_id" = ${studioId}
      ORDER BY x."customer_id", x."created_at" DESC, x."id" DESC
    ), "open_services" AS (${openServices}),
    "billed" AS MATERIALIZED (
      -- a service few assessments leave out: those customers' movements of it (transactions_customer_id_idx)
      SELECT a."customer_id", os."aml_service", t."date"
      FROM "open_services" os
      JOIN "latest_assessment" a ON NOT (a."services" ? os."aml_service")
      CROSS JOIN LATERAL (SELECT x."date" FROM "transactions" x
        WHERE x."customer_id" = a."customer_id" AND x."studio_service_id" = os."service_id"
          AND x."studio_id" = ${studioId} AND x."deleted_at" IS NULL
        OFFSET 0) t
      WHERE os."uncovered" <= ${BY_CUSTOMER_MAX}
      UNION ALL
      -- a service many leave out: its movements (transactions_studio_service_id_idx)
      SELECT t."customer_id", os."aml_service", t."date"
      FROM "open_services" os
      CROSS JOIN LATERAL (SELECT x."customer_id", x."date" FROM "transactions" x
        WHERE x."studio_service_id" = os."service_id" AND x."studio_id" = ${studioId} AND x."deleted_at" IS NULL
        OFFSET 0) t
      WHERE os."uncovered" > ${BY_CUSTOMER_MAX}
    ), "new_service" AS (
      SELECT a."customer_id", min(b."date")::date AS "due_on"
      FROM "billed" b JOIN "latest_assessment" a ON a."customer_id" = b."customer_id"
      WHERE b."date" > a."created_at" AND NOT (a."services" ? b."aml_service")
      GROUP BY a."customer_id"
    ),
    "base" AS MATERIALIZED (
      SELECT c."id" AS "customer_id", c."business_name", c."collaborator_accounting_id" AS "collaborator_id", a."level",
        CASE WHEN a."customer_id" IS NULL THEN c."acquisition_date" END AS "first_check", a."next_check",
        i."documents_expire_on", n."due_on" AS "new_service"
      FROM "customers" c
      LEFT JOIN "latest_assessment" a ON a."customer_id" = c."id"
      LEFT JOIN "latest_identification" i ON i."customer_id" = c."id"
      LEFT JOIN "new_service" n ON n."customer_id" = c."id"
      WHERE ${sql.join(customers, sql` AND `)}
    ), "due" AS (
      SELECT * FROM (
        SELECT "customer_id", "business_name", "collaborator_id", "level", 'prima_verifica' AS "reason", "first_check" AS "due_on"
          FROM "base" WHERE "first_check" IS NOT NULL
        UNION ALL SELECT "customer_id", "business_name", "collaborator_id", "level", 'controllo', "next_check"
          FROM "base" WHERE "next_check" IS NOT NULL
        UNION ALL SELECT "customer_id", "business_name", "collaborator_id", "level", 'documento', "documents_expire_on"
          FROM "base" WHERE "documents_expire_on" IS NOT NULL
        UNION ALL SELECT "customer_id", "business_name", "collaborator_id", "level", 'nuova_prestazione', "new_service"
          FROM "base" WHERE "new_service" IS NOT NULL
      ) v WHERE ${sql.join(rows, sql` AND `)}
    )`;
}

const pageColumns = (today: string) => sql`d."customer_id", d."business_name", d."collaborator_id",
  NULLIF(concat_ws(' ', u."name", u."cognome"), '') AS "collaborator_name", d."level", d."reason",
  to_char(d."due_on", 'YYYY-MM-DD') AS "due_on", GREATEST(0, ${day(today)} - d."due_on") AS "days_late"`;
/**
 * The checks of the files the studio keeps first (controllo costante, documents, new services), by
 * date; then the customers who have no file yet (a studio that starts keeping its files here has
 * many: they would hide the few checks falling due).
 */
const ORDER = sql`(d."reason" = 'prima_verifica'), d."due_on", d."business_name", d."customer_id", d."reason"`;

const asRow = (r: Record<string, unknown>): DueRowData => ({
  customer_id: Number(r.customer_id),
  business_name: String(r.business_name),
  collaborator_id: r.collaborator_id == null ? null : Number(r.collaborator_id),
  collaborator_name: r.collaborator_name == null ? null : String(r.collaborator_name),
  level: r.level == null ? null : String(r.level),
  reason: String(r.reason),
  due_on: String(r.due_on),
  days_late: Number(r.days_late),
});

/**
 * One page of the rows due (by due date, then name), with how many the filters find in all and how
 * many of them are late: one statement, one row even past the last page (its row columns NULL).
 */
export async function duePage(
  exec: Exec,
  studioId: number,
  subjectCodes: string[],
  f: DueFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: DueRowData[]; total: number; late: number }> {
  const rows = await exec(sql`${dueRows(studioId, subjectCodes, f)}
    SELECT n."total", n."late", p.* FROM
      (SELECT count(*)::int AS "total", (count(*) FILTER (WHERE d."due_on" < ${day(f.today)}))::int AS "late" FROM "due" d) n
    LEFT JOIN LATERAL (
      SELECT ${pageColumns(f.today)}
      FROM (SELECT * FROM "due" d ORDER BY ${ORDER} LIMIT ${page.limit} OFFSET ${page.offset}) d
      LEFT JOIN "users" u ON u."id" = d."collaborator_id"
      ORDER BY ${ORDER}
    ) p ON TRUE`);
  const first = rows[0];
  return {
    rows: rows.filter((r) => r.customer_id != null).map(asRow),
    total: Number(first?.total ?? 0),
    late: Number(first?.late ?? 0),
  };
}

/** Every row due (the CSV), in the list's order. */
export async function dueAll(exec: Exec, studioId: number, subjectCodes: string[], f: DueFilter) {
  const rows = await exec(sql`${dueRows(studioId, subjectCodes, f)}
    SELECT ${pageColumns(f.today)} FROM "due" d LEFT JOIN "users" u ON u."id" = d."collaborator_id" ORDER BY ${ORDER}`);
  return rows.map(asRow);
}

/** How many rows are due within the window and how many of them are late (the home page's card). */
export async function dueCounts(exec: Exec, studioId: number, subjectCodes: string[], f: DueFilter) {
  const [r] = await exec(sql`${dueRows(studioId, subjectCodes, f)}
    SELECT count(*)::int AS "due", (count(*) FILTER (WHERE d."due_on" < ${day(f.today)}))::int AS "late" FROM "due" d`);
  return { due: Number(r?.due ?? 0), late: Number(r?.late ?? 0) };
}
