/**
 * What a customer's people opened of what the studio sends in the area (issue 50 item 3): each
 * download of an invoice, the statement, a payment notice, a declaration or a signed mandate is
 * recorded once per document (the first time, the last time, how many times) in portal_openings,
 * and the studio sees it on the customer card (openingRoutes.ts).
 */
import { sql } from 'drizzle-orm';
import type { Exec } from '../../records/exec.js';
import type { PortalCtx } from './areaSession.js';

export type OpeningKind = 'fattura_pdf' | 'fattura_xml' | 'estratto' | 'avviso' | 'dichiarazione' | 'mandato';

/** Records that the person of `ctx` opened a document (`refId`: the document's row, 0 when there is one only). */
export async function recordOpening(exec: Exec, ctx: PortalCtx, kind: OpeningKind, refId = 0): Promise<void> {
  await exec(sql`INSERT INTO "portal_openings" ("studio_id", "customer_id", "kind", "ref_id", "first_person_id")
    VALUES (${ctx.studioId}, ${ctx.customerId}, ${kind}, ${refId}, ${ctx.personId})
    ON CONFLICT ("customer_id", "kind", "ref_id")
    DO UPDATE SET "last_opened_at" = LOCALTIMESTAMP, "times" = "portal_openings"."times" + 1`);
}

export interface OpeningRow {
  kind: OpeningKind;
  ref_id: number;
  first_opened_at: string;
  last_opened_at: string;
  times: number;
  first_person: string | null;
}

/** A customer's openings, the latest first. */
export async function openingRows(exec: Exec, studioId: number, customerId: number): Promise<OpeningRow[]> {
  const rows = await exec(sql`SELECT o."kind", o."ref_id", o."first_opened_at", o."last_opened_at", o."times",
      coalesce(a."name", p."email") AS "first_person"
    FROM "portal_openings" o
    LEFT JOIN "portal_people" p ON p."id" = o."first_person_id"
    LEFT JOIN "portal_access" a ON a."person_id" = o."first_person_id" AND a."customer_id" = o."customer_id"
    WHERE o."studio_id" = ${studioId} AND o."customer_id" = ${customerId}
    ORDER BY o."last_opened_at" DESC, o."id" DESC LIMIT 500`);
  return rows.map((r) => ({
    kind: String(r.kind) as OpeningKind,
    ref_id: Number(r.ref_id),
    first_opened_at: String(r.first_opened_at).slice(0, 19),
    last_opened_at: String(r.last_opened_at).slice(0, 19),
    times: Number(r.times),
    first_person: r.first_person == null ? null : String(r.first_person),
  }));
}
