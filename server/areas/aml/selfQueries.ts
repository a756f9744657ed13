/**
 * The studio's self-assessment (Regola Tecnica 1) and the staff's training log in a few statements
 * scoped to the studio (issue 48 item 5): inserted and read, newest first, never updated or deleted
 * (the migration's trigger refuses it).
 */
import { sql } from 'drizzle-orm';
import type { Exec } from '../../records/exec.js';
import { BANDS } from '../../../model/aml.js';
import type { AmlSelfAssessment, AmlTraining } from '../../../model/api/aml.js';

export interface NewSelfAssessment {
  inherent_scores: Record<string, number>;
  vulnerability_scores: Record<string, number>;
  inherent: number;
  vulnerability: number;
  residual: number;
  band: string;
  mitigation: string | null;
  assessed_on: string;
  next_due: string;
  created_by: number;
  created_by_name: string;
}

export async function insertSelfAssessment(exec: Exec, studioId: number, a: NewSelfAssessment): Promise<number> {
  const [r] = await exec(sql`INSERT INTO "aml_self_assessments" ("studio_id", "inherent_scores", "vulnerability_scores",
      "inherent", "vulnerability", "residual", "band", "mitigation", "assessed_on", "next_due", "created_by", "created_by_name")
    VALUES (${studioId}, ${JSON.stringify(a.inherent_scores)}::jsonb, ${JSON.stringify(a.vulnerability_scores)}::jsonb,
      ${a.inherent}, ${a.vulnerability}, ${a.residual}, ${a.band}, ${a.mitigation}, ${a.assessed_on}::date,
      ${a.next_due}::date, ${a.created_by}, ${a.created_by_name})
    RETURNING "id"`);
  return Number(r!.id);
}

const num = (v: unknown) => Number(v);
const text = (v: unknown) => (v == null ? null : String(v));
const bandLabel = (band: string) => BANDS.find((b) => b.band === band)?.label ?? band;

/** The studio's self-assessments, newest first (by the date assessed, then as recorded): the first is in force. */
export async function selfAssessmentsOf(exec: Exec, studioId: number): Promise<AmlSelfAssessment[]> {
  const rows = await exec(sql`SELECT "id", "inherent_scores", "vulnerability_scores", "inherent"::text AS "inherent",
      "vulnerability"::text AS "vulnerability", "residual"::text AS "residual", "band", "mitigation",
      to_char("assessed_on", 'YYYY-MM-DD') AS "assessed_on", to_char("next_due", 'YYYY-MM-DD') AS "next_due",
      "created_by_name", to_char("created_at", 'YYYY-MM-DD HH24:MI:SS') AS "created_at"
    FROM "aml_self_assessments" WHERE "studio_id" = ${studioId}
    ORDER BY "assessed_on" DESC, "created_at" DESC, "id" DESC`);
  return rows.map((r) => ({
    id: num(r.id),
    inherent_scores: (r.inherent_scores as Record<string, number>) ?? {},
    vulnerability_scores: (r.vulnerability_scores as Record<string, number>) ?? {},
    inherent: num(r.inherent),
    vulnerability: num(r.vulnerability),
    residual: num(r.residual),
    band: String(r.band),
    band_label: bandLabel(String(r.band)),
    mitigation: text(r.mitigation),
    assessed_on: String(r.assessed_on),
    next_due: String(r.next_due),
    created_by_name: String(r.created_by_name),
    created_at: String(r.created_at),
  }));
}

export interface NewTraining {
  user_id: number | null;
  person_name: string;
  held_on: string;
  topic: string;
  provider: string | null;
  hours: number;
  created_by: number;
  created_by_name: string;
}

export async function insertTraining(exec: Exec, studioId: number, t: NewTraining): Promise<number> {
  const [r] = await exec(sql`INSERT INTO "aml_trainings" ("studio_id", "user_id", "person_name", "held_on", "topic",
      "provider", "hours", "created_by", "created_by_name")
    VALUES (${studioId}, ${t.user_id}, ${t.person_name}, ${t.held_on}::date, ${t.topic}, ${t.provider}, ${t.hours},
      ${t.created_by}, ${t.created_by_name})
    RETURNING "id"`);
  return Number(r!.id);
}

/** The studio's training log, newest first (by the day held, then as recorded). */
export async function trainingsOf(exec: Exec, studioId: number): Promise<AmlTraining[]> {
  const rows = await exec(sql`SELECT "id", "user_id", "person_name", to_char("held_on", 'YYYY-MM-DD') AS "held_on",
      "topic", "provider", "hours"::text AS "hours", "created_by_name",
      to_char("created_at", 'YYYY-MM-DD HH24:MI:SS') AS "created_at"
    FROM "aml_trainings" WHERE "studio_id" = ${studioId}
    ORDER BY "held_on" DESC, "created_at" DESC, "id" DESC`);
  return rows.map((r) => ({
    id: num(r.id),
    user_id: r.user_id == null ? null : num(r.user_id),
    person_name: String(r.person_name),
    held_on: String(r.held_on),
    topic: String(r.topic),
    provider: text(r.provider),
    hours: num(r.hours),
    created_by_name: String(r.created_by_name),
    created_at: String(r.created_at),
  }));
}

/** A user of the studio (not in the trash; active or not: a training may predate a leave), with its full name; or null. */
export async function studioUser(exec: Exec, studioId: number, userId: number) {
  const [r] = await exec(sql`SELECT "id",
      concat_ws(' ', NULLIF(btrim("name"), ''), NULLIF(btrim("cognome"), '')) AS "name", "email"
    FROM "users" WHERE "studio_id" = ${studioId} AND "id" = ${userId} AND "deleted_at" IS NULL`);
  return r ? { id: num(r.id), name: String(r.name || r.email || '') } : null;
}
