/**
 * The demo's AML declaration to accept in the customers' area (issue 50 item 3): the main demo
 * customer of the area (server/db/demoPortal.ts, whose person is DEMO_PORTAL_LOGIN) has been sent
 * its declaration for the due diligence two days ago, as the studio's 'Invia la dichiarazione da
 * accettare' stores it (the PDF as the studio downloads it, with its SHA-256), not yet opened nor
 * accepted. No e-mail: the demo's outbox stays as the other seeds leave it.
 */
import { createHash } from 'node:crypto';
import type { Exec } from '../records/exec.js';
import { addDays, today as romeToday } from '../../model/dates.js';
import { declarationPdf, DECLARATION_TITLE } from '../areas/aml/index.js';
import { insertDeclaration } from '../areas/portal/declarationQueries.js';

export async function seedPortalDeclarations(
  exec: Exec,
  studioId: number,
  customerId: number,
  admin: { id: number; name: string },
) {
  const pdf = await declarationPdf(exec, null, studioId, customerId, new Date(), { batch: true });
  await insertDeclaration(exec, {
    studioId,
    customerId,
    title: DECLARATION_TITLE,
    filename: pdf.filename,
    pdf: pdf.bytes,
    sha256: createHash('sha256').update(pdf.bytes).digest('hex'),
    by: admin.id,
    byName: admin.name,
    sentAt: `${addDays(romeToday(), -2)} 09:30:00`,
  });
}
