/**
 * The values of the Word templates' tags (server/areas/wordTemplates/template.ts REPLACE_KEYS) for
 * customers of one studio, read in one statement; and the template's file.
 */
import { sql } from 'drizzle-orm';
import type { Exec } from '../../records/exec.js';
import { idArray } from '../../db/sql.js';
import type { TemplateValues } from './template.js';
import { formatAmount } from '../../../model/types.js';
import { displayDate, today as romeToday } from '../../../model/dates.js';

export interface TemplateCustomer {
  id: number;
  business_name: string;
  email: string | null;
  values: TemplateValues;
}

const text = (v: unknown) => (v == null ? '' : String(v));

/** The studio's active customers among `ids` (by name), each with every tag's value. */
export async function templateCustomers(
  exec: Exec,
  studioId: number,
  ids: number[],
  today: Date = new Date(),
): Promise<TemplateCustomer[]> {
  const rows =
    await exec(sql`SELECT c."id", c."cod", c."business_name", c."vat_id", c."fiscal_code", c."address", c."postal_code", c."city",
      c."pec", c."email", c."telephone", c."mobile_number", c."fax", c."sdi_code", c."yearly_accounting_amount"::text AS "amount",
      c."yearly_number_of_installments" AS "installments", to_char(c."acquisition_date", 'YYYY-MM-DD') AS "acquisition_date",
      ls."description" AS "legal_status",
      l."name" AS "l_name", l."surname" AS "l_surname", l."fiscal_code" AS "l_fiscal_code", l."address" AS "l_address",
      l."postal_code" AS "l_postal_code", l."city" AS "l_city", l."email" AS "l_email", l."pec" AS "l_pec", l."mobile_number" AS "l_mobile",
      s."name" AS "s_name", s."subtitle" AS "s_subtitle", s."address" AS "s_address", s."vat_number" AS "s_vat", s."email" AS "s_email",
      s."tel_number" AS "s_tel", s."mobile_number" AS "s_mobile", s."website" AS "s_website", s."iban" AS "s_iban", s."sign_city" AS "s_sign_city",
      s."manager_title" AS "m_title", s."manager_name" AS "m_name", s."manager_surname" AS "m_surname", s."manager_cf" AS "m_cf",
      s."manager_ordine_commercialisti_number" AS "m_ordine_number", s."manager_ordine_commercialisti_city" AS "m_ordine_city"
    FROM "customers" c
    JOIN "studios" s ON s."id" = c."studio_id"
    LEFT JOIN "legal_statuses" ls ON ls."id" = c."legal_status_id" AND ls."deleted_at" IS NULL
    LEFT JOIN "legal_representatives" l ON l."id" = c."legal_representative_id" AND l."deleted_at" IS NULL
    WHERE c."id" = ANY(${idArray(ids)}) AND c."studio_id" = ${studioId} AND c."deleted_at" IS NULL
    ORDER BY c."business_name", c."id"`);
  const day = romeToday(today); // the studio's day (Rome), not the machine's UTC date
  const now = displayDate(day);
  return rows.map((r) => ({
    id: Number(r.id),
    business_name: text(r.business_name),
    email: r.email ? String(r.email) : null,
    values: {
      cliente_codice: text(r.cod),
      cliente_ragione_sociale: text(r.business_name),
      cliente_partita_iva: text(r.vat_id),
      cliente_codice_fiscale: text(r.fiscal_code),
      cliente_indirizzo: text(r.address),
      cliente_cap: text(r.postal_code),
      cliente_citta: text(r.city),
      cliente_pec: text(r.pec),
      cliente_email: text(r.email),
      cliente_telefono: text(r.telephone),
      cliente_cellulare: text(r.mobile_number),
      cliente_fax: text(r.fax),
      cliente_codice_sdi: text(r.sdi_code),
      cliente_forma_giuridica: text(r.legal_status),
      cliente_tariffa_annuale: r.amount == null ? '' : formatAmount(Number(r.amount)),
      cliente_numero_rate: text(r.installments),
      cliente_data_acquisizione: r.acquisition_date ? displayDate(String(r.acquisition_date)) : '',
      legale_rappresentante_nome: text(r.l_name),
      legale_rappresentante_cognome: text(r.l_surname),
      legale_rappresentante_codice_fiscale: text(r.l_fiscal_code),
      legale_rappresentante_indirizzo: text(r.l_address),
      legale_rappresentante_cap: text(r.l_postal_code),
      legale_rappresentante_citta: text(r.l_city),
      legale_rappresentante_email: text(r.l_email),
      legale_rappresentante_pec: text(r.l_pec),
      legale_rappresentante_cellulare: text(r.l_mobile),
      studio_nome: text(r.s_name),
      studio_sottotitolo: text(r.s_subtitle),
      studio_indirizzo: text(r.s_address),
      studio_partita_iva: text(r.s_vat),
      studio_email: text(r.s_email),
      studio_telefono: text(r.s_tel),
      studio_cellulare: text(r.s_mobile),
      studio_sito_web: text(r.s_website),
      studio_iban: text(r.s_iban),
      studio_citta_firma: text(r.s_sign_city),
      responsabile_titolo: text(r.m_title),
      responsabile_nome: text(r.m_name),
      responsabile_cognome: text(r.m_surname),
      responsabile_codice_fiscale: text(r.m_cf),
      responsabile_ordine_numero: text(r.m_ordine_number),
      responsabile_ordine_citta: text(r.m_ordine_city),
      data_oggi: now,
      anno_corrente: day.slice(0, 4),
    },
  }));
}

export interface TemplateFile {
  id: number;
  title: string;
  attachment: { id: number; original_filename: string; content_type: string; storage_path: string } | null;
}

/** A (not trashed) template with its current file (the newest not marked for deletion), or null. */
export async function templateFile(exec: Exec, id: number): Promise<TemplateFile | null> {
  const [r] =
    await exec(sql`SELECT w."id", w."title", a."id" AS "a_id", a."original_filename", a."content_type", a."storage_path"
    FROM "word_templates" w
    LEFT JOIN LATERAL (SELECT * FROM "attachments" x WHERE x."owner_model" = 'WordTemplate' AND x."owner_id" = w."id" AND NOT x."marked_for_deletion"
      ORDER BY x."id" DESC LIMIT 1) a ON TRUE
    WHERE w."id" = ${id} AND w."deleted_at" IS NULL`);
  if (!r) return null;
  return {
    id: Number(r.id),
    title: String(r.title),
    attachment:
      r.a_id == null
        ? null
        : {
            id: Number(r.a_id),
            original_filename: String(r.original_filename),
            content_type: String(r.content_type),
            storage_path: String(r.storage_path),
          },
  };
}
