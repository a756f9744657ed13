/**
 * The SQL of the uploads in chunks (issue 50 item 2): an upload of a person for a document, its
 * chunks (in the database, so that any process takes the next), the person's name as the studio
 * wrote it (a file's 'sent by').
 */
import { sql } from 'drizzle-orm';
import type { Exec } from '../../records/exec.js';

/** The person's name in the customer's area, else null. */
export async function accessName(exec: Exec, studioId: number, customerId: number, personId: number) {
  const [r] = await exec(sql`SELECT "name" FROM "portal_access"
    WHERE "studio_id" = ${studioId} AND "customer_id" = ${customerId} AND "person_id" = ${personId}`);
  return r?.name == null ? null : String(r.name);
}

/** A new upload; the person's older unfinished ones beyond the newest 4 go (their chunks with them). */
export async function insertUpload(
  exec: Exec,
  u: { id: string; studioId: number; customerId: number; itemId: number; personId: number; name: string; size: number },
) {
  await exec(sql`DELETE FROM "portal_uploads" WHERE "person_id" = ${u.personId} AND "id" NOT IN (
    SELECT "id" FROM "portal_uploads" WHERE "person_id" = ${u.personId} ORDER BY "updated_at" DESC LIMIT 4)`);
  await exec(sql`INSERT INTO "portal_uploads" ("id", "studio_id", "customer_id", "item_id", "person_id", "filename", "size")
    VALUES (${u.id}, ${u.studioId}, ${u.customerId}, ${u.itemId}, ${u.personId}, ${u.name}, ${u.size})`);
}

/** An upload of the person in the customer's area, or null. */
export async function uploadRow(
  exec: Exec,
  id: string,
  who: { studioId: number; customerId: number; personId: number },
) {
  const [u] = await exec(sql`SELECT "id", "item_id", "filename", "size", "received" FROM "portal_uploads"
    WHERE "id" = ${id} AND "studio_id" = ${who.studioId} AND "customer_id" = ${who.customerId} AND "person_id" = ${who.personId}`);
  return u
    ? {
        id: String(u.id),
        itemId: Number(u.item_id),
        name: String(u.filename),
        size: Number(u.size),
        received: Number(u.received),
      }
    : null;
}

/** The chunk at `offset` when the upload has exactly that much: answers whether it was taken. */
export async function addChunk(exec: Exec, id: string, offset: number, bytes: Buffer): Promise<boolean> {
  const rows =
    await exec(sql`UPDATE "portal_uploads" SET "received" = ${offset + bytes.length}, "updated_at" = LOCALTIMESTAMP
    WHERE "id" = ${id} AND "received" = ${offset} RETURNING "received"`);
  if (!rows.length) return false;
  await exec(
    sql`INSERT INTO "portal_upload_chunks" ("upload_id", "offset", "bytes") VALUES (${id}, ${offset}, ${bytes})`,
  );
  return true;
}

/** The upload's bytes put together, and the upload gone. */
export async function takeUpload(exec: Exec, id: string): Promise<Buffer> {
  const chunks = await exec(
    sql`SELECT "bytes" FROM "portal_upload_chunks" WHERE "upload_id" = ${id} ORDER BY "offset"`,
  );
  await exec(sql`DELETE FROM "portal_uploads" WHERE "id" = ${id}`);
  return Buffer.concat(chunks.map((c) => Buffer.from(c.bytes as Uint8Array)));
}
