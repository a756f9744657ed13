/**
 * The SQL of the SEPA mandates signed online in the customers' area (issue 50 item 4): the customer
 * as the mandate needs him (his data for the form, how he pays, his active mandate — the one the SDD
 * collection uses: the latest signed, server/areas/collections/sddQueries.ts — and its online
 * signature), the studio as the creditor, and the writes of a signature: the new SddMandate, the
 * earlier active ones revoked, the evidence in portal_mandate_signatures and the mandates' history
 * (audit_log, by the signer: no user of the studio). Always scoped to the studio and the customer.
 */
import { sql } from 'drizzle-orm';
import type { Exec } from '../../records/exec.js';
import type { PortalMandateSignature } from '../../../model/api/portalMandates.js';

const str = (v: unknown) => (v == null || v === '' ? null : String(v));
const bytes = (v: unknown) => (Buffer.isBuffer(v) ? v : Buffer.from(v as Uint8Array));

/** The customer's active mandate, as the area shows it. */
export interface ActiveMandate {
  id: number;
  reference: string;
  iban: string;
  scheme: 'CORE' | 'B2B';
  signature_date: string;
  /** its online signature (the PDF as signed), when it was signed in the area */
  signature_id: number | null;
}

/** The customer of the area as the mandate needs him, or null (another studio's). */
export async function mandateCustomer(exec: Exec, studioId: number, customerId: number) {
  const [r] =
    await exec(sql`SELECT c."business_name", c."address", c."postal_code", c."city", c."fiscal_code", c."vat_id",
      c."collection_method", m."id" AS "mandate_id", m."reference", m."iban", m."scheme",
      to_char(m."signature_date", 'YYYY-MM-DD') AS "signature_date", s."id" AS "signature_id"
    FROM "customers" c
    LEFT JOIN LATERAL (SELECT * FROM "sdd_mandates" x
      WHERE x."studio_id" = c."studio_id" AND x."customer_id" = c."id" AND x."deleted_at" IS NULL AND x."status" = 'active'
      ORDER BY x."signature_date" DESC, x."id" DESC LIMIT 1) m ON TRUE
    LEFT JOIN "portal_mandate_signatures" s ON s."mandate_id" = m."id"
    WHERE c."id" = ${customerId} AND c."studio_id" = ${studioId}`);
  if (!r) return null;
  const active: ActiveMandate | null =
    r.mandate_id == null
      ? null
      : {
          id: Number(r.mandate_id),
          reference: String(r.reference),
          iban: String(r.iban),
          scheme: r.scheme === 'B2B' ? 'B2B' : 'CORE',
          signature_date: String(r.signature_date),
          signature_id: r.signature_id == null ? null : Number(r.signature_id),
        };
  return {
    form: {
      business_name: String(r.business_name ?? ''),
      address: str(r.address),
      postal_code: str(r.postal_code),
      city: str(r.city),
      fiscal_code: str(r.fiscal_code),
      vat_id: str(r.vat_id),
    },
    method: str(r.collection_method),
    active,
  };
}
export type MandateCustomerRow = NonNullable<Awaited<ReturnType<typeof mandateCustomer>>>;

/** The studio's address parts and creditor identifier (CID), beside its letterhead. */
export async function creditorOf(exec: Exec, studioId: number) {
  const [r] = await exec(
    sql`SELECT "postal_code", "city", "province", "sdd_creditor_id" FROM "studios" WHERE "id" = ${studioId}`,
  );
  return {
    postal_code: str(r?.postal_code),
    city: str(r?.city),
    province: str(r?.province),
    sdd_creditor_id: str(r?.sdd_creditor_id),
  };
}

/** Locks the customer's row: two signatures at once leave one mandate active. */
export async function lockCustomer(exec: Exec, studioId: number, customerId: number) {
  await exec(sql`SELECT "id" FROM "customers" WHERE "id" = ${customerId} AND "studio_id" = ${studioId} FOR UPDATE`);
}

/** Whether a mandate of the studio (in the trash too: the unique index holds them) has this reference. */
export async function referenceTaken(exec: Exec, studioId: number, reference: string): Promise<boolean> {
  const [r] = await exec(
    sql`SELECT 1 AS "x" FROM "sdd_mandates" WHERE "studio_id" = ${studioId} AND "reference" = ${reference}`,
  );
  return !!r;
}

/** The customer's active mandates (not in the trash), to revoke. */
export async function activeMandates(exec: Exec, studioId: number, customerId: number) {
  const rows = await exec(sql`SELECT "id", "reference", "note" FROM "sdd_mandates"
    WHERE "studio_id" = ${studioId} AND "customer_id" = ${customerId} AND "deleted_at" IS NULL AND "status" = 'active'
    ORDER BY "id"`);
  return rows.map((r) => ({ id: Number(r.id), reference: String(r.reference), note: str(r.note) }));
}

/** The columns of a new mandate. */
export interface NewMandate {
  studio_id: number;
  customer_id: number;
  reference: string;
  iban: string;
  debtor_name: string | null;
  signature_date: string;
  scheme: 'CORE';
  sequence_type: 'FRST';
  status: 'active';
  note: string;
}

/** Writes a new mandate; answers its id. */
export async function insertMandate(exec: Exec, m: NewMandate): Promise<number> {
  const [r] = await exec(sql`INSERT INTO "sdd_mandates" ("studio_id", "customer_id", "reference", "iban", "debtor_name",
      "signature_date", "scheme", "sequence_type", "status", "note")
    VALUES (${m.studio_id}, ${m.customer_id}, ${m.reference}, ${m.iban}, ${m.debtor_name}, ${m.signature_date}::date,
      ${m.scheme}, ${m.sequence_type}, ${m.status}, ${m.note})
    RETURNING "id"`);
  return Number(r!.id);
}

/** Revokes a mandate, its note saying why. */
export async function revokeMandate(exec: Exec, id: number, note: string) {
  await exec(sql`UPDATE "sdd_mandates" SET "status" = 'revoked', "note" = ${note}, "updated_at" = LOCALTIMESTAMP
    WHERE "id" = ${id}`);
}

/** Stores the evidence of a signature; answers its id. */
export async function insertSignature(
  exec: Exec,
  s: {
    studioId: number;
    customerId: number;
    mandateId: number;
    personId: number;
    name: string;
    email: string;
    ip: string | null;
    agent: string | null;
    at: string;
    pdf: Buffer;
    sha256: string;
  },
): Promise<number> {
  const [r] =
    await exec(sql`INSERT INTO "portal_mandate_signatures" ("studio_id", "customer_id", "mandate_id", "person_id",
      "signer_name", "signer_email", "ip", "user_agent", "signed_at", "pdf", "sha256")
    VALUES (${s.studioId}, ${s.customerId}, ${s.mandateId}, ${s.personId}, ${s.name}, ${s.email}, ${s.ip}, ${s.agent},
      ${s.at}::timestamp, ${s.pdf}, ${s.sha256})
    RETURNING "id"`);
  return Number(r!.id);
}

/** A line of the mandate's history ('Storico'), written by the signer in the area (no user of the studio). */
export async function auditMandate(
  exec: Exec,
  studioId: number,
  id: number,
  action: 'create' | 'update',
  byName: string,
  changes: Record<string, [unknown, unknown]>,
) {
  await exec(sql`INSERT INTO "audit_log" ("studio_id", "model", "record_id", "action", "user_id", "user_name", "changes")
    VALUES (${studioId}, 'SddMandate', ${id}, ${action}, NULL, ${byName}, ${JSON.stringify(changes)}::jsonb)`);
}

/** The customer's mandates signed online, newest first, without their bytes. */
export async function signatureRows(
  exec: Exec,
  studioId: number,
  customerId: number,
): Promise<PortalMandateSignature[]> {
  const rows = await exec(sql`SELECT s."id", s."mandate_id", m."reference", m."iban", s."signer_name", s."signer_email",
      to_char(s."signed_at", 'YYYY-MM-DD HH24:MI:SS') AS "signed_at", s."ip", s."user_agent", s."sha256", m."status",
      m."deleted_at" IS NOT NULL AS "trashed"
    FROM "portal_mandate_signatures" s JOIN "sdd_mandates" m ON m."id" = s."mandate_id"
    WHERE s."studio_id" = ${studioId} AND s."customer_id" = ${customerId}
    ORDER BY s."signed_at" DESC, s."id" DESC LIMIT 200`);
  return rows.map((r) => ({
    id: Number(r.id),
    mandate_id: Number(r.mandate_id),
    reference: String(r.reference),
    iban: String(r.iban),
    signer_name: String(r.signer_name),
    signer_email: String(r.signer_email),
    signed_at: String(r.signed_at),
    ip: str(r.ip),
    user_agent: str(r.user_agent),
    sha256: String(r.sha256),
    status: r.status === 'active' ? 'active' : 'revoked',
    trashed: r.trashed === true,
  }));
}

/** One signature of the customer with the PDF as signed, or null (another customer's, another studio's). */
export async function signatureOf(exec: Exec, studioId: number, customerId: number, id: number) {
  const [r] = await exec(sql`SELECT s."id", m."reference", s."pdf", s."sha256"
    FROM "portal_mandate_signatures" s JOIN "sdd_mandates" m ON m."id" = s."mandate_id"
    WHERE s."id" = ${id} AND s."studio_id" = ${studioId} AND s."customer_id" = ${customerId}`);
  if (!r) return null;
  return { id: Number(r.id), reference: String(r.reference), pdf: bytes(r.pdf), sha256: String(r.sha256) };
}
