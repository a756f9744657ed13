/**
 * The rows of uploaded files (server/areas/attachments/routes.ts): listed by owner, counted under the
 * owner's lock, written, described, deleted; and which storage keys rows still name (the sweep).
 */
import { sql } from 'drizzle-orm';
import type { Exec, Row } from '../../records/exec.js';
import type { AttachmentRow } from '../../../model/api/attachments.js';
import { idArray } from '../../db/sql.js';
import type { ModelDef } from '../../../model/define.js';

const COLUMNS = sql`"id", "original_filename", "content_type", "size", "descrizione", "nota", "marked_for_deletion",
  to_char("created_at", 'YYYY-MM-DD HH24:MI:SS') AS "created_at"`;

export function attachmentRows(exec: Exec) {
  return {
    /** C75: the files of one record, oldest first */
    ofOwner: (model: ModelDef, ownerId: number) =>
      exec<AttachmentRow>(
        sql`SELECT ${COLUMNS} FROM "attachments" WHERE "owner_model" = ${model.name} AND "owner_id" = ${ownerId} ORDER BY "id"`,
      ),

    /** one file with its owner and where its bytes are */
    async byId(id: number): Promise<Row | undefined> {
      const [a] = await exec(
        sql`SELECT "id", "owner_model", "owner_id", "original_filename", "content_type", "size", "storage_path" FROM "attachments" WHERE "id" = ${id}`,
      );
      return a;
    },

    /** the files a record keeps (not marked for deletion), counted with the record locked: two uploads at once cannot pass the limit together */
    async keptCountLocked(model: ModelDef, ownerId: number): Promise<number> {
      await exec(sql`SELECT 1 FROM ${sql.identifier(model.table)} WHERE "id" = ${ownerId} FOR UPDATE`);
      const [{ n }] = await exec(
        sql`SELECT count(*)::int AS "n" FROM "attachments" WHERE "owner_model" = ${model.name} AND "owner_id" = ${ownerId} AND NOT "marked_for_deletion"`,
      );
      return Number(n);
    },

    async insert(
      model: ModelDef,
      a: {
        ownerId: number;
        studioId: number | null;
        filename: string;
        contentType: string;
        size: number;
        storagePath: string;
        createdBy: number;
      },
    ) {
      const [r] =
        await exec<AttachmentRow>(sql`INSERT INTO "attachments" ("owner_model", "owner_id", "studio_id", "original_filename", "content_type", "size", "storage_path", "created_by")
        VALUES (${model.name}, ${a.ownerId}, ${a.studioId}, ${a.filename}, ${a.contentType}, ${a.size}, ${a.storagePath}, ${a.createdBy}) RETURNING ${COLUMNS}`);
      return r!;
    },

    /** C77: the files by their ids or by their owners' ids, locked */
    lockForDelete: (model: ModelDef, ids: number[], by: 'id' | 'owner') =>
      exec(
        by === 'id'
          ? sql`SELECT "id", "owner_id" FROM "attachments" WHERE "owner_model" = ${model.name} AND "id" = ANY(${idArray(ids)}) FOR UPDATE`
          : sql`SELECT "id", "owner_id" FROM "attachments" WHERE "owner_model" = ${model.name} AND "owner_id" = ANY(${idArray(ids)}) FOR UPDATE`,
      ),

    /** deletes the rows and answers where their bytes were */
    delete: (ids: number[]) =>
      exec(sql`DELETE FROM "attachments" WHERE "id" = ANY(${idArray(ids)}) RETURNING "storage_path"`),

    /** C79: description, note and mark (only the ones given) */
    async update(id: number, change: { descrizione?: string | null; nota?: string | null; marked?: boolean }) {
      const sets = [sql`"updated_at" = clock_timestamp()::timestamp`];
      if (change.descrizione !== undefined) sets.push(sql`"descrizione" = ${change.descrizione}`);
      if (change.nota !== undefined) sets.push(sql`"nota" = ${change.nota}`);
      if (change.marked !== undefined) sets.push(sql`"marked_for_deletion" = ${change.marked}`);
      const [r] = await exec<AttachmentRow>(
        sql`UPDATE "attachments" SET ${sql.join(sets, sql`, `)} WHERE "id" = ${id} RETURNING ${COLUMNS}`,
      );
      return r!;
    },

    /** which of these storage keys a row still names */
    async usedKeys(keys: string[]): Promise<Set<string>> {
      if (!keys.length) return new Set();
      const list = `{${keys.map((k) => `"${k.replace(/["\\]/g, '')}"`).join(',')}}`;
      // the AML files (server/areas/aml) and the engagement letters sent, the signed scans and the
      // studios' letter templates (server/areas/engagements), the files of the customers' area
      // (server/areas/portal) are stored the same way and kept as long as their rows
      const rows = await exec(
        sql`SELECT "storage_path" FROM "attachments" WHERE "storage_path" = ANY(${list}::text[])
          UNION SELECT "storage_path" FROM "aml_files" WHERE "storage_path" = ANY(${list}::text[])
          UNION SELECT "storage_path" FROM "engagement_letters" WHERE "storage_path" = ANY(${list}::text[])
          UNION SELECT "storage_path" FROM "engagement_letter_templates" WHERE "storage_path" = ANY(${list}::text[])
          UNION SELECT "storage_path" FROM "portal_files" WHERE "storage_path" = ANY(${list}::text[])`,
      );
      return new Set(rows.map((r) => String(r.storage_path)));
    },
  };
}
