/**
 * What the studio's documents print, read in a few statements scoped to the caller's studio:
 * the studio's header data, the chosen customers, a service with the IBAN it is paid to.
 */
import { sql } from 'drizzle-orm';
import type { Exec } from '../../records/exec.js';
import { idArray } from '../../db/sql.js';
import { invoicePayment, type InvoicePayment } from '../../../model/collectionMethod.js';
import { customerPaymentColumns } from '../eDocuments/index.js';

const text = (v: unknown) => (v == null || v === '' ? null : String(v));

/** The studio's letterhead (the studio area's), read here by the documents area's callers. */
export { studioData } from '../studio/index.js';

/** What a document prints of its addressee: the customer's name, address and tax ids. */
export interface CustomerAddress {
  business_name: string;
  address: string | null;
  postal_code: string | null;
  city: string | null;
  vat_id: string | null;
  fiscal_code: string | null;
}

export interface DocCustomer extends CustomerAddress {
  id: number;
  cod: string | null;
  email: string | null;
  pec: string | null;
  /** how he pays (issue 47 item 5): what his payment notice says */
  payment: InvoicePayment;
}

/** The studio's active (not trashed) customers among `ids`, by name. */
export async function customersOf(exec: Exec, studioId: number, ids: number[]): Promise<DocCustomer[]> {
  const rows =
    await exec(sql`SELECT c."id", c."cod", c."business_name", c."address", c."postal_code", c."city", c."vat_id", c."fiscal_code",
      c."email", c."pec", ${customerPaymentColumns('c')}
    FROM "customers" c WHERE c."id" = ANY(${idArray(ids)}) AND c."studio_id" = ${studioId} AND c."deleted_at" IS NULL
    ORDER BY c."business_name", c."id"`);
  return rows.map((r) => ({
    id: Number(r.id),
    cod: text(r.cod),
    business_name: String(r.business_name ?? ''),
    address: text(r.address),
    postal_code: text(r.postal_code),
    city: text(r.city),
    vat_id: text(r.vat_id),
    fiscal_code: text(r.fiscal_code),
    email: text(r.email),
    pec: text(r.pec),
    payment: invoicePayment({
      method: text(r.collection_method),
      mandateScheme: text(r.mandate_scheme),
      bankIban: text(r.bank_iban),
    }),
  }));
}

/** A service of the studio with the bank account it is paid to (when it has one). */
export async function serviceOf(exec: Exec, studioId: number, id: number) {
  const [r] =
    await exec(sql`SELECT s."id", s."cod", s."description", s."cost", b."name" AS "bank_name", b."iban" AS "bank_iban"
    FROM "studio_services" s LEFT JOIN "bank_accounts" b ON b."id" = s."bank_account_id" AND b."deleted_at" IS NULL
    WHERE s."id" = ${id} AND s."studio_id" = ${studioId} AND s."deleted_at" IS NULL`);
  if (!r) return null;
  return {
    id: Number(r.id),
    cod: text(r.cod),
    description: String(r.description ?? ''),
    cost: Number(r.cost ?? 0),
    bank_name: text(r.bank_name),
    bank_iban: text(r.bank_iban),
  };
}

/** The legal representative of a customer of the studio (name and fiscal code), if any. */
export async function legalRepresentativeOf(exec: Exec, studioId: number, customerId: number) {
  const [r] = await exec(sql`SELECT l."name", l."surname", l."fiscal_code" FROM "customers" c
    JOIN "legal_representatives" l ON l."id" = c."legal_representative_id" AND l."deleted_at" IS NULL
    WHERE c."id" = ${customerId} AND c."studio_id" = ${studioId}`);
  if (!r) return null;
  return { name: [r.name, r.surname].filter(Boolean).join(' '), fiscal_code: text(r.fiscal_code) };
}

/** What a contract prints of the studio's manager (seed B §3). */
export async function studioManager(exec: Exec, studioId: number) {
  const [m] =
    await exec(sql`SELECT "manager_title", "manager_name", "manager_surname", "manager_cf", to_char("manager_birth_date", 'YYYY-MM-DD') AS "manager_birth_date",
      "manager_birth_city", "manager_ordine_commercialisti_number", "manager_ordine_commercialisti_city", "manager_ordine_commercialisti_name", "sign_city"
    FROM "studios" WHERE "id" = ${studioId}`);
  return Object.fromEntries(Object.entries(m ?? {}).map(([k, v]) => [k, text(v)])) as Record<string, string | null>;
}

/** The fee data of a customer: yearly amount, installments a year, acquisition date. */
export async function customerFee(exec: Exec, studioId: number, customerId: number) {
  const [r] =
    await exec(sql`SELECT "yearly_accounting_amount"::text AS "amount", "yearly_number_of_installments" AS "n", to_char("acquisition_date", 'YYYY-MM-DD') AS "since"
    FROM "customers" WHERE "id" = ${customerId} AND "studio_id" = ${studioId}`);
  return { amount: Number(r?.amount ?? 0), installments: Number(r?.n ?? 1) || 1, since: text(r?.since) };
}
