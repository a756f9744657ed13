/**
 * Word templates filled for customers (seed B §7: C36, C37): the template's current file, the
 * customers of the caller's studio with every tag's value, one .docx each. A template without a
 * file, in the old .doc format, or that cannot be filled answers 422 with what to do.
 */
import type { Ctx } from '../../auth/context.js';
import { can } from '../../auth/context.js';
import type { Exec } from '../../records/exec.js';
import type { Storage } from '../../storage/index.js';
import { HttpError, MSG, forbidden, notFound } from '../../errors.js';
import { getModel } from '../../../model/registry.js';
import { customerIds } from '../accounts/index.js';
import { templateCustomers, templateFile, type TemplateCustomer } from './queries.js';
import { templateFiller } from './template.js';
import { FILE_KINDS } from '../../../model/fileKinds.js';
import { safeEntryName } from '../../render/zip.js';
import {
  emailMessage,
  emailProblems,
  limitCount,
  type MailDeps,
  queue,
  type QueuedAnswer,
} from '../documents/index.js';
import { type OutgoingMail, studioMailData } from '../mail/index.js';
import { wordTemplateMail } from './mail.js';

export interface FilledTemplates {
  title: string;
  customers: TemplateCustomer[];
  /** the filled .docx of one customer */
  fill(c: TemplateCustomer): Buffer;
  /** its file name: '{title}_{customer}.docx' */
  nameOf(c: TemplateCustomer): string;
}

export async function filledTemplates(
  exec: Exec,
  storage: Storage,
  ctx: Ctx,
  rawId: string,
  q: Record<string, unknown>,
): Promise<FilledTemplates> {
  if (!can(ctx, getModel('WordTemplate'), 'view') || !can(ctx, getModel('Customer'), 'view')) throw forbidden();
  const id = /^\d{1,9}$/.test(rawId) ? Number(rawId) : NaN;
  if (!Number.isInteger(id)) throw notFound();
  let ids: number[];
  try {
    ids = customerIds(q.customer_ids ?? q.customers_ids, 'customer_ids');
  } catch (e) {
    if (e instanceof HttpError && e.errors)
      throw new HttpError(422, MSG.validation, { customer_ids: ['Attenzione scegli almeno un cliente'] });
    throw e;
  }
  const template = await templateFile(exec, id);
  if (!template) throw notFound();
  const customers = await templateCustomers(exec, ctx.studioId, ids);
  if (customers.length !== ids.length) throw notFound();
  const file = template.attachment;
  if (!file) throw new HttpError(422, 'Il modello non ha un file Word: caricalo nella scheda del modello');
  if (file.content_type !== FILE_KINDS.docx.mime) {
    throw new HttpError(
      422,
      'Il modello è un file .doc (Word 97-2003), che non si può compilare: aprilo con Word, salvalo come .docx e caricalo di nuovo',
    );
  }
  let bytes: Buffer;
  try {
    bytes = await storage.get(file.storage_path);
  } catch {
    throw new HttpError(422, 'Il file del modello non è più disponibile: caricalo di nuovo nella scheda del modello');
  }
  const title = template.title;
  const fill = await templateFiller(bytes);
  return {
    title,
    customers,
    fill: (c) => fill(c.values),
    nameOf: (c) => `${safeEntryName(title, 60)}_${safeEntryName(c.business_name, 80)}.docx`,
  };
}

/**
 * C36: the template filled for each customer and e-mailed to it (the .docx attached), queued in
 * the outbox in one transaction after every document was made; a customer without a valid
 * e-mail is a 422 naming it, and nothing is queued.
 */
export async function emailFilledTemplates(
  deps: MailDeps & { storage: Storage },
  ctx: Ctx,
  rawId: string,
  q: Record<string, unknown>,
): Promise<QueuedAnswer> {
  limitCount(q.customer_ids ?? q.customers_ids, 'customer_ids');
  const t = await filledTemplates(deps.exec, deps.storage, ctx, rawId, q);
  const problems = emailProblems(t.customers);
  if (problems.length) throw new HttpError(422, emailMessage(problems), { customer_ids: problems });
  const studio = await studioMailData(deps.exec, ctx.studioId);
  const mails: OutgoingMail[] = t.customers.map((c) => {
    const text = wordTemplateMail(t.title, c.business_name, studio, ctx.studioName);
    return {
      studioId: ctx.studioId,
      kind: 'word_template',
      to: [c.email!.trim()],
      subject: text.subject,
      text: text.text,
      html: text.html,
      attachments: [{ filename: t.nameOf(c), contentType: FILE_KINDS.docx.mime, content: t.fill(c) }],
      createdBy: ctx.userId,
    };
  });
  return queue(deps, mails);
}
