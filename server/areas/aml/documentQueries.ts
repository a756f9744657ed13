/**
 * What the AML file's documents read beyond amlQueries.ts (issue 48 item 4), scoped to the studio:
 * the customer's registry data as the declaration prints it, and where
 * the file's files are stored (the export for an inspection).
 */
import { sql } from 'drizzle-orm';
import type { Exec } from '../../records/exec.js';

const text = (v: unknown) => (v == null || v === '' ? null : String(v));

/** The customer as the AML documents print it. */
export interface AmlDocCustomer {
  id: number;
  business_name: string;
  fiscal_code: string | null;
  vat_id: string | null;
  address: string | null;
  postal_code: string | null;
  city: string | null;
  province: string | null;
  /** the legal form (Forma giuridica), when given */
  legal_status: string | null;
  /** YYYY-MM-DD: the end of the relationship */
  ceased_on: string | null;
}

/** The studio's customer (not in the trash) with the data the declaration prints, or null. */
export async function amlDocCustomer(exec: Exec, studioId: number, id: number): Promise<AmlDocCustomer | null> {
  const [r] =
    await exec(sql`SELECT c."id", c."business_name", c."fiscal_code", c."vat_id", c."address", c."postal_code", c."city",
      c."province", ls."description" AS "legal_status", to_char(c."ceased_on", 'YYYY-MM-DD') AS "ceased_on"
    FROM "customers" c
    LEFT JOIN "legal_statuses" ls ON ls."id" = c."legal_status_id" AND ls."deleted_at" IS NULL
    WHERE c."studio_id" = ${studioId} AND c."id" = ${id} AND c."deleted_at" IS NULL`);
  if (!r) return null;
  return {
    id: Number(r.id),
    business_name: String(r.business_name ?? ''),
    fiscal_code: text(r.fiscal_code),
    vat_id: text(r.vat_id),
    address: text(r.address),
    postal_code: text(r.postal_code),
    city: text(r.city),
    province: text(r.province),
    legal_status: text(r.legal_status),
    ceased_on: text(r.ceased_on),
  };
}

/** Where each file of a customer's AML file is stored, oldest first, with its size (the export's bound). */
export async function amlFileKeys(
  exec: Exec,
  studioId: number,
  customerId: number,
): Promise<Array<{ id: number; original_filename: string; size: number; storage_path: string }>> {
  const rows = await exec(sql`SELECT "id", "original_filename", "size", "storage_path" FROM "aml_files"
    WHERE "studio_id" = ${studioId} AND "customer_id" = ${customerId} ORDER BY "id"`);
  return rows.map((r) => ({
    id: Number(r.id),
    original_filename: String(r.original_filename),
    size: Number(r.size),
    storage_path: String(r.storage_path),
  }));
}
