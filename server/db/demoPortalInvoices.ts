/**
 * The demo's invoices of the customers' area (issue 50 item 3): for the demo customer whose people
 * log in (demoPortal.ts), three electronic invoices that SdI has, each with the file it was handed
 * to SdI as (its transmission, made by the product's own FatturaPA writer, numbered after the
 * studio's last file) and its events: of the last year (this month's invoices stay the drafts the
 * demo issues), two delivered ('consegnata') and one not deliverable ('mancata_consegna': in the
 * customer's reserved area of the Agenzia delle Entrate). Numbered after the last number of their
 * year, never dated before the year's last invoice (the numbering follows the dates); not linked
 * to the customer's charges (what he owes stays as the accounts say).
 */
import { sql } from 'drizzle-orm';
import type { Exec } from '../records/exec.js';
import { today as romeToday } from '../../model/dates.js';
import { fromCents } from '../../model/money.js';
import { eDocumentTotals, isWithholdingAgent, payableShares } from '../../model/eDocument.js';
import { eDocumentSources, fatturaPaXml, lastNumber } from '../areas/eDocuments/index.js';

/** an invoice to make: its day, how many of the studio's services and the outcome SdI gave */
interface Planned {
  date: string;
  services: number;
  outcome: 'RC' | 'MC';
}

const STATUS = { RC: 'consegnata', MC: 'mancata_consegna' } as const;
const OUTCOME_TEXT = { RC: 'Ricevuta di consegna', MC: 'Notifica di mancata consegna' } as const;

/** the progressive in a file's name: 5 characters of base 36 (as the sending writes it) */
const progressiveText = (n: number) => n.toString(36).toUpperCase().padStart(5, '0');

/** The day a new invoice of `date`'s year may have: not before the year's last one. */
async function dayFor(exec: Exec, studioId: number, date: string): Promise<string> {
  const [r] = await exec(sql`SELECT to_char(max("date"), 'YYYY-MM-DD') AS "d" FROM "e_documents"
    WHERE "studio_id" = ${studioId} AND "year" = ${Number(date.slice(0, 4))}`);
  const last = r?.d == null ? null : String(r.d);
  return last && last > date ? last : date;
}

export async function seedPortalInvoices(exec: Exec, studioId: number, customerId: number): Promise<void> {
  const [studio] = await exec(
    sql`SELECT "vat_number", "fiscal_code", "fiscal_regime", "withholding_tax", "cassa_previdenza", "stamp_duty_charged" FROM "studios" WHERE "id" = ${studioId}`,
  );
  const [customer] = await exec(
    sql`SELECT "vat_id", "withholding_agent" FROM "customers" WHERE "id" = ${customerId} AND "studio_id" = ${studioId}`,
  );
  const services = await exec(
    sql`SELECT "id", "description", "cost"::text AS "cost" FROM "studio_services" WHERE "studio_id" = ${studioId} AND "cost" > 0 ORDER BY "id" LIMIT 3`,
  );
  const sender = String(studio?.vat_number ?? studio?.fiscal_code ?? '')
    .trim()
    .toUpperCase();
  if (!studio || !customer || !services.length || !sender) return;
  const regime = {
    regime: String(studio.fiscal_regime ?? 'RF01'),
    withholding: Number(studio.withholding_tax) === 1,
    cassa: Number(studio.cassa_previdenza) === 1,
    stampCharged: Number(studio.stamp_duty_charged) === 1,
  };
  const withholds = isWithholdingAgent({
    withholding_agent: customer.withholding_agent as string | null,
    vat_id: customer.vat_id as string | null,
  });
  const today = romeToday();
  const lastYear = Number(today.slice(0, 4)) - 1;
  const planned: Planned[] = [
    { date: `${lastYear}-03-31`, services: 1, outcome: 'RC' },
    { date: `${lastYear}-09-30`, services: 2, outcome: 'MC' },
    { date: `${lastYear}-12-31`, services: 1, outcome: 'RC' },
  ];
  const [p] = await exec(
    sql`SELECT coalesce(max("progressive"), 0) AS "n" FROM "sdi_transmissions" WHERE "studio_id" = ${studioId}`,
  );
  let progressive = Number(p?.n ?? 0);
  for (const [i, plan] of planned.entries()) {
    const date = await dayFor(exec, studioId, plan.date);
    const year = Number(date.slice(0, 4));
    const number = String((await lastNumber(exec, studioId, year)) + 1);
    const rows = Array.from({ length: plan.services }, (_x, k) => {
      const sv = services[(i + k) % services.length]!;
      return {
        studio_service_id: Number(sv.id),
        description: String(sv.description),
        quantity: 1,
        price: String(sv.cost),
        vat: 22,
        nature: null,
      };
    });
    const t = eDocumentTotals({ rows, studio: regime, customer: { withholdingAgent: withholds } });
    const [doc] =
      await exec(sql`INSERT INTO "e_documents" ("studio_id", "type", "number", "date", "year", "customer_id",
        "taxable", "tax", "total", "payable", "sdi_status")
      VALUES (${studioId}, 'TD01', ${number}, ${date}::date, ${year}, ${customerId}, ${fromCents(t.taxable + t.cassa)},
        ${fromCents(t.tax)}, ${fromCents(t.total)}, ${fromCents(t.payable)}, ${STATUS[plan.outcome]}) RETURNING "id"`);
    const id = Number(doc!.id);
    const shares = payableShares(t);
    for (const [k, r] of rows.entries())
      await exec(sql`INSERT INTO "e_document_services" ("e_document_id", "position", "studio_service_id", "description",
          "quantity", "price", "vat", "nature", "payable")
        VALUES (${id}, ${k + 1}, ${r.studio_service_id}, ${r.description}, ${r.quantity}, ${r.price}, ${r.vat}, ${r.nature},
          ${fromCents(shares[k]!)})`);
    // the file as the sending writes it, under the studio's next progressive
    const [source] = await eDocumentSources(exec, studioId, [id]);
    const code = progressiveText(++progressive);
    const fileName = `IT${sender}_${code}.xml`;
    const xml = fatturaPaXml({ ...source!, progressive: code });
    const sentAt = `${date} 10:00:00`;
    const [tr] =
      await exec(sql`INSERT INTO "sdi_transmissions" ("studio_id", "e_document_id", "file_name", "progressive", "xml",
        "number", "document_date", "channel", "channel_id", "status", "outcome", "tries", "created_at", "sent_at", "updated_at")
      VALUES (${studioId}, ${id}, ${fileName}, ${progressive}, ${xml}, ${number}, ${date}::date, 'simulator',
        ${`demo-${studioId}-${code}`}, 'sent', ${plan.outcome}, 1, ${sentAt}::timestamp, ${sentAt}::timestamp, ${sentAt}::timestamp)
      RETURNING "id"`);
    const transmission = Number(tr!.id);
    await exec(sql`INSERT INTO "sdi_events" ("studio_id", "e_document_id", "transmission_id", "kind", "notification_id", "at",
        "description", "file_name", "xml")
      VALUES (${studioId}, ${id}, ${transmission}, 'invio', 'invio', ${sentAt}::timestamp,
        'Tramite il simulatore SdI (prova: nessun invio reale)', ${fileName}, ${xml}),
      (${studioId}, ${id}, ${transmission}, ${plan.outcome}, ${`demo-${code}-${plan.outcome}`}, ${`${date} 10:05:00`}::timestamp,
        ${OUTCOME_TEXT[plan.outcome]}, ${`IT${sender}_${code}_${plan.outcome}_001.xml`}, NULL)`);
  }
}
