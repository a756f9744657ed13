/**
 * The messages of the customers' area (issue 50 item 5): one thread per customer between its people
 * and the studio's staff, with files (checked, scanned and stored as the documents' files are). A new
 * message is notified by e-mail through the outbox — to the customer's people when the studio writes,
 * to the customer's collaborators (else the studio's address) when a person writes — and the e-mail
 * never carries the message's text, only that there is one and where to read it. Each side's reading
 * is remembered (the last message read): the studio's list of unread threads and its home page count,
 * the area's badge.
 */
import { createHash } from 'node:crypto';
import type { AppDeps } from '../../deps.js';
import type { Exec } from '../../records/exec.js';
import { HttpError } from '../../errors.js';
import {
  MESSAGE_FILES_MAX,
  MESSAGE_MAX_CHARS,
  MESSAGE_MESSAGES as M,
  UPLOAD_CUSTOMER_MAX_BYTES,
  UPLOAD_FILE_MAX_BYTES,
  REQUEST_MESSAGES,
} from '../../../model/portal.js';
import { enqueueMails, letter as mailLetter, studioMailData } from '../mail/index.js';
import { screenFiles } from './files.js';
import { insertFile, peopleEmails } from './requestQueries.js';
import { attachToMessage, customerBytes, customerStaff, insertMessage, touchThread } from './messageQueries.js';

export { markRead, threadList, threadOf, unreadIn, unreadThreads, type MessageRow } from './messageQueries.js';
import { portalUrl } from './access.js';

const invalid = (field: string, message: string, status = 422) =>
  new HttpError(status, message, { [field]: [message] });

/** The message's text checked: not empty, at most MESSAGE_MAX_CHARS (never cut). */
export function messageText(raw: unknown): string {
  const body = typeof raw === 'string' ? raw.replace(/\r\n/g, '\n').trim() : '';
  if (!body) throw invalid('body', M.empty);
  if (body.length > MESSAGE_MAX_CHARS) throw invalid('body', M.tooLong);
  return body;
}

/**
 * Writes a message (and its files) and notifies the other side by e-mail, in one transaction; files
 * are checked and scanned before (an infected one refuses the message: nothing written).
 */
export async function postMessage(
  deps: AppDeps,
  m: {
    studioId: number;
    customerId: number;
    side: 'cliente' | 'studio';
    personId: number | null;
    userId: number | null;
    authorName: string;
    body: unknown;
    files: Array<{ name: string; bytes: Buffer }>;
  },
): Promise<number> {
  const body = messageText(m.body);
  if (m.files.length > MESSAGE_FILES_MAX) throw invalid('file', M.tooManyFiles);
  for (const f of m.files)
    if (f.bytes.length > UPLOAD_FILE_MAX_BYTES) throw invalid('file', REQUEST_MESSAGES.fileTooLarge, 413);
  const scanned = await screenFiles(deps.settings, m.files);
  if (scanned.some((s) => s.scan === 'quarantena')) throw invalid('file', REQUEST_MESSAGES.infected);
  const keys: string[] = [];
  let mailIds: number[] = [];
  let id = 0;
  try {
    for (const s of scanned) keys.push(await deps.storage.put(s.bytes, 'portal'));
    await deps.tx(async (exec) => {
      if (scanned.length) {
        const adding = scanned.reduce((n, s) => n + s.bytes.length, 0);
        if ((await customerBytes(exec, m.studioId, m.customerId)) + adding > UPLOAD_CUSTOMER_MAX_BYTES)
          throw invalid('file', REQUEST_MESSAGES.customerFull, 413);
      }
      id = await insertMessage(exec, { ...m, body });
      for (const [i, s] of scanned.entries()) {
        const fileId = await insertFile(exec, {
          studioId: m.studioId,
          customerId: m.customerId,
          itemId: null,
          origin: m.side,
          filename: s.filename,
          contentType: s.contentType,
          kind: s.kind,
          size: s.bytes.length,
          sha256: createHash('sha256').update(s.bytes).digest('hex'),
          key: keys[i]!,
          scan: s.scan,
          scanResult: s.result,
          personId: m.personId,
          byName: m.authorName,
        });
        await attachToMessage(exec, fileId, id);
      }
      // the writer has read his own thread up to his message
      await touchThread(exec, m.studioId, m.customerId, m.side, id);
      mailIds = await notify(exec, deps, m.studioId, m.customerId, m.side);
    });
  } catch (e) {
    await Promise.all(keys.map((k) => deps.storage.remove(k).catch(() => undefined)));
    throw e;
  }
  await deps.mail.handOff(mailIds).catch(() => undefined);
  return id;
}

/** The e-mails that tell the other side there is a new message (never its text). */
async function notify(exec: Exec, deps: AppDeps, studioId: number, customerId: number, from: 'cliente' | 'studio') {
  const studio = await studioMailData(exec, studioId);
  const staff = await customerStaff(exec, studioId, customerId);
  const customerName = staff.customerName;
  let to: string[];
  let paragraphs: string[];
  if (from === 'studio') {
    to = (await peopleEmails(exec, studioId, [customerId])).get(customerId) ?? [];
    paragraphs = [
      `${studio.name ?? 'Lo studio'} le ha scritto un messaggio nell'area clienti di ${customerName}.`,
      'Per leggerlo e rispondere entri nell’area clienti:',
      portalUrl(deps.settings.serverBaseUrl),
    ];
  } else {
    to = staff.emails.length ? staff.emails : studio.email ? [studio.email] : [];
    paragraphs = [
      `${customerName} ha scritto un messaggio nell'area clienti.`,
      'Per leggerlo apra la scheda del cliente, sezione Area clienti, o l’elenco dei messaggi:',
      new URL('/messaggi_clienti', deps.settings.serverBaseUrl).toString(),
    ];
  }
  if (!to.length) return [];
  return enqueueMails(
    exec,
    to.map((addr) => {
      const text = mailLetter(
        studio,
        studio.name ?? 'Lo studio',
        addr,
        `Nuovo messaggio nell'area clienti – ${customerName}`,
        paragraphs,
      );
      return {
        studioId,
        kind: 'portal_message',
        to: [addr],
        subject: text.subject,
        text: text.text,
        html: text.html,
      };
    }),
  );
}
