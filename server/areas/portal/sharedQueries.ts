/**
 * The SQL of the files the studio shares with a customer (issue 50 item 3).
 */
import { sql } from 'drizzle-orm';
import type { Exec } from '../../records/exec.js';
import type { SharedFile } from '../../../model/api/portal.js';

/** The files shared with the customer (not a message's), newest first, with the customer's first opening. */
export async function sharedFileRows(exec: Exec, studioId: number, customerId: number): Promise<SharedFile[]> {
  const rows =
    await exec(sql`SELECT "id", "filename", "size", "sha256", "scan", "uploaded_by_name", "created_at", "first_opened_at"
    FROM "portal_files" WHERE "studio_id" = ${studioId} AND "customer_id" = ${customerId} AND "origin" = 'studio' AND "message_id" IS NULL
    ORDER BY "id" DESC LIMIT 500`);
  return rows.map((r) => ({
    id: Number(r.id),
    filename: String(r.filename),
    size: Number(r.size),
    sha256: String(r.sha256),
    scan: String(r.scan) === 'quarantena' ? 'quarantena' : String(r.scan) === 'ok' ? 'ok' : 'non_verificato',
    uploaded_by_name: r.uploaded_by_name == null ? null : String(r.uploaded_by_name),
    created_at: String(r.created_at).slice(0, 19),
    first_opened_at: r.first_opened_at == null ? null : String(r.first_opened_at).slice(0, 19),
  }));
}

/** Removes a shared file's row; answers where its bytes are, or null when it is not one. */
export async function deleteSharedFile(exec: Exec, studioId: number, customerId: number, id: number) {
  const rows = await exec(sql`DELETE FROM "portal_files" WHERE "id" = ${id} AND "studio_id" = ${studioId}
    AND "customer_id" = ${customerId} AND "origin" = 'studio' AND "message_id" IS NULL RETURNING "storage_path"`);
  return rows.length ? String(rows[0]!.storage_path) : null;
}
