/**
 * The SEPA Direct Debit mandate signed online in the customers' area (issue 50 item 4), for the
 * customers the studio collects by SDD ('Incassa con SDD' takes their active mandate).
 *
 * The area's side: the form — the account holder, the IBAN (spaces out, upper case, checked by the
 * SddMandate model's own rules: the 'iban' rule, which checks the country's format and the check
 * digits and does not restrict the countries), the checkbox 'Autorizzo …' and the signer's name —
 * checked with Italian messages by field; then, in one transaction, a new SddMandate (its reference
 * made unique and valid for the 'sepaId' rule; signed today in Rome; CORE, FRST, active; its note
 * saying who signed online, when and from where), the customer's earlier active mandates revoked
 * (their notes saying why), the evidence (portal_mandate_signatures: the person, the name typed, his
 * e-mail, IP, browser, the PDF as signed — the collections' mandate form filled with this mandate and
 * the line of the online signature — and its SHA-256), the mandates' history, and the studio's notice
 * through the outbox (no IBAN in it).
 *
 * Only the CORE scheme is offered online: a B2B mandate must be registered by the debtor's bank
 * before the first debit (the bank checks each B2B debit against it), which an online signature
 * cannot do; the studio changes the record to B2B, with the customer's bank, when it applies.
 *
 * The studio's side: the mandates signed online by a customer's people, each with its evidence and
 * the PDF as stored; the roles of the SddMandate model (Collaboratore and above); another studio's
 * customer is not found.
 */
import { createHash, randomInt } from 'node:crypto';
import type { AppDeps } from '../../deps.js';
import { can, type Ctx } from '../../auth/context.js';
import { forbidden, notFound } from '../../errors.js';
import type { Exec } from '../../records/exec.js';
import { pathId } from '../../records/ids.js';
import { renderPdf } from '../../render/pdf.js';
import { getModel } from '../../../model/registry.js';
import { effectiveMethod } from '../../../model/collectionMethod.js';
import { displayDate, displayDateTime, nowDateTime, today as romeToday } from '../../../model/dates.js';
import { fieldValidators, validateRecord } from '../../../model/validate.js';
import { isValidCreditorId } from '../../../model/validators.js';
import type { PortalMandateSignature } from '../../../model/api/portalMandates.js';
import { mandatePdfDoc, type MandateStudio } from '../collections/index.js';
import { enqueueMails, letter as mailLetter, studioMailData } from '../mail/index.js';
import { studioData } from '../studio/index.js';
import type { PortalCtx } from './areaSession.js';
import { customerStaff } from './messageQueries.js';
import { portalCustomer } from './queries.js';
import {
  activeMandates,
  auditMandate,
  creditorOf,
  insertMandate,
  insertSignature,
  lockCustomer,
  mandateCustomer,
  referenceTaken,
  revokeMandate,
  signatureOf,
  signatureRows,
  type MandateCustomerRow,
  type NewMandate,
} from './mandateQueries.js';

export const MAIL_KIND = 'portal_mandate';
/** the longest name of who signs */
export const SIGNER_MAX = 120;

const mandates = () => getModel('SddMandate');
/** the account holder's field of the model (at most 70 characters: the SEPA debtor's name) */
const holderField = () => mandates().fields.debtor_name!;
export const holderMax = () => holderField().max ?? 70;

export const MANDATE_MESSAGES = {
  holder: "Scriva l'intestatario del conto da addebitare",
  holderTooLong: (n: number) => `L'intestatario del conto può avere al massimo ${n} caratteri`,
  iban: "Scriva l'IBAN del conto da addebitare",
  ibanInvalid:
    'IBAN non valido: lo controlli carattere per carattere, come è scritto sull’estratto conto (es. IT60 X054 2811 1010 0000 0123 456)',
  authorize: 'Per firmare il mandato spunti la casella «Autorizzo …»',
  signer: 'Scriva il suo nome e cognome per firmare il mandato',
  signerTooLong: `Il nome può avere al massimo ${SIGNER_MAX} caratteri`,
  notSdd:
    'Lo studio non la incassa con addebito diretto SEPA (SDD): non c’è un mandato da firmare. Per pagare veda «Da pagare».',
  noCreditor:
    'Il mandato SEPA non si può ancora firmare online: lo studio non ha indicato il suo identificativo creditore. Contatti lo studio.',
  signed: 'Mandato firmato. Lo studio lo riceve subito e lo userà per i prossimi addebiti.',
} as const;

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/**
 * Whether the studio collects the customer by SEPA direct debit, so that a mandate is offered: his
 * method is 'sdd' (with or without a mandate — without one he cannot be collected, so he signs
 * one), or 'auto' with an active mandate ('auto' is SDD exactly then: effectiveMethod), who may sign
 * again to change the account. 'auto' without a mandate is not offered: the studio has not chosen
 * the direct debit for him, and a mandate signed on his own would switch him to it silently.
 * 'bonifico' and 'riba': never.
 */
export const collectedBySdd = (c: Pick<MandateCustomerRow, 'method' | 'active'>) =>
  effectiveMethod(c.method, c.active !== null) === 'sdd';

/** The studio as the creditor, or null when it has no valid creditor identifier (CID). */
async function creditor(exec: Exec, studioId: number): Promise<MandateStudio | null> {
  const parts = await creditorOf(exec, studioId);
  const cid = (parts.sdd_creditor_id ?? '').replace(/\s+/g, '').toUpperCase();
  if (!cid || !isValidCreditorId(cid)) return null;
  const letterhead = await studioData(exec, studioId);
  if (!letterhead.name?.trim()) return null;
  return { ...letterhead, ...parts, sdd_creditor_id: cid };
}

/** What the area's page needs: the customer, whether he is collected by SDD, the creditor. */
export async function mandateState(deps: AppDeps, ctx: PortalCtx, exec: Exec = deps.exec) {
  const customer = await mandateCustomer(exec, ctx.studioId, ctx.customerId);
  if (!customer) throw notFound();
  return { customer, sdd: collectedBySdd(customer), creditor: await creditor(exec, ctx.studioId) };
}
export type MandateState = Awaited<ReturnType<typeof mandateState>>;

// ---------------------------------------------------------------------------------------------
// The form

/** What the person typed, as the form shows it again. */
export interface MandateForm {
  holder: string;
  iban: string;
  signer: string;
  authorized: boolean;
}
export type MandateErrors = Partial<Record<'holder' | 'iban' | 'authorize' | 'signer', string>>;

/** A form's text: one line, no control characters. */
const formText = (v: unknown) =>
  (typeof v === 'string' ? v : '')
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** An IBAN as typed: spaces out, upper case. */
export const normalIban = (v: unknown) => (typeof v === 'string' ? v : '').replace(/\s+/g, '').toUpperCase();

/** The first message of a model field's validators for a value, if any. */
const firstError = (field: string, value: unknown) => {
  for (const check of fieldValidators(mandates().fields[field]!)) {
    const m = check(value);
    if (m) return m;
  }
  return undefined;
};

/** The posted form read and checked: the values to show again and the errors by field. */
export function checkForm(raw: Record<string, string>): { form: MandateForm; errors: MandateErrors } {
  const form: MandateForm = {
    holder: formText(raw.intestatario),
    iban: normalIban(raw.iban).slice(0, 64),
    signer: formText(raw.firmatario),
    authorized: formText(raw.autorizzo) === '1',
  };
  const errors: MandateErrors = {};
  const max = holderMax();
  if (!form.holder) errors.holder = MANDATE_MESSAGES.holder;
  else if (form.holder.length > max || firstError('debtor_name', form.holder))
    errors.holder = MANDATE_MESSAGES.holderTooLong(max);
  if (!form.iban) errors.iban = MANDATE_MESSAGES.iban;
  else if (firstError('iban', form.iban)) errors.iban = MANDATE_MESSAGES.ibanInvalid;
  if (!form.authorized) errors.authorize = MANDATE_MESSAGES.authorize;
  if (!form.signer) errors.signer = MANDATE_MESSAGES.signer;
  else if (form.signer.length > SIGNER_MAX) errors.signer = MANDATE_MESSAGES.signerTooLong;
  return { form, errors };
}

// ---------------------------------------------------------------------------------------------
// The signature

const REFERENCE_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A new mandate reference (UMR): 'MND-WEB-', the customer's id, the day and six random characters —
 * at most 34 characters, all of the 'sepaId' rule's set.
 */
export const newReference = (customerId: number, day: string) =>
  `MND-WEB-${customerId}-${day.replaceAll('-', '')}-${Array.from({ length: 6 }, () => REFERENCE_CHARS[randomInt(REFERENCE_CHARS.length)]).join('')}`;

/** A reference no mandate of the studio has (the trash included): 32⁶ a day per customer, a few tries at most. */
async function freeReference(exec: Exec, studioId: number, customerId: number, day: string) {
  for (let i = 0; i < 10; i++) {
    const reference = newReference(customerId, day);
    if (!(await referenceTaken(exec, studioId, reference))) return reference;
  }
  throw new Error('freeReference: no free mandate reference');
}

const sameName = (a: string, b: string) =>
  a.replace(/\s+/g, ' ').trim().toLowerCase() === b.replace(/\s+/g, ' ').trim().toLowerCase();

/** Who signed, when and from where. */
interface Signer {
  name: string;
  email: string;
  at: string;
  ip: string | null;
  agent: string | null;
}

/** 'Firmato online nell'area clienti da … il … (IP …)': the mandate's note. */
const signedNote = (s: Signer) =>
  `Firmato online nell'area clienti da ${s.name} (${s.email}) il ${displayDateTime(s.at)} (IP ${s.ip ?? 'non rilevato'})`;

/** The note of a mandate revoked by the new one. */
const revokedNote = (note: string | null, reference: string, s: Signer) =>
  `${note ? `${note}\n` : ''}Revocato il ${displayDate(s.at)}: sostituito dal mandato ${reference} firmato online nell'area clienti da ${s.name}.`;

/** The mandate's form as the studio prints it, filled with the mandate, and the line of the online signature. */
async function signedPdf(studio: MandateStudio, customer: MandateCustomerRow, m: NewMandate, s: Signer) {
  const doc = mandatePdfDoc(
    studio,
    {
      reference: m.reference,
      signature_date: m.signature_date,
      scheme: m.scheme,
      iban: m.iban,
      debtor_name: m.debtor_name,
    },
    customer.form,
  );
  const evidence = {
    margin: [0, 10, 0, 0],
    table: {
      widths: ['*'],
      body: [
        [
          {
            margin: [6, 4, 6, 4],
            stack: [
              { text: "Firma elettronica nell'area clienti", bold: true, color: '#1a3d6d', margin: [0, 0, 0, 2] },
              {
                text:
                  `Firmato online nell'area clienti di ${studio.name} da ${s.name} (${s.email}) il ` +
                  `${displayDate(s.at)} alle ${s.at.slice(11, 16)} (ora italiana), dall'indirizzo IP ` +
                  `${s.ip ?? 'non rilevato'}: il firmatario, entrato nell'area clienti con il proprio indirizzo ` +
                  `e-mail, ha autorizzato l'addebito spuntando «Autorizzo» e scritto il proprio nome e cognome.`,
                fontSize: 9,
              },
            ],
          },
        ],
      ],
    },
    layout: 'studioBox',
  };
  return renderPdf({ ...doc, content: [...doc.content, evidence] });
}

/** The studio's notice of the mandate signed: who, when, its reference (never the IBAN). */
async function notifyStudio(
  exec: Exec,
  deps: AppDeps,
  ctx: PortalCtx,
  m: { reference: string; revoked: string[]; signer: Signer },
) {
  const studio = await studioMailData(exec, ctx.studioId);
  const staff = await customerStaff(exec, ctx.studioId, ctx.customerId);
  const to = staff.emails.length ? staff.emails : studio.email ? [studio.email] : [];
  if (!to.length) return [];
  const paragraphs = [
    `${staff.customerName} ha firmato online nell'area clienti un mandato per addebito diretto SEPA (schema CORE): è registrato fra i mandati SDD del cliente, attivo, e vale dai prossimi incassi SDD.`,
    ...(m.revoked.length
      ? [`Il mandato precedente (${m.revoked.join(', ')}) è stato revocato: il nuovo lo sostituisce.`]
      : []),
    'Il PDF firmato e i dati della firma sono nella scheda del cliente:',
    new URL(`/table/SddMandate/${ctx.customerId}`, deps.settings.serverBaseUrl).toString(),
  ];
  const details: Array<[string, string]> = [
    ['Riferimento del mandato', m.reference],
    ['Firmato da', `${m.signer.name} (${m.signer.email})`],
    ['Data e ora della firma', displayDateTime(m.signer.at)],
  ];
  return enqueueMails(
    exec,
    to.map((addr) => {
      const text = mailLetter(
        studio,
        studio.name ?? 'Lo studio',
        addr,
        `Mandato SEPA firmato nell'area clienti – ${staff.customerName}`,
        paragraphs,
        details,
      );
      return {
        studioId: ctx.studioId,
        kind: MAIL_KIND,
        to: [addr],
        subject: text.subject,
        text: text.text,
        html: text.html,
      };
    }),
  );
}

/** The history's changes of a new mandate. */
const created = (m: NewMandate): Record<string, [unknown, unknown]> =>
  Object.fromEntries(
    Object.entries(m)
      .filter(([k, v]) => k !== 'studio_id' && v !== null)
      .map(([k, v]) => [k, [null, v]]),
  );

export type SignOutcome =
  | { kind: 'signed'; signatureId: number; reference: string }
  | { kind: 'invalid'; form: MandateForm; errors: MandateErrors }
  | { kind: 'notSdd' }
  | { kind: 'noCreditor' };

/** POST /area-clienti/mandato: the mandate signed by the person in the area (see the file's comment). */
export async function signMandate(
  deps: AppDeps,
  ctx: PortalCtx,
  raw: Record<string, string>,
  who: { ip: string | null; agent: string | null },
  now = new Date(),
): Promise<SignOutcome> {
  const state = await mandateState(deps, ctx);
  if (!state.sdd) return { kind: 'notSdd' };
  if (!state.creditor) return { kind: 'noCreditor' };
  const { form, errors } = checkForm(raw);
  if (Object.keys(errors).length) return { kind: 'invalid', form, errors };
  const signer: Signer = { name: form.signer, email: ctx.email, at: nowDateTime(now), ...who };
  const day = romeToday(now);
  const mandate: NewMandate = {
    studio_id: ctx.studioId,
    customer_id: ctx.customerId,
    reference: await freeReference(deps.exec, ctx.studioId, ctx.customerId, day),
    iban: form.iban,
    debtor_name: sameName(form.holder, state.customer.form.business_name) ? null : form.holder,
    signature_date: day,
    scheme: 'CORE',
    sequence_type: 'FRST',
    status: 'active',
    note: signedNote(signer),
  };
  // the model's own rules on the whole record (the reference's 'sepaId', the signature date…): a
  // failure here is the code's, not the person's
  const invalid = validateRecord(mandates(), { ...mandate }, 'create');
  if (Object.keys(invalid).length) throw new Error(`signMandate: ${JSON.stringify(invalid)}`);
  const pdf = await signedPdf(state.creditor, state.customer, mandate, signer);
  const byName = `${signer.name} (area clienti)`;
  const done = await deps.tx(async (exec) => {
    await lockCustomer(exec, ctx.studioId, ctx.customerId);
    // the studio may have changed how he pays meanwhile: nothing written then
    if (!(await mandateState(deps, ctx, exec)).sdd) return null;
    const earlier = await activeMandates(exec, ctx.studioId, ctx.customerId);
    const id = await insertMandate(exec, mandate);
    await auditMandate(exec, ctx.studioId, id, 'create', byName, created(mandate));
    for (const e of earlier) {
      const note = revokedNote(e.note, mandate.reference, signer);
      await revokeMandate(exec, e.id, note);
      await auditMandate(exec, ctx.studioId, e.id, 'update', byName, {
        status: ['active', 'revoked'],
        note: [e.note, note],
      });
    }
    const signatureId = await insertSignature(exec, {
      studioId: ctx.studioId,
      customerId: ctx.customerId,
      mandateId: id,
      personId: ctx.personId,
      name: signer.name,
      email: signer.email,
      ip: signer.ip,
      agent: signer.agent,
      at: signer.at,
      pdf,
      sha256: sha256(pdf),
    });
    const mailIds = await notifyStudio(exec, deps, ctx, {
      reference: mandate.reference,
      revoked: earlier.map((e) => e.reference),
      signer,
    });
    return { signatureId, mailIds };
  });
  if (!done) return { kind: 'notSdd' };
  await deps.mail.handOff(done.mailIds).catch(() => undefined);
  return { kind: 'signed', signatureId: done.signatureId, reference: mandate.reference };
}

/** A signed mandate's PDF of the person's customer, or 404 (another customer's, another studio's). */
export async function areaSignature(deps: AppDeps, ctx: PortalCtx, id: number) {
  const s = await signatureOf(deps.exec, ctx.studioId, ctx.customerId, id);
  if (!s) throw notFound();
  return s;
}

/** The file name of a signed mandate's PDF. */
export const signedFileName = (reference: string) =>
  `Mandato_SDD_${reference.replace(/[^A-Za-z0-9-]+/g, '_')}_firmato.pdf`;

// ---------------------------------------------------------------------------------------------
// The studio's side

async function studioCustomer(deps: AppDeps, ctx: Ctx, raw: unknown) {
  if (!can(ctx, mandates(), 'view')) throw forbidden();
  const c = await portalCustomer(deps.exec, ctx.studioId, pathId(raw));
  if (!c) throw notFound();
  return c;
}

/** GET /api/customer/{id}/portal/mandates: the mandates signed online by the customer's people, newest first. */
export async function customerMandates(deps: AppDeps, ctx: Ctx, raw: unknown): Promise<PortalMandateSignature[]> {
  const c = await studioCustomer(deps, ctx, raw);
  return signatureRows(deps.exec, ctx.studioId, c.id);
}

/** GET /api/customer/{id}/portal/mandates/{signatureId}/pdf: the PDF as signed. */
export async function mandateDownload(deps: AppDeps, ctx: Ctx, raw: unknown, rawSignature: unknown) {
  const c = await studioCustomer(deps, ctx, raw);
  const s = await signatureOf(deps.exec, ctx.studioId, c.id, pathId(rawSignature));
  if (!s) throw notFound();
  return { name: signedFileName(s.reference), type: 'application/pdf', body: s.pdf };
}
