/**
 * The engagement letter and the engagement's state (issue 49 item 2), the work of the engagement's
 * named actions (server/models/EngagementActions.ts) and of the studio's letter template
 * (letterRoutes.ts):
 *
 * - the letter in PDF and in Word (the studio's template or the built-in one), made now;
 * - send: the PDF made now is stored as sent (storage, SHA-256, a row of engagement_letters with the
 *   link's nonce and expiry), e-mailed through the outbox with the PDF attached and the customer's
 *   signed link; draft or sent → sent. Sending again makes a new letter: the older links stop
 *   accepting (the customer's page accepts only the newest);
 * - mark signed: the scan of the letter signed on paper (PDF, JPEG or PNG by its content, 10 MB),
 *   stored with its SHA-256; draft or sent → signed;
 * - back to draft (sent → draft), end (signed → ended on a date, not before the start; an
 *   open-ended engagement not before today + the notice, unless ended by mutual consent);
 * - the letters: those sent and the scans, with who opened and accepted them.
 *
 * Each action is all or nothing (one transaction; a stored file is removed when it fails) and
 * writes the engagement's audit row. The engagement's write role (Collaboratore and above) acts on
 * the engagements it may see; the template is the Admin's.
 */
import { createHash } from 'node:crypto';
import { atLeast } from '../../../model/define.js';
import { getModel } from '../../../model/registry.js';
import { addDays, displayDate, isoDate, nowDateTime, today as romeToday } from '../../../model/dates.js';
import { FILE_KINDS } from '../../../model/fileKinds.js';
import type { FileKind } from '../../../model/define.js';
import {
  LETTER_MESSAGES,
  type EngagementEndInput,
  type EngagementLetter,
  type EngagementLetters,
  type LetterLinkState,
  type LetterTemplateAnswer,
} from '../../../model/api/engagementLetters.js';
import type { AppDeps } from '../../deps.js';
import type { Ctx } from '../../auth/context.js';
import { can } from '../../auth/context.js';
import { HttpError, forbidden, notFound } from '../../errors.js';
import { pathId } from '../../records/ids.js';
import type { Download } from '../../routes/download.js';
import { kindOf } from '../../storage/kinds.js';
import { enqueueMails, letter as mailLetter, studioMailData } from '../mail/index.js';
import { letterData, letterFileName, LETTER_KEYS, SERVICE_KEYS, type LetterData } from './letterData.js';
import { letterPdf } from './letterPdf.js';
import { builtInLetterTemplate, letterDocx } from './letterDocx.js';
import { checkLetterTemplate } from './letterTemplate.js';
import { LETTER_LINK_DAYS, letterLink, letterNonce, letterToken } from './letterLink.js';
import {
  changeState,
  deleteLetterTemplate,
  insertLetter,
  letterCustomer,
  letterOfEngagement,
  lettersOf,
  letterTemplateRow,
  putLetterTemplate,
  serviceCount,
  setLetterMail,
  visibleEngagement,
  type EngagementRow,
  type LetterRow,
} from './letterQueries.js';

export const PDF = 'application/pdf';
export const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/** The scan of a signed letter, and the studio's Word template: at most 10 MB. */
export const LETTER_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
const SCAN_KINDS: FileKind[] = ['pdf', 'jpeg', 'png'];

type Deps = Pick<AppDeps, 'exec' | 'tx' | 'storage' | 'mail' | 'settings'>;

const model = () => getModel('Engagement');
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const invalid = (field: string, message: string) => new HttpError(422, message, { [field]: [message] });

/** Reading the engagement's letters: whoever may see engagements. */
function allowRead(ctx: Ctx) {
  if (!can(ctx, model(), 'view')) throw forbidden();
}
/** Changing the engagement's state: its write role (Collaboratore and above). */
function allowWrite(ctx: Ctx) {
  if (!atLeast(ctx.role, model().access.write) || !can(ctx, model(), 'update')) throw forbidden();
}

/** The engagement of the path's id as the caller may see it (404 otherwise). */
async function engagementOf(deps: Pick<Deps, 'exec'>, ctx: Ctx, raw: unknown): Promise<EngagementRow> {
  const e = await visibleEngagement(deps.exec, ctx, pathId(raw));
  if (!e) throw notFound();
  return e;
}

/** The studio's Word template of the letter (its bytes), or null for the built-in one. */
async function studioTemplate(deps: Pick<Deps, 'exec' | 'storage'>, studioId: number): Promise<Buffer | null> {
  const t = await letterTemplateRow(deps.exec, studioId);
  return t ? deps.storage.get(t.storage_path) : null;
}

// ---------------------------------------------------------------------------------------------
// the documents

/** GET …/actions/letter_pdf: the letter as it would be sent now. */
export async function engagementLetterPdf(deps: Deps, ctx: Ctx, raw: unknown, now = new Date()): Promise<Download> {
  allowRead(ctx);
  const d = await letterData(deps.exec, await engagementOf(deps, ctx, raw), now);
  return { name: letterFileName(d, 'pdf'), type: PDF, body: await letterPdf(d) };
}

/** GET …/actions/letter_docx: the letter in Word (the studio's template, else the built-in one). */
export async function engagementLetterDocx(deps: Deps, ctx: Ctx, raw: unknown, now = new Date()): Promise<Download> {
  allowRead(ctx);
  const e = await engagementOf(deps, ctx, raw);
  const [d, template] = await Promise.all([letterData(deps.exec, e, now), studioTemplate(deps, e.studio_id)]);
  const f = await letterDocx(d, template);
  return { name: f.filename, type: DOCX, body: f.bytes };
}

/** GET …/actions/letter_file?letter_id=: a letter as sent, or a scan as uploaded, byte for byte. */
export async function engagementLetterFile(deps: Deps, ctx: Ctx, raw: unknown, rawLetter: unknown): Promise<Download> {
  allowRead(ctx);
  const e = await engagementOf(deps, ctx, raw);
  const l = await letterOfEngagement(deps.exec, e.studio_id, e.id, pathId(rawLetter));
  if (!l) throw notFound();
  return { name: l.filename, type: l.content_type, body: await deps.storage.get(l.storage_path) };
}

// ---------------------------------------------------------------------------------------------
// the letters and the state

/** Whether a letter's link still accepts, and why not. */
export function linkState(l: LetterRow, status: string, day: string): LetterLinkState | null {
  if (l.kind !== 'mail') return null;
  if (l.accepted_at) return 'accepted';
  if (l.newest_mail_id !== null && l.id !== l.newest_mail_id) return 'superseded';
  if (l.link_expires && l.link_expires < day) return 'expired';
  if (status !== 'sent') return 'closed';
  return 'open';
}

const recipientOf = (c: { email: string | null; pec: string | null } | null) => c?.email || c?.pec || null;

async function lettersAnswer(deps: Pick<Deps, 'exec'>, e: EngagementRow, now = new Date()): Promise<EngagementLetters> {
  const [rows, customer, services, template] = await Promise.all([
    lettersOf(deps.exec, e.studio_id, e.id),
    letterCustomer(deps.exec, e.studio_id, e.customer_id),
    serviceCount(deps.exec, e.studio_id, e.id),
    letterTemplateRow(deps.exec, e.studio_id),
  ]);
  const day = romeToday(now);
  const letters: EngagementLetter[] = rows.map((l) => ({
    id: l.id,
    kind: l.kind,
    filename: l.filename,
    size: l.size,
    sha256: l.sha256,
    recipient: l.recipient,
    mail_id: l.mail_id,
    mail_status: l.mail_status,
    link_expires: l.link_expires,
    link_state: linkState(l, e.status, day),
    opened_at: l.opened_at,
    accepted_at: l.accepted_at,
    accepted_name: l.accepted_name,
    accepted_ip: l.accepted_ip,
    created_by_name: l.created_by_name,
    created_at: l.created_at,
  }));
  return {
    engagement_id: e.id,
    status: e.status,
    sent_at: e.sent_at,
    signed_at: e.signed_at,
    signed_how: e.signed_how,
    ended_at: e.ended_at,
    start_date: e.start_date,
    end_date: e.end_date,
    notice_days: e.notice_days,
    recipient: recipientOf(customer),
    services,
    word_template: template ? 'studio' : 'builtin',
    updated_at: e.updated_at,
    letters,
  };
}

/** GET …/actions/letters */
export async function engagementLetters(deps: Deps, ctx: Ctx, raw: unknown): Promise<EngagementLetters> {
  allowRead(ctx);
  return lettersAnswer(deps, await engagementOf(deps, ctx, raw));
}

/** The engagement read again after a change, as the caller sees it. */
async function after(deps: Deps, ctx: Ctx, id: number): Promise<EngagementLetters> {
  const e = await visibleEngagement(deps.exec, ctx, id);
  if (!e) throw notFound();
  return lettersAnswer(deps, e);
}

const who = (ctx: Ctx) => ({ studioId: ctx.studioId, userId: ctx.userId, name: ctx.name });

/** The subject and texts of the letter's e-mail. */
function letterMail(
  d: LetterData,
  studio: Awaited<ReturnType<typeof studioMailData>>,
  link: string,
  expires: string,
  hash: string,
) {
  return mailLetter(
    studio,
    d.studio.name ?? 'Lo studio',
    d.customer.business_name,
    `Lettera di incarico professionale: ${d.engagement.title}`,
    [
      `in allegato trova la lettera di incarico professionale «${d.engagement.title}» che lo studio le propone: i servizi, i compensi di ciascuno con la sua periodicità, come si aggiornano e le condizioni dell’incarico.`,
      'Può leggerla e accettarla online, senza registrarsi, dalla sua pagina personale:',
      link,
    ],
    [
      ['Link valido fino al', displayDate(expires)],
      ['Impronta SHA-256 della lettera', hash],
    ],
    [
      'Se preferisce, può stamparla, firmarla e restituirla allo studio.',
      'Per qualsiasi chiarimento può rispondere a questa email o contattarci ai recapiti qui sotto.',
    ],
  );
}

/**
 * POST …/actions/send: the letter made now, stored as sent and e-mailed with the customer's link
 * (draft or sent → sent). 422 when the engagement has no services or the customer no address.
 */
export async function sendEngagementLetter(
  deps: Deps,
  ctx: Ctx,
  raw: unknown,
  now = new Date(),
): Promise<EngagementLetters> {
  allowWrite(ctx);
  const e = await engagementOf(deps, ctx, raw);
  if (!['draft', 'sent'].includes(e.status)) throw new HttpError(409, LETTER_MESSAGES.notSendable);
  const d = await letterData(deps.exec, e, now);
  if (!d.services.length) throw invalid('services', LETTER_MESSAGES.noServices);
  const recipient = recipientOf(d.customer);
  if (!recipient) throw invalid('recipient', LETTER_MESSAGES.noRecipient);
  const pdf = await letterPdf(d);
  const hash = sha256(pdf);
  const filename = letterFileName(d, 'pdf');
  const key = await deps.storage.put(pdf, 'engagement_letters');
  let mailIds: number[] = [];
  try {
    await deps.tx(async (exec) => {
      // the engagement as it is now, locked: a letter is sent once per request, over what was read
      const locked = await visibleEngagement(exec, ctx, e.id, true);
      if (!locked) throw notFound();
      if (!['draft', 'sent'].includes(locked.status)) throw new HttpError(409, LETTER_MESSAGES.notSendable);
      if (locked.updated_at !== e.updated_at)
        throw new HttpError(409, "L'incarico è stato modificato mentre la lettera veniva preparata: riprova");
      const expires = addDays(romeToday(now), LETTER_LINK_DAYS);
      const nonce = letterNonce();
      const letterId = await insertLetter(exec, {
        studio_id: e.studio_id,
        engagement_id: e.id,
        kind: 'mail',
        storage_path: key,
        filename,
        content_type: PDF,
        size: pdf.length,
        sha256: hash,
        recipient,
        nonce,
        link_expires: expires,
        created_by: ctx.userId,
        created_by_name: ctx.name,
      });
      const link = letterLink(
        deps.settings.serverBaseUrl,
        letterToken(deps.settings.jwtSecret, letterId, nonce, expires),
      );
      const studio = await studioMailData(exec, e.studio_id);
      const text = letterMail(d, studio, link, expires, hash);
      mailIds = await enqueueMails(exec, [
        {
          studioId: e.studio_id,
          kind: 'engagement_letter',
          to: [recipient],
          cc: studio.cc.contract ? [studio.cc.contract] : [],
          subject: text.subject,
          text: text.text,
          html: text.html,
          attachments: [{ filename, contentType: PDF, content: pdf }],
          createdBy: ctx.userId,
        },
      ]);
      await setLetterMail(exec, letterId, mailIds[0]!);
      const sentAt = nowDateTime(now);
      const moved = await changeState(exec, e.id, ['draft', 'sent'], { status: 'sent', sent_at: sentAt }, who(ctx), {
        status: [e.status, 'sent'],
        sent_at: [e.sent_at, sentAt],
        Lettera: [null, `Lettera inviata a ${recipient} (SHA-256 ${hash})`],
      });
      if (!moved) throw new HttpError(409, LETTER_MESSAGES.notSendable);
    });
  } catch (err) {
    await deps.storage.remove(key).catch(() => undefined);
    throw err;
  }
  await deps.mail.handOff(mailIds).catch(() => undefined);
  return after(deps, ctx, e.id);
}

/** POST …/actions/mark_signed (multipart: the scan): draft or sent → signed, the scan kept with its SHA-256. */
export async function markEngagementSigned(
  deps: Deps,
  ctx: Ctx,
  raw: unknown,
  file: { name: string; bytes: Buffer },
  now = new Date(),
): Promise<EngagementLetters> {
  allowWrite(ctx);
  const e = await engagementOf(deps, ctx, raw);
  if (!['draft', 'sent'].includes(e.status)) throw new HttpError(409, LETTER_MESSAGES.notSignable);
  if (!(await serviceCount(deps.exec, e.studio_id, e.id))) throw invalid('services', LETTER_MESSAGES.noServices);
  const kind = await kindOf(file.bytes, SCAN_KINDS);
  if (!kind) throw invalid('file', `${file.name}: ${LETTER_MESSAGES.scanKinds}`);
  const key = await deps.storage.put(file.bytes, 'engagement_letters');
  try {
    await deps.tx(async (exec) => {
      const locked = await visibleEngagement(exec, ctx, e.id, true);
      if (!locked) throw notFound();
      const hash = sha256(file.bytes);
      await insertLetter(exec, {
        studio_id: e.studio_id,
        engagement_id: e.id,
        kind: 'scan',
        storage_path: key,
        filename: file.name,
        content_type: FILE_KINDS[kind].mime,
        size: file.bytes.length,
        sha256: hash,
        recipient: null,
        nonce: null,
        link_expires: null,
        created_by: ctx.userId,
        created_by_name: ctx.name,
      });
      const signedAt = nowDateTime(now);
      const how = 'Firmato su carta (scansione allegata)';
      const moved = await changeState(
        exec,
        e.id,
        ['draft', 'sent'],
        { status: 'signed', signed_at: signedAt, signed_how: how },
        who(ctx),
        {
          status: [locked.status, 'signed'],
          signed_at: [locked.signed_at, signedAt],
          signed_how: [locked.signed_how, how],
          Lettera: [null, `Scansione ${file.name} (SHA-256 ${hash})`],
        },
      );
      if (!moved) throw new HttpError(409, LETTER_MESSAGES.notSignable);
    });
  } catch (err) {
    await deps.storage.remove(key).catch(() => undefined);
    throw err;
  }
  return after(deps, ctx, e.id);
}

/** POST …/actions/back_to_draft: sent → draft (to change it; the links sent stop accepting). */
export async function engagementBackToDraft(deps: Deps, ctx: Ctx, raw: unknown): Promise<EngagementLetters> {
  allowWrite(ctx);
  const e = await engagementOf(deps, ctx, raw);
  await deps.tx(async (exec) => {
    const moved = await changeState(exec, e.id, ['sent'], { status: 'draft', sent_at: null }, who(ctx), {
      status: [e.status, 'draft'],
      sent_at: [e.sent_at, null],
    });
    if (!moved) throw new HttpError(409, LETTER_MESSAGES.notSent);
  });
  return after(deps, ctx, e.id);
}

/**
 * POST …/actions/end {date, waive_notice}: signed → ended on `date` (end_date and ended_at). The date
 * is not before the start nor after the agreed end; for an open-ended engagement not before today
 * plus the notice, unless the parties agree (waive_notice: 'cessazione consensuale').
 */
export async function endEngagement(
  deps: Deps,
  ctx: Ctx,
  raw: unknown,
  body: EngagementEndInput,
  now = new Date(),
): Promise<EngagementLetters> {
  allowWrite(ctx);
  const e = await engagementOf(deps, ctx, raw);
  if (e.status !== 'signed') throw new HttpError(409, LETTER_MESSAGES.notSigned);
  const date = isoDate(body.date);
  if (!date) throw invalid('date', LETTER_MESSAGES.endDate);
  if (date < e.start_date) throw invalid('date', `${LETTER_MESSAGES.endBeforeStart} (${displayDate(e.start_date)})`);
  if (e.end_date && date > e.end_date)
    throw invalid('date', `${LETTER_MESSAGES.endAfterEnd} (${displayDate(e.end_date)})`);
  if (!e.end_date && !body.waive_notice) {
    const earliest = addDays(romeToday(now), e.notice_days);
    if (date < earliest)
      throw invalid(
        'date',
        `Con il preavviso di ${e.notice_days} giorni l'incarico può cessare dal ${displayDate(earliest)}: scegli una data da quel giorno, o indica che la cessazione è consensuale`,
      );
  }
  await deps.tx(async (exec) => {
    const moved = await changeState(
      exec,
      e.id,
      ['signed'],
      { status: 'ended', end_date: date, ended_at: date },
      who(ctx),
      {
        status: [e.status, 'ended'],
        end_date: [e.end_date, date],
        ended_at: [e.ended_at, date],
        ...(body.waive_notice ? { Cessazione: [null, 'Consensuale (senza preavviso)'] } : {}),
      },
    );
    if (!moved) throw new HttpError(409, LETTER_MESSAGES.notSigned);
  });
  return after(deps, ctx, e.id);
}

// ---------------------------------------------------------------------------------------------
// the studio's Word template of the letter (the Admin's)

function allowAdmin(ctx: Ctx) {
  if (!atLeast(ctx.role, 'Admin')) throw new HttpError(403, LETTER_MESSAGES.templateAdminOnly);
}

const TAGS = () => [...LETTER_KEYS, ...SERVICE_KEYS];

/** GET /api/engagement_letter_template */
export async function letterTemplateInfo(deps: Pick<Deps, 'exec'>, ctx: Ctx): Promise<LetterTemplateAnswer> {
  allowAdmin(ctx);
  const t = await letterTemplateRow(deps.exec, ctx.studioId);
  return {
    template: t
      ? {
          filename: t.filename,
          size: t.size,
          sha256: t.sha256,
          uploaded_by_name: t.uploaded_by_name,
          uploaded_at: t.uploaded_at,
        }
      : null,
    tags: TAGS(),
  };
}

/** PUT /api/engagement_letter_template (multipart: the .docx): checked, stored, in place of the earlier one. */
export async function uploadLetterTemplate(
  deps: Deps,
  ctx: Ctx,
  file: { name: string; bytes: Buffer },
): Promise<LetterTemplateAnswer> {
  allowAdmin(ctx);
  if ((await kindOf(file.bytes, ['docx'])) !== 'docx')
    throw invalid('file', `${file.name}: il modello deve essere un documento Word .docx`);
  await checkLetterTemplate(file.bytes);
  const key = await deps.storage.put(file.bytes, 'engagement_letter_templates');
  let previous: string | null = null;
  try {
    await deps.tx(async (exec) => {
      previous = (await letterTemplateRow(exec, ctx.studioId, true))?.storage_path ?? null;
      await putLetterTemplate(exec, ctx.studioId, {
        storage_path: key,
        filename: file.name.toLowerCase().endsWith('.docx') ? file.name : `${file.name}.docx`,
        size: file.bytes.length,
        sha256: sha256(file.bytes),
        userId: ctx.userId,
        userName: ctx.name,
      });
    });
  } catch (err) {
    await deps.storage.remove(key).catch(() => undefined);
    throw err;
  }
  if (previous && previous !== key) await deps.storage.remove(previous).catch(() => undefined);
  return letterTemplateInfo(deps, ctx);
}

/** DELETE /api/engagement_letter_template: back to the built-in letter. */
export async function removeLetterTemplate(deps: Deps, ctx: Ctx): Promise<LetterTemplateAnswer> {
  allowAdmin(ctx);
  const key = await deps.tx((exec) => deleteLetterTemplate(exec, ctx.studioId));
  if (!key) throw new HttpError(404, 'Lo studio non ha un modello proprio: si usa già quello predefinito');
  await deps.storage.remove(key).catch(() => undefined);
  return letterTemplateInfo(deps, ctx);
}

/** GET /api/engagement_letter_template/file: the studio's template as uploaded. */
export async function letterTemplateFile(deps: Deps, ctx: Ctx): Promise<Download> {
  allowAdmin(ctx);
  const t = await letterTemplateRow(deps.exec, ctx.studioId);
  if (!t) throw new HttpError(404, 'Lo studio non ha un modello proprio della lettera');
  return { name: t.filename, type: DOCX, body: await deps.storage.get(t.storage_path) };
}

/** GET /api/engagement_letter_template/default.docx: the built-in template with its tags, to start from. */
export async function defaultLetterTemplate(ctx: Ctx): Promise<Download> {
  allowAdmin(ctx);
  return { name: 'Modello_lettera_incarico.docx', type: DOCX, body: await builtInLetterTemplate() };
}

/** A CSV cell: quoted, and a formula-like start neutralised (as the exports do). */
const csvCell = (s: string) => `"${(/^[=+\-@\t\r]/.test(s) ? `'${s}` : s).replace(/"/g, '""')}"`;

/** GET /api/engagement_letter_template/tags.csv: the tags a template may use, with their meaning. */
export function letterTagsCsv(ctx: Ctx): Download {
  allowAdmin(ctx);
  const rows = [
    ['Segnaposto', 'Significato', 'Gruppo'],
    ...TAGS().map((t) => [t.key === 'servizi' ? '{#servizi} … {/servizi}' : `{${t.key}}`, t.description, t.group]),
  ];
  return {
    name: 'Segnaposto_lettera_incarico.csv',
    type: 'text/csv; charset=utf-8',
    body: `\uFEFF${rows.map((r) => r.map(csvCell).join(';')).join('\r\n')}\r\n`,
  };
}
