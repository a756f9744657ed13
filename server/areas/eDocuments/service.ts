/**
 * E-invoices (seed B §3, §5, C51–C57; issue 13): the editor's save with the seed's payload names
 * (studioId, customerId, documentType, documentDate, documentNumber, serviceRows), the header
 * through the records engine (validation, scope, audit, version) and the rows and totals beside
 * it in the same transaction; the number unique in the studio's year even under concurrent saves;
 * the checks of validate_xml; the data of the XML and PDF downloads.
 */
import type { EDocumentData, EDocumentSaveInput, SuggestedNumberQuery } from '../../../model/api/eDocuments.js';
import { getModel } from '../../../model/registry.js';
import {
  EDOCUMENT_MESSAGES as M,
  defaultVat,
  MAX_ROWS,
  rowErrors,
  eDocumentTotals,
  type EDocumentRowInput,
} from '../../../model/eDocument.js';
import { isoDate } from '../../../model/dates.js';
import { oneId } from '../../records/ids.js';
import { fromCents } from '../../../model/money.js';
import type { FieldErrors } from '../../../model/validate.js';
import { can, type Ctx } from '../../auth/context.js';
import { HttpError, MSG, forbidden, notFound } from '../../errors.js';
import { createRecord, getRecord, updateRecord, parseIds, SERVICE_WRITE, type Tx } from '../../records/crud.js';
import { audit } from '../../records/audit.js';
import type { Exec, Row } from '../../records/exec.js';
import {
  correctable,
  eDocumentSources,
  lastNumber,
  lockNumbering,
  numberTaken,
  ownRows,
  rowsOf,
  studioForEditor,
  customerWithholds,
  sentFiles,
  writeRows,
  type EDocumentSource,
  assertEditable,
} from './queries.js';
import { eDocumentProblems, eDocumentWarnings } from './validate.js';
import { fatturaPaXml, fromFatturaPaXml } from './fatturapa.js';
import { xsdErrors } from './xsd.js';
import { safeEntryName } from '../../render/zip.js';

const model = () => getModel('EDocument');

/** payload name → model field, and back (a 422 names the fields the editor sent) */
const FIELDS: Record<string, string> = {
  customerId: 'customer_id',
  documentType: 'type',
  documentDate: 'date',
  documentNumber: 'number',
  correctsId: 'corrects_id',
};
const PAYLOAD_OF = Object.fromEntries(Object.entries(FIELDS).map(([k, v]) => [v, k]));
const LABELS: Record<string, string> = {
  studioId: 'Studio',
  customerId: 'Cliente',
  documentType: 'Tipo',
  documentDate: 'Data',
  documentNumber: 'Numero',
  correctsId: 'Fattura corretta',
  serviceRows: 'Righe',
};
const ROW_LABELS: Record<string, string> = {
  description: 'descrizione',
  quantity: 'quantità',
  price: 'prezzo',
  vat: 'IVA',
  nature: 'natura',
};

/** A 422 whose message says what to fix (the editor shows 'Errore di salvataggio: {message}.'). */
function invalid(errors: FieldErrors): HttpError {
  const lines = Object.entries(errors)
    .slice(0, 3)
    .map(([k, msgs]) => {
      const row = /^serviceRows\.(\d+)\.(\w+)$/.exec(k);
      const label = row ? `Riga ${Number(row[1]) + 1} (${ROW_LABELS[row[2]!] ?? row[2]})` : (LABELS[k] ?? k);
      return `${label}: ${msgs[0]}`;
    });
  return new HttpError(422, lines.join('; ') || MSG.validation, errors);
}

export interface SavedRow extends EDocumentRowInput {
  studio_service_id: number | null;
  /** the stored row it replaces (C51 answers it): a row kept keeps the charge it invoices */
  id: number | null;
}

const absent = (v: unknown) => v === undefined || v === null || v === '';

/** The rows of a payload, checked with the editor's rules (errors keyed serviceRows.{i}.{field}); a row without `vat` takes `byDefault`. */
function rowsOfPayload(
  raw: unknown,
  errors: FieldErrors,
  byDefault: { vat: number; nature: string | null },
): SavedRow[] {
  if (!Array.isArray(raw) || raw.length === 0) {
    errors.serviceRows = [M.noRows];
    return [];
  }
  if (raw.length > MAX_ROWS) {
    errors.serviceRows = [M.tooManyRows];
    return [];
  }
  return raw.map((r: unknown, i) => {
    const given = (r && typeof r === 'object' ? r : {}) as Record<string, unknown>;
    const row = absent(given.vat)
      ? { ...given, vat: byDefault.vat, nature: absent(given.nature) ? byDefault.nature : given.nature }
      : given;
    for (const [field, message] of Object.entries(rowErrors(row))) errors[`serviceRows.${i}.${field}`] = [message!];
    const vat = Number(row.vat);
    return {
      description: typeof row.description === 'string' ? row.description.trim() : '',
      quantity: Number(String(row.quantity ?? '').trim()),
      price: String(row.price ?? '')
        .trim()
        .replace(',', '.'),
      vat,
      nature: vat === 0 && typeof row.nature === 'string' ? row.nature : null,
      studio_service_id: oneId(row.studio_service_id ?? row.studioServiceId),
      id: oneId(row.id),
    };
  });
}

/** The rows' service ids that are the studio's (the others are dropped: a hint, not a link that must hold). */
async function ownServices(exec: Exec, ctx: Ctx, rows: SavedRow[]) {
  const ids = [...new Set(rows.map((r) => r.studio_service_id).filter((x): x is number => !!x))];
  if (!ids.length) return;
  const own = new Set(await ownRows(exec, 'studio_services', ctx.studioId, ids));
  for (const r of rows) if (r.studio_service_id && !own.has(r.studio_service_id)) r.studio_service_id = null;
}

/** Maps the engine's field errors to the payload's names. */
function payloadErrors(e: unknown): unknown {
  if (!(e instanceof HttpError) || e.status !== 422 || !e.errors) return e;
  const errors: FieldErrors = {};
  for (const [k, v] of Object.entries(e.errors)) errors[PAYLOAD_OF[k] ?? k] = v;
  return invalid(errors);
}

/**
 * C52 (id null) and C53: saves the document, its rows and totals in one transaction; answers its
 * id and version.
 */
export async function saveEDocument(
  tx: Tx,
  ctx: Ctx,
  body: EDocumentSaveInput,
  id: number | null,
): Promise<{ eDocumentId: number; updated_at: string; warnings: string[] }> {
  const m = model();
  if (!can(ctx, m, id ? 'update' : 'create')) throw forbidden();
  const regime = await tx(async (exec) => {
    // another studio's document is a 404 before anything else is said about the payload
    if (id) {
      await getRecord(exec, ctx, m, id);
      // sent to SdI: only a credit note changes it (issue 28)
      await assertEditable(exec, [id]);
    }
    return (await studioForEditor(exec, ctx.studioId)).fiscal_regime;
  });
  const errors: FieldErrors = {};
  if (
    body.studioId !== undefined &&
    body.studioId !== null &&
    body.studioId !== '' &&
    oneId(body.studioId) !== ctx.studioId
  )
    errors.studioId = ['Studio non valido'];
  const rows = rowsOfPayload(body.serviceRows, errors, defaultVat(regime));
  const type = body.documentType;
  const correctsId = oneId(body.correctsId);
  // the seeds' payload has no link to the corrected invoice: a TD04 without it is saved (its XML
  // simply has no DatiFattureCollegate, which FatturaPA allows), with a warning
  const warnings = type === 'TD04' && !correctsId ? [M.creditNoteUnlinked] : [];
  const date = isoDate(body.documentDate);
  const number =
    typeof body.documentNumber === 'string'
      ? body.documentNumber.trim()
      : typeof body.documentNumber === 'number'
        ? String(body.documentNumber)
        : body.documentNumber;
  // FatturaPA's Numero is Basic Latin text (String20Type)
  if (typeof number === 'string' && number && !/^[\x20-\x7e]+$/.test(number))
    errors.documentNumber = ['Il numero può contenere solo lettere senza accenti, cifre e simboli come / e -'];
  if (Object.keys(errors).length) throw invalid(errors);
  const input: Row = {
    type,
    number,
    date: date ?? body.documentDate,
    customer_id: body.customerId,
    corrects_id: type === 'TD04' ? correctsId : null,
    ...(body.updated_at !== undefined ? { updated_at: body.updated_at } : {}),
  };
  (input as Record<symbol, unknown>)[SERVICE_WRITE] = true;
  try {
    return await tx(async (exec) => {
      const within: Tx = (fn) => fn(exec);
      if (date && typeof number === 'string' && number) {
        const year = Number(date.slice(0, 4));
        await lockNumbering(exec, ctx.studioId, year);
        if (await numberTaken(exec, ctx.studioId, year, number, id)) {
          throw invalid({
            documentNumber: [
              `Il numero ${number} è già usato nel ${year}: il primo libero è ${(await lastNumber(exec, ctx.studioId, year)) + 1}`,
            ],
          });
        }
      }
      if (type === 'TD04' && correctsId) {
        const k = await correctable(exec, ctx.studioId, correctsId);
        if (!k || k.customer_id !== oneId(body.customerId) || correctsId === id)
          throw invalid({ correctsId: ['Scegli una fattura (TD01) dello stesso cliente'] });
      }
      await ownServices(exec, ctx, rows);
      const before = id ? ((await rowsOf(exec, [id])).get(id) ?? []) : null;
      const row = id ? await updateRecord(within, ctx, m, id, input) : await createRecord(within, ctx, m, input);
      const docId = Number(row.id);
      const s = await studioForEditor(exec, ctx.studioId);
      await writeRows(
        exec,
        docId,
        rows,
        eDocumentTotals({
          rows,
          studio: {
            regime: s.fiscal_regime,
            withholding: s.withholding_tax,
            cassa: s.cassa_previdenza,
            stampCharged: s.stamp_duty_charged,
          },
          customer: { withholdingAgent: await customerWithholds(exec, ctx.studioId, Number(row.customer_id)) },
        }),
      );
      const plain = (list: Array<EDocumentRowInput & { studio_service_id?: number | null }>) =>
        list.map((r) => ({
          description: r.description,
          quantity: r.quantity,
          price: Number(r.price).toFixed(2),
          vat: Number(r.vat),
          nature: r.nature ?? null,
        }));
      if (before && JSON.stringify(plain(before)) !== JSON.stringify(plain(rows))) {
        await audit(exec, ctx, m, docId, 'update', { serviceRows: [plain(before), plain(rows)] });
      }
      const saved = await getRecord(exec, ctx, m, docId);
      return { eDocumentId: docId, updated_at: String(saved.updated_at), warnings };
    });
  } catch (e) {
    throw payloadErrors(e);
  }
}

/** C51: the document with its rows, in the editor's names; 404 when it is not the studio's. */
export async function readEDocument(exec: Exec, ctx: Ctx, rawId: unknown): Promise<EDocumentData> {
  const m = model();
  if (!can(ctx, m, 'view')) throw forbidden();
  const row = await getRecord(exec, ctx, m, rawId);
  const id = Number(row.id);
  const [src] = await eDocumentSources(exec, ctx.studioId, [id]);
  if (!src) throw notFound();
  const rows = src.rows as Array<EDocumentRowInput & { id: number; studio_service_id: number | null }>;
  const t = eDocumentTotals({ rows, studio: src.studio, customer: src.customer });
  return {
    id,
    studioId: Number(row.studio_id),
    customerId: Number(row.customer_id),
    customer: { id: Number(row.customer_id), business_name: src.business_name },
    documentType: documentTypeOf(row.type),
    documentDate: String(row.date),
    documentNumber: String(row.number),
    correctsId: row.corrects_id == null ? null : Number(row.corrects_id),
    corrects: src.corrects ?? null,
    serviceRows: rows.map((r) => ({
      id: r.id,
      studio_service_id: r.studio_service_id,
      description: r.description,
      quantity: r.quantity,
      price: r.price,
      vat: r.vat,
      nature: r.nature ?? null,
    })),
    totals: {
      taxable: fromCents(t.taxable),
      cassa: fromCents(t.cassa),
      tax: fromCents(t.tax),
      withholding: fromCents(t.withholding),
      stampDuty: fromCents(t.stampDuty),
      total: fromCents(t.total),
      payable: fromCents(t.payable),
    },
    trashed: !!row.deleted_at,
    updated_at: String(row.updated_at),
  };
}

/** A stored document type: TD01 or TD04 (every write checks it; anything else is a broken row). */
function documentTypeOf(v: unknown): 'TD01' | 'TD04' {
  if (v === 'TD01' || v === 'TD04') return v;
  throw new Error(`e_documents.type non previsto: ${String(v)}`);
}

/** C54: the last number of the studio's year + 1 (year of `date`, else `year`, else this year). */
export async function suggestedNumber(
  exec: Exec,
  ctx: Ctx,
  q: SuggestedNumberQuery,
  now = new Date(),
): Promise<string> {
  if (!can(ctx, model(), 'view')) throw forbidden();
  const d = isoDate(q.date);
  const y = d
    ? Number(d.slice(0, 4))
    : /^\d{4}$/.test(String(q.year ?? ''))
      ? Number(q.year)
      : Number(now.toLocaleString('sv-SE', { timeZone: 'Europe/Rome' }).slice(0, 4));
  return String((await lastNumber(exec, ctx.studioId, y)) + 1);
}

/** What the editor needs of the studio before it may save (regime, withholding, cassa: the live totals). */
export async function editorStudio(exec: Exec, ctx: Ctx) {
  if (!can(ctx, model(), 'view')) throw forbidden();
  return studioForEditor(exec, ctx.studioId);
}

/** The documents (scope checked: any id not the studio's is a 404), in the order asked. */
export async function sourcesOf(exec: Exec, ctx: Ctx, rawIds: string): Promise<EDocumentSource[]> {
  if (!can(ctx, model(), 'view')) throw forbidden();
  const ids = parseIds(rawIds);
  const out = await eDocumentSources(exec, ctx.studioId, ids);
  if (out.length !== new Set(ids).size) throw notFound();
  return out;
}

/** type_businessname_id.xml (seed B §7), safe as a file and zip entry name. */
export const xmlName = (d: EDocumentSource, ext = 'xml') =>
  `${d.type}_${safeEntryName(d.business_name, 80)}_${d.id}.${ext}`;

/** C55: the problems of one document: the product's own rules, and the official schema when configured. */
export async function validateEDocument(
  d: EDocumentSource,
  xsdPath?: string,
): Promise<{ valid: boolean; message: string; details: string[]; warnings: string[] }> {
  const details = eDocumentProblems(d);
  if (!details.length && xsdPath)
    details.push(...(await xsdErrors(fatturaPaXml(d), xsdPath)).map((e) => `Schema FatturaPA: ${e}`));
  const warnings = eDocumentWarnings(d);
  return details.length
    ? {
        valid: false,
        message: `La fattura ${d.number} non è valida: ${details.length === 1 ? "c'è un problema da correggere" : `ci sono ${details.length} problemi da correggere`}`,
        details,
        warnings,
      }
    : {
        valid: true,
        message: `La fattura ${d.number} è valida${warnings.length ? ` (attenzione: ${warnings.join('; ')})` : ''}`,
        details: [],
        warnings,
      };
}

/** A document to download: its data and its XML — for a document sent to SdI, the file as it was sent. */
export interface Downloadable {
  source: EDocumentSource;
  xml: string;
}

/**
 * The documents of a download (C56, C57, the PDF copy): a document SdI has is the file it was sent
 * as, byte for byte, and its data read back from that file (the name, the PDF), whatever changed
 * since in the customer or the studio (issue 45 item 6); any other document is made from today's
 * data and must pass the product's rules.
 */
export async function downloadables(exec: Exec, ctx: Ctx, rawIds: string): Promise<Downloadable[]> {
  const docs = await sourcesOf(exec, ctx, rawIds);
  const sent = await sentFiles(
    exec,
    ctx.studioId,
    docs.map((d) => d.id),
  );
  return docs.map((d) => {
    const file = sent.get(d.id);
    if (!file) return { source: d, xml: xmlOf(d) };
    const data = fromFatturaPaXml(file.xml, d.id);
    return { source: { ...data, customer_id: d.customer_id, business_name: data.customer.name }, xml: file.xml };
  });
}

/** The XML of a document that passes the product's rules; else 422 naming what to fix. */
export function xmlOf(d: EDocumentSource): string {
  const problems = eDocumentProblems(d);
  if (problems.length)
    throw new HttpError(
      422,
      `La fattura ${d.number} (${d.business_name}) non può essere scaricata: ${problems.join('; ')}`,
    );
  return fatturaPaXml(d);
}
