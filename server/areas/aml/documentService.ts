/**
 * The AML file's documents (issue 48 item 4): the customer's declaration (PDF and Word), the whole
 * file as one PDF, the export for an inspection (zip). Admin and Collaboratore, as the file itself
 * (service.ts); the Utente is refused, another studio's customer is not found. The Admin's notes
 * enter the file's PDF, and so the export, only when the caller is the Admin.
 */
import { atLeast } from '../../../model/define.js';
import type { Ctx } from '../../auth/context.js';
import { HttpError, forbidden, notFound } from '../../errors.js';
import type { Exec } from '../../records/exec.js';
import { pathId } from '../../records/ids.js';
import { renderPdf } from '../../render/pdf.js';
import type { Storage } from '../../storage/index.js';
import { assessmentsOf, filesOf, identificationsOf, notesOf } from './amlQueries.js';
import { amlFileName, declarationDocx, declarationPdf } from './declaration.js';
import { amlDocCustomer, amlFileKeys } from './documentQueries.js';
import { studioData } from '../studio/index.js';
import { AML_EXPORT_MAX_BYTES, AML_EXPORT_MESSAGES, exportZip } from './exportZip.js';
import { amlFilePdfDoc, type AmlFileData } from './filePdf.js';

export interface AmlDocumentDeps {
  exec: Exec;
  storage: Storage;
}

/** A document to download: its name, type and bytes (or the zip's stream). */
export interface AmlDownload<B = Buffer> {
  name: string;
  type: string;
  body: B;
}

export const PDF = 'application/pdf';
export const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** Admin and Collaboratore keep the AML file; the Utente sees nothing of it. */
function allow(ctx: Ctx) {
  if (!atLeast(ctx.role, 'Collaboratore')) throw forbidden();
}

/** GET /api/customer/:id/aml/declaration.pdf */
export async function amlDeclarationPdf(
  deps: AmlDocumentDeps,
  ctx: Ctx,
  raw: unknown,
  now = new Date(),
): Promise<AmlDownload> {
  allow(ctx);
  const d = await declarationPdf(deps.exec, deps.storage, ctx.studioId, pathId(raw), now);
  return { name: d.filename, type: PDF, body: d.bytes };
}

/** GET /api/customer/:id/aml/declaration.docx */
export async function amlDeclarationDocx(
  deps: AmlDocumentDeps,
  ctx: Ctx,
  raw: unknown,
  now = new Date(),
): Promise<AmlDownload> {
  allow(ctx);
  const d = await declarationDocx(deps.exec, ctx.studioId, pathId(raw), now);
  return { name: d.filename, type: DOCX, body: d.bytes };
}

/** The data of the file's PDF; the notes only for the Admin. 404 when not the studio's customer. */
async function amlFileData(exec: Exec, ctx: Ctx, customerId: number): Promise<AmlFileData> {
  const customer = await amlDocCustomer(exec, ctx.studioId, customerId);
  if (!customer) throw notFound();
  const admin = atLeast(ctx.role, 'Admin');
  const [studio, identifications, assessments, files, notes] = await Promise.all([
    studioData(exec, ctx.studioId),
    identificationsOf(exec, ctx.studioId, customerId),
    assessmentsOf(exec, ctx.studioId, customerId),
    filesOf(exec, ctx.studioId, customerId),
    admin ? notesOf(exec, ctx.studioId, customerId) : Promise.resolve(null),
  ]);
  return { studio, customer, identifications, assessments, files, notes, printedBy: ctx.name };
}

/** GET /api/customer/:id/aml/file.pdf */
export async function amlFilePdf(
  deps: AmlDocumentDeps,
  ctx: Ctx,
  raw: unknown,
  now = new Date(),
): Promise<AmlDownload> {
  allow(ctx);
  const d = await amlFileData(deps.exec, ctx, pathId(raw));
  return {
    name: amlFileName('Fascicolo_antiriciclaggio', d.customer.business_name, 'pdf'),
    type: PDF,
    body: await renderPdf(amlFilePdfDoc(d, now)),
  };
}

/**
 * GET /api/customer/:id/aml/export.zip: the file's PDF, the declaration and every attachment with
 * its index; 413 before anything is sent when it would exceed AML_EXPORT_MAX_BYTES.
 */
export async function amlExportZip(
  deps: AmlDocumentDeps,
  ctx: Ctx,
  raw: unknown,
  now = new Date(),
): Promise<AmlDownload<NodeJS.ReadableStream>> {
  allow(ctx);
  const id = pathId(raw);
  const data = await amlFileData(deps.exec, ctx, id);
  const keys = await amlFileKeys(deps.exec, ctx.studioId, id);
  const attachments = keys.reduce((n, k) => n + k.size, 0);
  if (attachments > AML_EXPORT_MAX_BYTES) throw new HttpError(413, AML_EXPORT_MESSAGES.tooLarge);
  const [filePdf, declaration] = await Promise.all([
    renderPdf(amlFilePdfDoc(data, now), { batch: true }),
    declarationPdf(deps.exec, deps.storage, ctx.studioId, id, now, { batch: true }),
  ]);
  if (attachments + filePdf.length + declaration.bytes.length > AML_EXPORT_MAX_BYTES)
    throw new HttpError(413, AML_EXPORT_MESSAGES.tooLarge);
  const where = new Map(keys.map((k) => [k.id, k.storage_path]));
  const archive = await exportZip({
    filePdf,
    declarationPdf: declaration.bytes,
    files: data.files,
    read: (fileId) => {
      const key = where.get(fileId);
      return key ? deps.storage.get(key) : Promise.reject(new Error('not stored'));
    },
  });
  return {
    name: amlFileName('Fascicolo_antiriciclaggio', data.customer.business_name, 'zip'),
    type: 'application/zip',
    body: archive,
  };
}
