/**
 * The customer's declaration for the customers' area (issue 50 item 3):
 * - the PDF to send to be accepted, made as the studio's own download makes it
 *   (documentService.ts amlDeclarationPdf: the same roles — Admin and Collaboratore, the Utente
 *   refused —, the same declaration and file name; another studio's customer not found). Kept apart
 *   from documentService.ts, whose export imports the records' layer that imports this area back;
 * - the declaration accepted in the area kept in the customer's AML file: the PDF as sent, byte for
 *   byte with its SHA-256, as a file of kind 'dichiarazione' (the same kind as a signed declaration
 *   uploaded by the studio) whose description is the evidence of the acceptance — who (the name typed
 *   and the e-mail of the area's person), when, from which address, and who of the studio sent it.
 *   Append-only like every file of the AML file. Called inside the acceptance's transaction: a
 *   failure after the bytes are stored leaves a key no row names, which the storage's sweep removes.
 */
import { sql } from 'drizzle-orm';
import { atLeast } from '../../../model/define.js';
import { displayDateTime } from '../../../model/dates.js';
import type { Ctx } from '../../auth/context.js';
import { forbidden } from '../../errors.js';
import type { Exec } from '../../records/exec.js';
import type { Storage } from '../../storage/index.js';
import { declarationPdf } from './declaration.js';

/** The declaration's PDF as the studio downloads it (GET /api/customer/{id}/aml/declaration.pdf). */
export async function declarationToSend(
  deps: { exec: Exec; storage: Storage },
  ctx: Ctx,
  customerId: number,
  now = new Date(),
): Promise<{ name: string; type: string; body: Buffer }> {
  if (!atLeast(ctx.role, 'Collaboratore')) throw forbidden();
  const d = await declarationPdf(deps.exec, deps.storage, ctx.studioId, customerId, now);
  return { name: d.filename, type: 'application/pdf', body: d.bytes };
}

export interface AcceptedDeclaration {
  studioId: number;
  customerId: number;
  filename: string;
  bytes: Buffer;
  sha256: string;
  /** YYYY-MM-DD HH:MM:SS */
  acceptedAt: string;
  name: string;
  email: string;
  ip: string | null;
  sentAt: string;
  sentBy: string | null;
}

/** The evidence of the acceptance, in Italian, as the file's description. */
export const acceptanceText = (a: AcceptedDeclaration) =>
  `Accettata nell'area clienti il ${displayDateTime(a.acceptedAt)} da ${a.name} (${a.email})` +
  `${a.ip ? `, indirizzo IP ${a.ip}` : ''}; inviata dallo studio il ${displayDateTime(a.sentAt)}` +
  `${a.sentBy ? ` da ${a.sentBy}` : ''}.`;

/**
 * Adds the accepted declaration to the customer's AML file; answers the file's id. No user of the
 * studio added it (created_by empty): the customer's person did, in the area.
 */
export async function keepAcceptedDeclaration(exec: Exec, storage: Storage, a: AcceptedDeclaration): Promise<number> {
  const key = await storage.put(a.bytes, 'aml');
  const [r] =
    await exec(sql`INSERT INTO "aml_files" ("studio_id", "customer_id", "kind", "description", "original_filename",
      "content_type", "size", "sha256", "storage_path", "created_by", "created_by_name")
    VALUES (${a.studioId}, ${a.customerId}, 'dichiarazione', ${acceptanceText(a)}, ${a.filename}, 'application/pdf',
      ${a.bytes.length}, ${a.sha256}, ${key}, ${null}, ${`${a.name} (area clienti)`})
    RETURNING "id"`);
  return Number(r!.id);
}
