/**
 * The anti-money-laundering file in a few statements scoped to the studio (issue 48): the
 * assessments are inserted and read, never updated or deleted (the migration's trigger refuses it).
 */
import { sql } from 'drizzle-orm';
import type { Exec } from '../../records/exec.js';
import { idArray } from '../../db/sql.js';

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
  const [r] = await exec(sql`SELECT "id", "business_name" FROM "customers"
    WHERE "studio_id" = ${studioId} AND "id" = ${id} AND "deleted_at" IS NULL`);
  return r ? { id: Number(r.id), business_name: String(r.business_name) } : null;
}

/** Of these customers, those with an AML file (at least one assessment). */
export async function customersWithAmlFile(exec: Exec, studioId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await exec(sql`SELECT DISTINCT "customer_id" FROM "aml_assessments"
    WHERE "studio_id" = ${studioId} AND "customer_id" = ANY(${idArray(ids)})`);
  return new Set(rows.map((r) => Number(r.customer_id)));
}
