/**
 * What the AML file's documents read beyond amlQueries.ts (issue 48 item 4), scoped to the studio:
 * the studio's letterhead, the customer's registry data as the declaration prints it, and where
 * the file's files are stored (the export for an inspection).
 */
import { sql } from 'drizzle-orm';
import type { Exec } from '../../records/exec.js';
import { printableImage, sideOf } from '../../records/images.js';
import type { StudioData } from '../../render/frame.js';
import { getModel } from '../../../model/registry.js';

const text = (v: unknown) => (v == null || v === '' ? null : String(v));

/**
 * The studio's letterhead, as the documents area reads it (server/areas/documents/queries.ts
 * `studioData`): read here because the declaration is reached from this area's public file, which
 * the customers' model imports, and the documents area's public file leads back to that model (an
 * import cycle).
 */
export async function amlStudioData(exec: Exec, studioId: number): Promise<StudioData> {
  const [s] =
    await exec(sql`SELECT "name", "subtitle", "address", "email", "tel_number", "vat_number", "website", "iban", "footer_line1", "logo"
    FROM "studios" WHERE "id" = ${studioId}`);
  return {
    name: text(s?.name),
    subtitle: text(s?.subtitle),
    address: text(s?.address),
    email: text(s?.email),
    tel_number: text(s?.tel_number),
    vat_number: text(s?.vat_number),
    website: text(s?.website),
    iban: text(s?.iban),
    footer_line1: text(s?.footer_line1),
    // checked and scaled as at upload (a logo stored before that rule may be huge or corrupt): left out when it fails
    logo: await printableImage(text(s?.logo), sideOf(getModel('Studio').fields.logo!)),
  };
}

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
