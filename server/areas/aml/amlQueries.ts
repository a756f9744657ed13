/**
 * The anti-money-laundering file in a few statements scoped to the studio (issue 48): the
 * assessments are inserted and read, never updated or deleted (the migration's trigger refuses it).
 */
import { sql } from 'drizzle-orm';
import type { Exec } from '../../records/exec.js';
import { idArray } from '../../db/sql.js';
import type { AmlFile, AmlIdentification, AmlIdentificationInput, AmlNote } from '../../../model/api/aml.js';

export interface NewAssessment {
  customer_id: number;
  services: string[];
  customer_scores: Record<string, number>;
  operation_scores: Record<string, number> | null;
  flags: Record<string, boolean>;
  inherent: number;
  specific: number;
  effective: number;
  computed_level: string;
  level: string;
  level_reason: string | null;
  reasons: string[];
  next_check: string;
  purpose: string | null;
  pep: boolean;
  created_by: number;
  created_by_name: string;
}

export async function insertAssessment(exec: Exec, studioId: number, a: NewAssessment): Promise<number> {
  const [r] = await exec(sql`INSERT INTO "aml_assessments" ("studio_id", "customer_id", "services", "customer_scores",
      "operation_scores", "flags", "inherent", "specific", "effective", "computed_level", "level", "level_reason",
      "reasons", "next_check", "purpose", "pep", "created_by", "created_by_name")
    VALUES (${studioId}, ${a.customer_id}, ${JSON.stringify(a.services)}::jsonb, ${JSON.stringify(a.customer_scores)}::jsonb,
      ${a.operation_scores ? JSON.stringify(a.operation_scores) : null}::jsonb, ${JSON.stringify(a.flags)}::jsonb,
      ${a.inherent}, ${a.specific}, ${a.effective}, ${a.computed_level}, ${a.level}, ${a.level_reason},
      ${JSON.stringify(a.reasons)}::jsonb, ${a.next_check}::date, ${a.purpose}, ${a.pep}, ${a.created_by}, ${a.created_by_name})
    RETURNING "id"`);
  return Number(r!.id);
}

const num = (v: unknown) => Number(v);
const asAssessment = (r: Record<string, unknown>) => ({
  id: num(r.id),
  customer_id: num(r.customer_id),
  services: (r.services as string[]) ?? [],
  customer_scores: (r.customer_scores as Record<string, number>) ?? {},
  operation_scores: (r.operation_scores as Record<string, number> | null) ?? null,
  flags: (r.flags as Record<string, boolean>) ?? {},
  inherent: num(r.inherent),
  specific: num(r.specific),
  effective: num(r.effective),
  computed_level: String(r.computed_level) as 'semplificata' | 'ordinaria' | 'rafforzata',
  level: String(r.level) as 'semplificata' | 'ordinaria' | 'rafforzata',
  level_reason: r.level_reason == null ? null : String(r.level_reason),
  reasons: (r.reasons as string[]) ?? [],
  next_check: String(r.next_check),
  purpose: r.purpose == null ? null : String(r.purpose),
  pep: Boolean(r.pep),
  created_by_name: String(r.created_by_name),
  created_at: String(r.created_at),
});

/** A customer's assessments, newest first. */
export async function assessmentsOf(exec: Exec, studioId: number, customerId: number) {
  const rows = await exec(sql`SELECT "id", "customer_id", "services", "customer_scores", "operation_scores", "flags",
      "inherent", "specific"::text AS "specific", "effective"::text AS "effective", "computed_level", "level", "level_reason",
      "reasons", to_char("next_check", 'YYYY-MM-DD') AS "next_check", "purpose", "pep", "created_by_name",
      to_char("created_at", 'YYYY-MM-DD HH24:MI:SS') AS "created_at"
    FROM "aml_assessments" WHERE "studio_id" = ${studioId} AND "customer_id" = ${customerId}
    ORDER BY "created_at" DESC, "id" DESC`);
  return rows.map(asAssessment);
}

/** The customer of the studio (not in the trash), or null. */
export async function amlCustomer(exec: Exec, studioId: number, id: number) {
  const [r] =
    await exec(sql`SELECT "id", "business_name", to_char("ceased_on", 'YYYY-MM-DD') AS "ceased_on" FROM "customers"
    WHERE "studio_id" = ${studioId} AND "id" = ${id} AND "deleted_at" IS NULL`);
  return r
    ? {
        id: Number(r.id),
        business_name: String(r.business_name),
        ceased_on: r.ceased_on == null ? null : String(r.ceased_on),
      }
    : null;
}

/** Of these customers, those with an AML file (at least one assessment). */
export async function customersWithAmlFile(exec: Exec, studioId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await exec(sql`SELECT DISTINCT "customer_id" FROM "aml_assessments"
    WHERE "studio_id" = ${studioId} AND "customer_id" = ANY(${idArray(ids)})`);
  return new Set(rows.map((r) => Number(r.customer_id)));
}

// ---------------------------------------------------------------------------------------------
// Identification, files, notes (issue 48 items 1, 4)
// ---------------------------------------------------------------------------------------------

export async function insertIdentification(
  exec: Exec,
  studioId: number,
  a: {
    customer_id: number;
    data: AmlIdentificationInput;
    identified_on: string;
    documents_expire_on: string | null;
    created_by: number;
    created_by_name: string;
  },
): Promise<number> {
  const [r] = await exec(sql`INSERT INTO "aml_identifications" ("studio_id", "customer_id", "data", "identified_on",
      "documents_expire_on", "created_by", "created_by_name")
    VALUES (${studioId}, ${a.customer_id}, ${JSON.stringify(a.data)}::jsonb, ${a.identified_on}::date,
      ${a.documents_expire_on}::date, ${a.created_by}, ${a.created_by_name})
    RETURNING "id"`);
  return Number(r!.id);
}

/** A customer's identifications, newest first (the first is the one in force). */
export async function identificationsOf(
  exec: Exec,
  studioId: number,
  customerId: number,
): Promise<AmlIdentification[]> {
  const rows =
    await exec(sql`SELECT "id", "customer_id", "data", to_char("identified_on", 'YYYY-MM-DD') AS "identified_on",
      to_char("documents_expire_on", 'YYYY-MM-DD') AS "documents_expire_on", "created_by_name",
      to_char("created_at", 'YYYY-MM-DD HH24:MI:SS') AS "created_at"
    FROM "aml_identifications" WHERE "studio_id" = ${studioId} AND "customer_id" = ${customerId}
    ORDER BY "created_at" DESC, "id" DESC`);
  return rows.map((r) => ({
    id: num(r.id),
    customer_id: num(r.customer_id),
    data: r.data as AmlIdentificationInput,
    identified_on: String(r.identified_on),
    documents_expire_on: r.documents_expire_on == null ? null : String(r.documents_expire_on),
    created_by_name: String(r.created_by_name),
    created_at: String(r.created_at),
  }));
}

export async function insertAmlFile(
  exec: Exec,
  studioId: number,
  a: {
    customer_id: number;
    kind: string;
    description: string | null;
    original_filename: string;
    content_type: string;
    size: number;
    sha256: string;
    storage_path: string;
    created_by: number;
    created_by_name: string;
  },
): Promise<number> {
  const [r] =
    await exec(sql`INSERT INTO "aml_files" ("studio_id", "customer_id", "kind", "description", "original_filename",
      "content_type", "size", "sha256", "storage_path", "created_by", "created_by_name")
    VALUES (${studioId}, ${a.customer_id}, ${a.kind}, ${a.description}, ${a.original_filename}, ${a.content_type},
      ${a.size}, ${a.sha256}, ${a.storage_path}, ${a.created_by}, ${a.created_by_name})
    RETURNING "id"`);
  return Number(r!.id);
}

/** The files of a customer's AML file, oldest first. */
export async function filesOf(exec: Exec, studioId: number, customerId: number): Promise<AmlFile[]> {
  const rows = await exec(sql`SELECT "id", "kind", "description", "original_filename", "content_type", "size", "sha256",
      "created_by_name", to_char("created_at", 'YYYY-MM-DD HH24:MI:SS') AS "created_at"
    FROM "aml_files" WHERE "studio_id" = ${studioId} AND "customer_id" = ${customerId} ORDER BY "id"`);
  return rows.map((r) => ({
    id: num(r.id),
    kind: String(r.kind) as AmlFile['kind'],
    description: r.description == null ? null : String(r.description),
    original_filename: String(r.original_filename),
    content_type: String(r.content_type),
    size: num(r.size),
    sha256: String(r.sha256),
    created_by_name: String(r.created_by_name),
    created_at: String(r.created_at),
  }));
}

/** Where one file of the customer's AML file is stored, or null (another customer's, another studio's). */
export async function amlFileRow(exec: Exec, studioId: number, customerId: number, fileId: number) {
  const [r] = await exec(sql`SELECT "id", "original_filename", "content_type", "storage_path" FROM "aml_files"
    WHERE "studio_id" = ${studioId} AND "customer_id" = ${customerId} AND "id" = ${fileId}`);
  return r
    ? {
        id: num(r.id),
        original_filename: String(r.original_filename),
        content_type: String(r.content_type),
        storage_path: String(r.storage_path),
      }
    : null;
}

/** How many files and bytes a customer's AML file holds (the upload's limits). */
export async function filesUsage(exec: Exec, studioId: number, customerId: number) {
  const [r] = await exec(sql`SELECT count(*)::int AS "n", coalesce(sum("size"), 0)::bigint AS "bytes" FROM "aml_files"
    WHERE "studio_id" = ${studioId} AND "customer_id" = ${customerId}`);
  return { count: num(r!.n), bytes: num(r!.bytes) };
}

export async function insertNote(
  exec: Exec,
  studioId: number,
  a: {
    customer_id: number;
    kind: string;
    outcome: string | null;
    body: string;
    created_by: number;
    created_by_name: string;
  },
): Promise<number> {
  const [r] =
    await exec(sql`INSERT INTO "aml_notes" ("studio_id", "customer_id", "kind", "outcome", "body", "created_by", "created_by_name")
    VALUES (${studioId}, ${a.customer_id}, ${a.kind}, ${a.outcome}, ${a.body}, ${a.created_by}, ${a.created_by_name})
    RETURNING "id"`);
  return Number(r!.id);
}

/** The Admin's notes on a customer's file, newest first (the service shows them to the Admin only). */
export async function notesOf(exec: Exec, studioId: number, customerId: number): Promise<AmlNote[]> {
  const rows = await exec(sql`SELECT "id", "kind", "outcome", "body", "created_by_name",
      to_char("created_at", 'YYYY-MM-DD HH24:MI:SS') AS "created_at"
    FROM "aml_notes" WHERE "studio_id" = ${studioId} AND "customer_id" = ${customerId}
    ORDER BY "created_at" DESC, "id" DESC`);
  return rows.map((r) => ({
    id: num(r.id),
    kind: String(r.kind) as AmlNote['kind'],
    outcome: r.outcome == null ? null : String(r.outcome),
    body: String(r.body),
    created_by_name: String(r.created_by_name),
    created_at: String(r.created_at),
  }));
}

/**
 * Of these customers, those whose AML file must still be kept on `day` (Regola Tecnica 3): they have
 * a file (any assessment, identification, file or note) and no end of relationship, or one less
 * than ten years before. With the end date, for the message.
 */
export async function customersKeptByAml(
  exec: Exec,
  studioId: number,
  ids: number[],
  day: string,
): Promise<Array<{ id: number; business_name: string; ceased_on: string | null; kept_until: string | null }>> {
  if (!ids.length) return [];
  const rows = await exec(sql`SELECT c."id", c."business_name", to_char(c."ceased_on", 'YYYY-MM-DD') AS "ceased_on",
      to_char(c."ceased_on" + interval '10 years', 'YYYY-MM-DD') AS "kept_until"
    FROM "customers" c
    WHERE c."studio_id" = ${studioId} AND c."id" = ANY(${idArray(ids)})
      AND (c."ceased_on" IS NULL OR c."ceased_on" + interval '10 years' > ${day}::date)
      AND (EXISTS (SELECT 1 FROM "aml_assessments" a WHERE a."studio_id" = c."studio_id" AND a."customer_id" = c."id")
        OR EXISTS (SELECT 1 FROM "aml_identifications" i WHERE i."studio_id" = c."studio_id" AND i."customer_id" = c."id")
        OR EXISTS (SELECT 1 FROM "aml_files" f WHERE f."studio_id" = c."studio_id" AND f."customer_id" = c."id")
        OR EXISTS (SELECT 1 FROM "aml_notes" n WHERE n."studio_id" = c."studio_id" AND n."customer_id" = c."id"))
    ORDER BY c."business_name"`);
  return rows.map((r) => ({
    id: num(r.id),
    business_name: String(r.business_name),
    ceased_on: r.ceased_on == null ? null : String(r.ceased_on),
    kept_until: r.kept_until == null ? null : String(r.kept_until),
  }));
}

// ---------------------------------------------------------------------------------------------
// The declaration to renew, e-mailed by the reminders' daily run (issue 48 item 3)
// ---------------------------------------------------------------------------------------------

/**
 * The active customers with an e-mail whose check (the controllo costante of the assessment in
 * force) or identity document (of the identification in force) falls due by `until`, not yet sent
 * the declaration for that date; the earliest first, at most `limit`.
 */
export async function renewalCandidates(exec: Exec, studioId: number, until: string, limit: number) {
  const rows = await exec(sql`WITH due AS (
      SELECT c."id", c."business_name", c."email",
        LEAST(
          (SELECT a."next_check" FROM "aml_assessments" a WHERE a."studio_id" = c."studio_id" AND a."customer_id" = c."id"
            ORDER BY a."created_at" DESC, a."id" DESC LIMIT 1),
          (SELECT i."documents_expire_on" FROM "aml_identifications" i WHERE i."studio_id" = c."studio_id" AND i."customer_id" = c."id"
            ORDER BY i."created_at" DESC, i."id" DESC LIMIT 1)) AS "due_on"
      FROM "customers" c
      WHERE c."studio_id" = ${studioId} AND c."deleted_at" IS NULL AND c."ceased" <> 1
        AND coalesce(trim(c."email"), '') <> '')
    SELECT d."id", d."business_name", d."email", to_char(d."due_on", 'YYYY-MM-DD') AS "due_on"
    FROM due d
    WHERE d."due_on" IS NOT NULL AND d."due_on" <= ${until}::date
      AND NOT EXISTS (SELECT 1 FROM "aml_renewal_mails" m
        WHERE m."studio_id" = ${studioId} AND m."customer_id" = d."id" AND m."due_on" = d."due_on")
    ORDER BY d."due_on", d."business_name"
    LIMIT ${limit}`);
  return rows.map((r) => ({
    id: num(r.id),
    business_name: String(r.business_name),
    email: String(r.email).trim(),
    due_on: String(r.due_on),
  }));
}

/** Claims the e-mail of a customer's declaration for a due date: false when another run has it. */
export async function claimRenewal(exec: Exec, studioId: number, customerId: number, dueOn: string): Promise<boolean> {
  const rows = await exec(sql`INSERT INTO "aml_renewal_mails" ("studio_id", "customer_id", "due_on")
    VALUES (${studioId}, ${customerId}, ${dueOn}::date) ON CONFLICT DO NOTHING RETURNING "id"`);
  return rows.length === 1;
}

export async function markRenewalMail(exec: Exec, studioId: number, customerId: number, dueOn: string, mailId: number) {
  await exec(sql`UPDATE "aml_renewal_mails" SET "mail_id" = ${mailId}
    WHERE "studio_id" = ${studioId} AND "customer_id" = ${customerId} AND "due_on" = ${dueOn}::date`);
}
