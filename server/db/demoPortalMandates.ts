/**
 * The demo's SEPA mandate to sign online (issue 50 item 4): the second customer of the demo's area
 * (the one of anna.ferri@…, who enters by the link 'Posta in uscita' shows) is collected by SDD
 * ('Modalità di pagamento' SDD) and has no active mandate, so that his person finds 'Mandato SEPA'
 * in the area and signs it. Not the main customer: the browser test of the area's done-when reads
 * his home page's tiles as they are (tests/e2e/portal.test.ts). The demo studio has its creditor
 * identifier (CID).
 */
import { sql } from 'drizzle-orm';
import type { Exec } from '../records/exec.js';

export async function seedPortalMandates(exec: Exec, studioId: number, customerId: number) {
  const [active] = await exec(sql`SELECT 1 AS "x" FROM "sdd_mandates"
    WHERE "studio_id" = ${studioId} AND "customer_id" = ${customerId} AND "status" = 'active' AND "deleted_at" IS NULL`);
  // a customer the demo already collects under a mandate keeps it as it is
  if (active) return;
  await exec(
    sql`UPDATE "customers" SET "collection_method" = 'sdd' WHERE "id" = ${customerId} AND "studio_id" = ${studioId}`,
  );
}
