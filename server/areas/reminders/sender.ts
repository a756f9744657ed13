/**
 * The sending of one queued reminder (issue 30 item 3), at most once: its letter is made from what
 * is open now (outside any transaction: making PDFs takes time), then in one transaction the
 * reminder is locked, found still 'queued', its e-mail written to the outbox and the reminder
 * marked 'sent' with that e-mail. A second process (or a retried job) finds it 'sent' and writes
 * nothing; a process killed before the commit left it 'queued' for the next one.
 *
 * Before sending, what could have changed since the run is checked again: a customer now marked
 * 'contestato', in an SDD batch not yet settled, or who has paid every overdue item gets no
 * reminder (it is withdrawn); a customer without an e-mail goes back to review with the reason.
 *
 * The e-mail: the level's subject and text (the Word templates' keys and the reminder's own
 * filled in), with 'Sollecito.pdf' (the letter, the open items and the payment notice with the
 * EPC QR code), 'EstrattoConto.pdf' (every movement) and, when the level names one, its Word
 * letter filled for the customer.
 */
import dayjs from 'dayjs';
import Decimal from 'decimal.js';
import type { Database } from '../../db/connection.js';
import { execOn, inTransaction, type Exec } from '../../records/exec.js';
import type { Storage } from '../../storage/index.js';
import { enqueueMails, type MailHandOff, studioMailData } from '../mail/index.js';
import { renderPdf } from '../../render/pdf.js';
import { accountBalances, customerOpenItems } from '../accounts/index.js';
import { accountBalancePdfDoc, customersOf, type DocCustomer, movementText, studioData } from '../documents/index.js';
import { templateCustomers, templateFile, templateFiller } from '../wordTemplates/index.js';
import { safeEntryName } from '../../render/zip.js';
import { FILE_KINDS } from '../../../model/fileKinds.js';
import { today as romeToday } from '../../../model/dates.js';
import {
  fillText,
  reminderMailText,
  reminderPdfDoc,
  reminderValues,
  type ReminderDocData,
  type ReminderItem,
} from './documents.js';
import { reminderLink, reminderToken } from './link.js';
import { backToReview, blockedCustomers, markSent, reminderRow, withdraw } from './queries.js';
import { REMINDER_MESSAGES, storedSettings } from './service.js';
import type { ReminderLevel } from '../../../model/api/reminders.js';

export interface SenderDeps {
  database: Database;
  storage: Storage;
  mail: MailHandOff;
  serverBaseUrl: string;
  secret: string;
}

/** The causale of a reminder's transfer (≤ 140 characters). */
export const remittanceOf = (customer: { business_name: string; vat_id: string | null; fiscal_code: string | null }) =>
  `Saldo scaduto - ${customer.business_name}${customer.vat_id ? ` (P.IVA ${customer.vat_id})` : customer.fiscal_code ? ` (C.F. ${customer.fiscal_code})` : ''}`.slice(
    0,
    140,
  );

/**
 * A customer's open items, as the letter and the customer's page list them: those overdue as of
 * `day` (the letter), or all of them (`day` null: the page).
 */
export async function openItemsOf(
  exec: Exec,
  studioId: number,
  customerId: number,
  day: string | null,
): Promise<ReminderItem[]> {
  return (await customerOpenItems(exec, studioId, customerId))
    .filter((i) => (day === null || i.due < day) && new Decimal(i.open).gt(0))
    .map((i) => ({
      due: i.due,
      description: movementText(i),
      invoice: i.invoice,
      amount: new Decimal(i.amount).toNumber(),
      open: new Decimal(i.open).toNumber(),
      days_overdue: i.days_overdue,
    }));
}

export const sumOpen = (items: ReminderItem[]) =>
  items.reduce((s, i) => s.plus(new Decimal(String(i.open))), new Decimal(0)).toNumber();

/** The letter of a reminder of `level` to the customer, made from its overdue items as of `day`. */
export async function letterOf(
  exec: Exec,
  studioId: number,
  customer: DocCustomer,
  level: number,
  rule: Pick<ReminderLevel, 'subject' | 'text'>,
  items: ReminderItem[],
  day: string,
  link: string | null,
  now = new Date(),
) {
  const studio = await studioData(exec, studioId);
  const mailStudio = await studioMailData(exec, studioId);
  const base: Omit<ReminderDocData, 'subject' | 'text'> = {
    studio,
    customer,
    level,
    day,
    items,
    total: sumOpen(items),
    iban: studio.iban,
    beneficiary: studio.name ?? mailStudio.name ?? '',
    remittance: remittanceOf(customer),
    link,
  };
  const [templateValues] = await templateCustomers(exec, studioId, [customer.id], now);
  const values = { ...templateValues?.values, ...reminderValues(base, level) };
  const doc: ReminderDocData = { ...base, subject: fillText(rule.subject, values), text: fillText(rule.text, values) };
  return { doc, values, studio, mailStudio };
}

export type SendOutcome = 'sent' | 'withdrawn' | 'review' | 'skipped';

/** Sends the reminder if it is still queued (see the file's comment); answers what became of it. */
export async function sendReminder(deps: SenderDeps, id: number, now = new Date()): Promise<SendOutcome> {
  const exec = execOn(deps.database.db);
  const r = await reminderRow(exec, id);
  if (!r || r.status !== 'queued') return 'skipped';
  const studioId = Number(r.studio_id);
  const customerId = Number(r.customer_id);
  const day = romeToday(now);
  const settle = async (fn: (x: Exec) => Promise<void>): Promise<boolean> =>
    inTransaction(deps.database, async (x) => {
      const again = await reminderRow(x, id, true);
      if (!again || again.status !== 'queued') return false;
      await fn(x);
      return true;
    });

  const [customer] = await customersOf(exec, studioId, [customerId]);
  const { contested, presented } = await blockedCustomers(exec, studioId);
  const items = await openItemsOf(exec, studioId, customerId, day);
  const stop = !customer
    ? 'Cliente nel cestino'
    : contested.has(customerId)
      ? REMINDER_MESSAGES.contested
      : presented.has(customerId)
        ? REMINDER_MESSAGES.presented
        : !items.length
          ? REMINDER_MESSAGES.paid
          : null;
  if (stop) return (await settle((x) => withdraw(x, [id], stop).then(() => undefined))) ? 'withdrawn' : 'skipped';
  const email = customer!.email?.trim();
  const settings = await storedSettings(exec, studioId);
  const rule = settings.levels[Number(r.level) - 1];
  const notSendable = !email
    ? REMINDER_MESSAGES.noEmail
    : !rule
      ? `Il livello ${r.level} non è più nelle regole dei solleciti: scartalo o ripristina il livello`
      : null;
  if (notSendable) return (await settle((x) => backToReview(x, id, notSendable))) ? 'review' : 'skipped';

  const expires = dayjs(day).add(settings.link_days, 'day').format('YYYY-MM-DD');
  const link = reminderLink(deps.serverBaseUrl, reminderToken(deps.secret, id, String(r.nonce), expires));
  const { doc, values, studio, mailStudio } = await letterOf(
    exec,
    studioId,
    customer!,
    Number(r.level),
    rule!,
    items,
    day,
    link,
    now,
  );
  // the reminders' run renders in the background: its documents wait behind those a person asked for
  const letter = await renderPdf(await reminderPdfDoc(doc), { batch: true });
  const balance = (await accountBalances(exec, { studioId }, [customerId], null, null)).get(customerId)!;
  const statement = await renderPdf(
    accountBalancePdfDoc({ studio, customer: customer!, balance, from: null, to: null }),
    { batch: true },
  );
  const attachments = [
    { filename: 'Sollecito.pdf', contentType: 'application/pdf', content: letter },
    { filename: 'EstrattoConto.pdf', contentType: 'application/pdf', content: statement },
  ];
  if (rule!.word_template_id) {
    const word = await wordLetter(exec, deps.storage, rule!.word_template_id, values);
    if (word) attachments.push(word);
  }
  const text = reminderMailText(doc, mailStudio);
  let mailIds: number[] = [];
  const sent = await settle(async (x) => {
    mailIds = await enqueueMails(x, [
      {
        studioId,
        kind: 'reminder',
        to: [email!],
        subject: text.subject,
        text: text.text,
        html: text.html,
        attachments,
      },
    ]);
    await markSent(x, id, mailIds[0]!, expires);
  });
  if (!sent) return 'skipped';
  await deps.mail.handOff(mailIds).catch(() => undefined);
  return 'sent';
}

/** The level's Word letter filled for the customer; null when the template or its file is gone. */
async function wordLetter(exec: Exec, storage: Storage, templateId: number, values: Record<string, string>) {
  const t = await templateFile(exec, templateId);
  if (!t?.attachment || t.attachment.content_type !== FILE_KINDS.docx.mime) return null;
  try {
    const fill = await templateFiller(await storage.get(t.attachment.storage_path));
    return {
      filename: `${safeEntryName(t.title, 60)}.docx`,
      contentType: FILE_KINDS.docx.mime,
      content: fill(values),
    };
  } catch {
    return null;
  }
}
