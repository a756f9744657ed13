/** The SdI simulator's store (server/areas/sdi/simulator.ts): what "SdI" received and will answer. */
import { sql } from 'drizzle-orm';
import type { Exec } from '../../records/exec.js';
import type { SdiError } from './channel.js';

/** a file of this name already received from this sender (SdI's 00002) */
export async function simFileNameSeen(exec: Exec, fileName: string, senderVat: string): Promise<boolean> {
  const [r] = await exec(sql`SELECT 1 AS "x" FROM "sdi_simulator_files"
    WHERE "file_name" = ${fileName} AND "sender_vat" = ${senderVat} LIMIT 1`);
  return Boolean(r);
}

/** the same invoice received and not rejected (SdI's 00404) */
export async function simInvoiceSeen(
  exec: Exec,
  inv: { senderVat: string; year: number; number: string; type: string },
): Promise<boolean> {
  const [r] = await exec(sql`SELECT 1 AS "x" FROM "sdi_simulator_files"
    WHERE "sender_vat" = ${inv.senderVat} AND "year" = ${inv.year} AND "number" = ${inv.number}
      AND "document_type" = ${inv.type} AND "outcome" <> 'NS' LIMIT 1`);
  return Boolean(r);
}

/** a file received: its SdI id follows the row's (unique under concurrent sends) */
export async function simInsert(
  exec: Exec,
  f: {
    channelId: string;
    fileName: string;
    senderVat: string;
    number: string;
    year: number;
    type: string;
    outcome: string;
    errors: SdiError[];
    delaySeconds: number;
    xml: string;
  },
) {
  await exec(sql`WITH n AS (SELECT nextval(pg_get_serial_sequence('"sdi_simulator_files"', 'id')) AS "id")
    INSERT INTO "sdi_simulator_files" ("id", "channel_id", "sdi_id", "file_name", "sender_vat", "number", "year",
      "document_type", "outcome", "errors", "ready_at", "xml")
    SELECT n."id", ${f.channelId}, (100000000 + n."id")::text, ${f.fileName}, ${f.senderVat}, ${f.number}, ${f.year},
      ${f.type}, ${f.outcome}, ${JSON.stringify(f.errors)}::jsonb, LOCALTIMESTAMP + make_interval(secs => ${f.delaySeconds}), ${f.xml}
    FROM n`);
}

export async function simFind(exec: Exec, fileName: string, senderVat: string): Promise<string | null> {
  const [r] = await exec(sql`SELECT "channel_id" FROM "sdi_simulator_files"
    WHERE "file_name" = ${fileName} AND "sender_vat" = ${senderVat} ORDER BY "id" LIMIT 1`);
  return r ? String(r.channel_id) : null;
}

/** a received file with its instants (ms) and whether its outcome is due */
export async function simFile(exec: Exec, channelId: string) {
  const [r] = await exec(sql`SELECT "sdi_id", "file_name", "outcome", "errors", "xml",
      (extract(epoch FROM ("received_at" AT TIME ZONE 'Europe/Rome')) * 1000)::bigint AS "received",
      (extract(epoch FROM ("ready_at" AT TIME ZONE 'Europe/Rome')) * 1000)::bigint AS "ready",
      "ready_at" <= LOCALTIMESTAMP AS "due"
    FROM "sdi_simulator_files" WHERE "channel_id" = ${channelId}`);
  return r
    ? {
        sdiId: String(r.sdi_id),
        fileName: String(r.file_name),
        outcome: String(r.outcome) as 'RC' | 'NS' | 'MC',
        errors: (r.errors as SdiError[] | null) ?? [],
        xml: String(r.xml),
        received: Number(r.received),
        ready: Number(r.ready),
        due: Boolean(r.due),
      }
    : null;
}
