/**
 * 'Incassa con SDD' (issue 29 item 3): a due range and a collection date → the open charges of the
 * customers with an active mandate, one debit per customer (its charges together: a first debit
 * must be one per mandate), with what is left out and why; then the batch ('distinta'), all or
 * nothing, refused when the charges changed since the preview; its pain.008.001.02 file; its
 * cancellation before it is paid. A charge in a batch presented or paid is not presented again
 * (a returned one is).
 */
import { createHash } from 'node:crypto';
import Decimal from 'decimal.js';
import {
  SDD_MAX_CUSTOMERS as MAX_CUSTOMERS,
  SDD_MAX_RANGE_DAYS as MAX_RANGE_DAYS,
  type SddBatchDetail,
  type SddPlan,
  type SddPreviewInput,
  type SddRunInput,
} from '../../../model/api/collections.js';
import { FINGERPRINT_LENGTH } from '../../../model/api/records.js';
import { getModel } from '../../../model/registry.js';
import { SDD_FORMATS } from '../../../model/models/BankAccount.js';
import { displayDate, isoDate, nextTarget2Day, nowDateTime, today } from '../../../model/dates.js';
import { isValidCreditorId, isValidIban } from '../../../model/validators.js';
import { idList, pathId } from '../../records/ids.js';
import { can, type Ctx } from '../../auth/context.js';
import { HttpError, forbidden, notFound } from '../../errors.js';
import type { Tx } from '../../records/crud.js';
import type { Exec } from '../../records/exec.js';
import { strToU8, zipSync } from 'fflate';
import { sepaText, writePain008 } from './pain008.js';
import { italianBankCoordinates } from '../../../model/iban.js';
import { cbiVersionOf, writeCbiSdd } from './cbiSdd.js';
import { outcomeReasons, outcomesOf } from './sddOutcomeService.js';
import { mandatePdf } from './mandatePdf.js';
import { studioData } from '../documents/index.js';
import { customerOpenItems, customerOpenSummary } from '../accounts/index.js';
import type { SddDebit } from './types.js';
import {
  batchDebits,
  batchesOfDay,
  batchList,
  batchOf,
  batchXml,
  cancelBatch,
  insertBatch,
  customerExists,
  lastPresented,
  sddAccount,
  sddAccountByIban,
  sddFileName,
  lockSdd,
  mandateWithCustomer,
  sddCandidates,
  sddCreditorOf,
  type BatchRow,
  type NewBatchItem,
  type SddCandidate,
} from './sddQueries.js';

export const SDD_MESSAGES = {
  range: 'Indica le scadenze da incassare: dal giorno … al giorno … (GG/MM/AAAA)',
  rangeOrder: 'La data iniziale delle scadenze è dopo quella finale',
  rangeLength: `Le scadenze da incassare coprono al più ${MAX_RANGE_DAYS} giorni`,
  collection: 'Data di addebito non valida (GG/MM/AAAA)',
  collectionPast:
    "La data di addebito deve essere almeno domani: la banca ha bisogno di un giorno lavorativo per presentare l'incasso",
  collectionFar: 'La data di addebito può essere al più un anno dopo oggi',
  customers: `Scegli da 1 a ${MAX_CUSTOMERS} clienti`,
  noCreditorId:
    "Manca l'identificativo creditore SEPA (CID) dello studio: inseriscilo in 'Il mio studio' (lo rilascia la banca)",
  badCreditorId: "L'identificativo creditore SEPA (CID) dello studio non è valido: correggilo in 'Il mio studio'",
  noIban: "Manca un IBAN valido dello studio, dove accreditare gli incassi: inseriscilo in 'Il mio studio'",
  fingerprint: "Manca l'anteprima: prepara l'anteprima della distinta e conferma quella",
  changed:
    "Gli addebiti da incassare sono cambiati dopo l'anteprima (un addebito aggiunto, pagato o già in distinta, un mandato cambiato): controlla la nuova anteprima e conferma di nuovo",
  nothing:
    'Nessun addebito da incassare con SDD: nelle scadenze scelte non ci sono addebiti aperti di clienti con un mandato attivo',
  noMandate: 'nessun mandato SDD: paga con altri mezzi',
  revoked: (reference: string) => `mandato SDD ${reference} revocato: serve un nuovo mandato firmato`,
  badIban: "l'IBAN del mandato non è valido",
  signedLater: 'il mandato è firmato dopo la data di addebito',
  moved: (asked: string, day: string) =>
    `Il ${displayDate(asked)} non è un giorno lavorativo TARGET2 (sabato, domenica o festività bancaria): l'addebito è spostato al ${displayDate(day)}`,
  notCancellable: 'La distinta non si può annullare: è già annullata, o un suo addebito è stato incassato o stornato',
  account: "Conto non trovato: scegli uno dei conti dello studio in 'Conti bancari'",
  accountIban: (name: string) =>
    `Il conto '${name}' non ha un IBAN valido: correggilo in 'Conti bancari' (lì si accreditano gli incassi)`,
  accountCuc: (name: string) =>
    `Manca il codice CUC del conto '${name}' (8 caratteri, lo rilascia la banca per il CBI): inseriscilo in 'Conti bancari', o scegli per il conto il formato SEPA pain.008`,
  paysOtherwise: (method: 'bonifico' | 'riba') =>
    `paga ${method === 'riba' ? 'con ricevuta bancaria (RiBa)' : 'con bonifico'}, come dice la sua modalità di pagamento`,
  sddWithoutMandate:
    'la sua modalità di pagamento è SDD ma non ha un mandato attivo: fai firmare un mandato in Mandati SDD',
  attention: (reference: string, why: string) =>
    `la banca ha respinto l'ultimo addebito del mandato ${reference} (${why}): correggi il mandato o fanne firmare uno nuovo`,
  amendedReference: (was: string) => `mandato rinumerato: la banca lo conosce come ${was}`,
  amendedIban: (was: string) => `nuovo IBAN nella stessa banca (prima ${was})`,
  amendedBank: 'nuovo IBAN in un’altra banca (SMNDA)',
} as const;

/** A format's name without the bank it is for ('CBI 00.01.01', 'SEPA ISO pain.008.001.02'), as the preview says it. */
const formatLabel = (format: SddPlan['format']) =>
  (SDD_FORMATS.find((f) => f.value === format)?.text ?? format).replace(/ \(.*\)$/, '');

/** The bank of an IBAN: for an Italian one its ABI; else the country and the BBAN's first four characters. */
const bankOf = (iban: string) => italianBankCoordinates(iban)?.abi ?? iban.slice(0, 2) + iban.slice(4, 8);

/** What a debit must tell the bank of its mandate's changes since the last debit the bank saw (EPC rulebook, AT-24). */
export function amendmentFor(
  now: { reference: string; iban: string },
  last: { reference: string; iban: string } | undefined,
): NonNullable<SddDebit['amendment']> | null {
  if (!last) return null;
  const out: NonNullable<SddDebit['amendment']> = {};
  if (last.reference !== now.reference) out.originalMandateReference = last.reference;
  if (last.iban !== now.iban) {
    out.originalDebtorIban = last.iban;
    if (bankOf(last.iban) !== bankOf(now.iban)) out.otherBank = true;
  }
  return Object.keys(out).length ? out : null;
}

const amendmentText = (a: NonNullable<SddDebit['amendment']> | null): string | null =>
  a
    ? [
        a.originalMandateReference ? SDD_MESSAGES.amendedReference(a.originalMandateReference) : null,
        a.otherBank
          ? SDD_MESSAGES.amendedBank
          : a.originalDebtorIban
            ? SDD_MESSAGES.amendedIban(a.originalDebtorIban)
            : null,
      ]
        .filter(Boolean)
        .join('; ')
    : null;

const fail = (field: string, message: string) => new HttpError(422, message, { [field]: [message] });

export interface SddRequest {
  from: string;
  to: string;
  /** a TARGET2 business day: the date asked, or the next one */
  collectionDate: string;
  /** the date asked when it was not a TARGET2 day (moved to `collectionDate`) */
  movedFrom: string | null;
  customerIds: number[] | null;
  /** the account asked (null: the account with the studio's IBAN) */
  bankAccountId: number | null;
}

/** The Italian messages of a collection's due range, customers and account (SDD, RiBa). */
export interface ScopeMessages {
  range: string;
  rangeOrder: string;
  rangeLength: string;
  customers: string;
  account: string;
}

/** A collection's due range from the request: both days, ordered, at most a year. */
export function dueRange(
  body: { due_from?: unknown; due_to?: unknown },
  m: ScopeMessages,
): { from: string; to: string } {
  const from = isoDate(body.due_from);
  const to = isoDate(body.due_to);
  if (!from) throw fail('due_from', m.range);
  if (!to) throw fail('due_to', m.range);
  if (from > to) throw fail('due_to', m.rangeOrder);
  if ((Date.parse(to) - Date.parse(from)) / 86_400_000 >= MAX_RANGE_DAYS) throw fail('due_to', m.rangeLength);
  return { from, to };
}

/** The customers asked (null: all) and the account asked (null: the default one) of a collection's request. */
export function customersAndAccount(
  body: { customer_ids?: unknown; bank_account_id?: unknown },
  m: ScopeMessages,
): { customerIds: number[] | null; bankAccountId: number | null } {
  let customerIds: number[] | null = null;
  if (body.customer_ids !== undefined && body.customer_ids !== null) {
    const ids =
      Array.isArray(body.customer_ids) || typeof body.customer_ids === 'string'
        ? idList(body.customer_ids as string | unknown[])
        : null;
    if (!Array.isArray(ids) || !ids.length || ids.length > MAX_CUSTOMERS) throw fail('customer_ids', m.customers);
    customerIds = ids;
  }
  let bankAccountId: number | null = null;
  if (body.bank_account_id !== undefined && body.bank_account_id !== null && body.bank_account_id !== '') {
    const id = Number(body.bank_account_id);
    if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) throw fail('bank_account_id', m.account);
    bankAccountId = id;
  }
  return { customerIds, bankAccountId };
}

/** The request checked: the due range (ordered, at most a year), the collection date (tomorrow to a year), the customers. */
export function sddRequest(body: SddPreviewInput, now = new Date()): SddRequest {
  const { from, to } = dueRange(body, SDD_MESSAGES);
  const asked = isoDate(body.collection_date);
  if (!asked) throw fail('collection_date', SDD_MESSAGES.collection);
  // SEPA debits settle on TARGET2 days only: a weekend or a TARGET2 holiday moves to the next one
  const collectionDate = nextTarget2Day(asked);
  const day = today(now);
  if (asked <= day) throw fail('collection_date', SDD_MESSAGES.collectionPast);
  if ((Date.parse(collectionDate) - Date.parse(day)) / 86_400_000 > 366)
    throw fail('collection_date', SDD_MESSAGES.collectionFar);
  const { customerIds, bankAccountId } = customersAndAccount(body, SDD_MESSAGES);
  return { from, to, collectionDate, movedFrom: collectionDate === asked ? null : asked, customerIds, bankAccountId };
}

interface Plan extends SddPlan {
  /** each debit's charges with their open amounts, for the batch's rows */
  groups: Array<{
    debit: SddPlan['debits'][number];
    candidates: SddCandidate[];
    amendment: NonNullable<SddDebit['amendment']> | null;
  }>;
  creditorFull: { name: string; iban: string; creditorId: string; bic: string | null };
  cuc: string | null;
}

/**
 * The account the batch credits: the one asked, else the studio's account with the studio's IBAN
 * ('Il mio studio'); with none, the studio's IBAN in a pain.008 file, as before accounts had formats.
 */
async function creditedAccount(exec: Exec, studioId: number, q: SddRequest, studioIban: string | null) {
  if (q.bankAccountId !== null) {
    const a = await sddAccount(exec, studioId, q.bankAccountId);
    if (!a) throw fail('bank_account_id', SDD_MESSAGES.account);
    return a;
  }
  return studioIban ? sddAccountByIban(exec, studioId, studioIban) : null;
}

/**
 * The remittance of a debit as the customer reads it on his statement (SEPA characters, ≤ 140):
 * its invoices ('Fatt. 12/2026 13/2026'), else its charges' notes after 'Onorari', which is not
 * said twice ('Onorari contabilità marzo', not 'Onorari Onorari contabilità marzo': issue 45 item 12).
 */
export function remittanceOf(list: Array<Pick<SddCandidate, 'invoice' | 'note'>>): string {
  const invoices = [...new Set(list.map((c) => c.invoice).filter((x): x is string => !!x))];
  if (invoices.length) return sepaText(`Fatt. ${invoices.join(' ')}`, 140);
  const notes = [...new Set(list.map((c) => c.note.trim()).filter(Boolean))];
  const lead = notes[0] && /^onorar/i.test(notes[0]) ? '' : 'Onorari ';
  return sepaText(`${lead}${notes.join(', ')}`, 140);
}

/** The plan of a request, read in `exec` (the batch reads it again under the studio's lock). */
async function plan(exec: Exec, ctx: Ctx, q: SddRequest): Promise<Plan> {
  const creditor = await sddCreditorOf(exec, ctx.studioId);
  if (!creditor.creditorId) throw new HttpError(422, SDD_MESSAGES.noCreditorId);
  if (!isValidCreditorId(creditor.creditorId)) throw new HttpError(422, SDD_MESSAGES.badCreditorId);
  const account = await creditedAccount(exec, ctx.studioId, q, creditor.iban);
  if (account) {
    if (!account.iban || !isValidIban(account.iban))
      throw fail('bank_account_id', SDD_MESSAGES.accountIban(account.name));
    creditor.iban = account.iban;
  } else if (!creditor.iban || !isValidIban(creditor.iban)) throw new HttpError(422, SDD_MESSAGES.noIban);
  const format: SddPlan['format'] =
    account?.format === 'cbi_00_01_01' || account?.format === 'cbi_00_01_00' ? account.format : 'sepa';
  if (format !== 'sepa' && !account?.cuc) throw fail('bank_account_id', SDD_MESSAGES.accountCuc(account!.name));
  const candidates = await sddCandidates(exec, ctx.studioId, q);
  const last = await lastPresented(exec, ctx.studioId, [
    ...new Set(candidates.map((c) => c.mandate_id).filter((m): m is number => m != null)),
  ]);
  const byCustomer = new Map<number, SddCandidate[]>();
  for (const c of candidates) {
    const list = byCustomer.get(c.customer_id);
    if (list) list.push(c);
    else byCustomer.set(c.customer_id, [c]);
  }
  const debits: SddPlan['debits'] = [];
  const leftOut: SddPlan['left_out'] = [];
  const notSdd: SddPlan['not_sdd'] = [];
  const groups: Plan['groups'] = [];
  let total = new Decimal(0);
  let charges = 0;
  for (const [customerId, list] of byCustomer) {
    const first = list[0]!;
    const amount = list.reduce((s, c) => s.plus(c.open), new Decimal(0));
    const reasons: string[] = [];
    // the customer pays otherwise by choice ('Modalità di pagamento'): not for this collection, nothing to fix
    if (first.collection_method === 'bonifico' || first.collection_method === 'riba') {
      notSdd.push({
        customer_id: customerId,
        business_name: first.business_name,
        amount: amount.toNumber(),
        reasons: [SDD_MESSAGES.paysOtherwise(first.collection_method)],
      });
      continue;
    }
    if (first.mandate_id == null && first.revoked_reference == null && first.collection_method === 'sdd') {
      leftOut.push({
        customer_id: customerId,
        business_name: first.business_name,
        amount: amount.toNumber(),
        reasons: [SDD_MESSAGES.sddWithoutMandate],
      });
      continue;
    }
    if (first.mandate_id == null && first.revoked_reference == null) {
      // never had a mandate: pays otherwise (a transfer), nothing to fix
      notSdd.push({
        customer_id: customerId,
        business_name: first.business_name,
        amount: amount.toNumber(),
        reasons: [SDD_MESSAGES.noMandate],
      });
      continue;
    }
    if (first.mandate_id == null) reasons.push(SDD_MESSAGES.revoked(first.revoked_reference!));
    else if (!isValidIban(first.iban ?? '')) reasons.push(SDD_MESSAGES.badIban);
    else if ((first.signature_date ?? '') > q.collectionDate) reasons.push(SDD_MESSAGES.signedLater);
    else if (first.attention) reasons.push(SDD_MESSAGES.attention(first.reference!, first.attention));
    if (reasons.length) {
      leftOut.push({ customer_id: customerId, business_name: first.business_name, amount: amount.toNumber(), reasons });
      continue;
    }
    const iban = first.iban!.replace(/\s+/g, '').toUpperCase();
    const amendment = amendmentFor({ reference: first.reference!, iban }, last.get(first.mandate_id!));
    const debit = {
      customer_id: customerId,
      business_name: first.business_name,
      mandate_id: first.mandate_id!,
      mandate_reference: first.reference!,
      iban,
      scheme: (first.scheme === 'B2B' ? 'B2B' : 'CORE') as 'CORE' | 'B2B',
      sequence_type: (first.sequence_type === 'RCUR' ? 'RCUR' : 'FRST') as 'FRST' | 'RCUR',
      amount: amount.toNumber(),
      remittance: remittanceOf(list),
      amendment: amendmentText(amendment),
      charges: list.map((c) => ({ charge_id: c.charge_id, due: c.due, note: c.note, open: Number(c.open) })),
    };
    debits.push(debit);
    groups.push({ debit, candidates: list, amendment });
    total = total.plus(amount);
    charges += list.length;
  }
  // what the batch must find again: the collection date, each debit's charges, amounts and mandate
  const fingerprint = createHash('sha256')
    .update(
      JSON.stringify([
        q.collectionDate,
        account?.id ?? null,
        format,
        account?.cuc ?? null,
        creditor.iban,
        groups.map((g) => [
          g.debit.mandate_id,
          g.debit.iban,
          g.debit.sequence_type,
          g.debit.amendment,
          g.candidates.map((c) => [c.charge_id, c.open]),
        ]),
        leftOut.map((l) => l.customer_id),
      ]),
    )
    .digest('hex')
    .slice(0, FINGERPRINT_LENGTH);
  return {
    due_from: q.from,
    due_to: q.to,
    collection_date: q.collectionDate,
    collection_note: q.movedFrom ? SDD_MESSAGES.moved(q.movedFrom, q.collectionDate) : null,
    creditor: { name: creditor.name, iban: creditor.iban, creditor_id: creditor.creditorId },
    account: account ? { id: account.id, name: account.name, iban: account.iban!, cuc: account.cuc } : null,
    format,
    format_label: formatLabel(format),
    debits,
    left_out: leftOut,
    not_sdd: notSdd,
    totals: { debits: debits.length, charges, amount: total.toNumber() },
    fingerprint,
    groups,
    creditorFull: {
      name: creditor.name,
      iban: creditor.iban,
      creditorId: creditor.creditorId,
      bic: account?.bic ?? null,
    },
    cuc: account?.cuc ?? null,
  };
}

const transactions = () => getModel('Transaction');
const mandates = () => getModel('SddMandate');

/** The preview: the debits the range's open charges make, and the customers left out with the reasons. */
export async function previewSdd(exec: Exec, ctx: Ctx, body: SddPreviewInput): Promise<SddPlan> {
  if (!can(ctx, mandates(), 'view') || !can(ctx, transactions(), 'view')) throw forbidden();
  const { groups: _g, creditorFull: _c, cuc: _u, ...out } = await plan(exec, ctx, sddRequest(body));
  return out;
}

/** 'SDD' + the day + a progressive of the day: the file's message id, unique per studio. */
const messagePrefix = (now: Date) => `SDD${today(now).replaceAll('-', '')}`;

/**
 * The batch: the plan read and its file written outside any transaction; then, under the studio's
 * SDD lock, the plan read again (another fingerprint → 409) and the batch with its rows written in
 * one transaction. The message id's progressive is taken under the lock, so the file is written
 * again there only when a batch of the same day got there first (a cheap string change).
 */
export async function createSddBatch(
  exec: Exec,
  tx: Tx,
  ctx: Ctx,
  body: SddRunInput,
  now = new Date(),
): Promise<BatchRow> {
  if (!can(ctx, mandates(), 'view') || !can(ctx, transactions(), 'create')) throw forbidden();
  const q = sddRequest(body, now);
  const expected = body.fingerprint ?? '';
  if (!expected) throw fail('fingerprint', SDD_MESSAGES.fingerprint);
  const p = await plan(exec, ctx, q);
  if (p.fingerprint !== expected) throw new HttpError(409, SDD_MESSAGES.changed);
  if (!p.groups.length) throw new HttpError(422, SDD_MESSAGES.nothing);
  const prefix = messagePrefix(now);
  const write = (messageId: string) => {
    const debits: SddDebit[] = p.groups.map((g, i) => ({
      endToEndId: `${messageId}-${String(i + 1).padStart(5, '0')}`,
      amount: new Decimal(g.debit.amount).toFixed(2),
      mandateReference: g.debit.mandate_reference,
      mandateSignatureDate: g.candidates[0]!.signature_date!,
      sequenceType: g.debit.sequence_type,
      scheme: g.debit.scheme,
      debtorName: g.candidates[0]!.debtor_name || g.debit.business_name,
      debtorIban: g.debit.iban,
      remittance: g.debit.remittance,
      amendment: g.amendment,
    }));
    const sddFile = {
      messageId,
      createdAt: nowDateTime(now).replace(' ', 'T'),
      collectionDate: q.collectionDate,
      creditor: p.creditorFull,
      debits,
    };
    const version = cbiVersionOf(p.format);
    if (!version) return { debits, xml: writePain008(sddFile), xmlB2b: null };
    const messages = writeCbiSdd(sddFile, { version, cuc: p.cuc ?? '' });
    return {
      debits,
      xml: messages[0]!.xml,
      xmlB2b: messages.length > 1 ? messages[1]!.xml : null,
    };
  };
  let guess = `${prefix}-${String((await batchesOfDay(exec, ctx.studioId, prefix)) + 1).padStart(3, '0')}`;
  let file = write(guess);
  const id = await tx(async (e) => {
    await lockSdd(e, ctx.studioId);
    const again = await plan(e, ctx, q);
    if (again.fingerprint !== expected) throw new HttpError(409, SDD_MESSAGES.changed);
    const messageId = `${prefix}-${String((await batchesOfDay(e, ctx.studioId, prefix)) + 1).padStart(3, '0')}`;
    if (messageId !== guess) {
      guess = messageId;
      file = write(messageId);
    }
    const items: NewBatchItem[] = [];
    p.groups.forEach((g, i) => {
      for (const c of g.candidates)
        items.push({
          customer_id: g.debit.customer_id,
          mandate_id: g.debit.mandate_id,
          charge_id: c.charge_id,
          amount: c.open,
          end_to_end_id: file.debits[i]!.endToEndId,
          sequence_type: g.debit.sequence_type,
          mandate_reference: g.debit.mandate_reference,
          debtor_iban: g.debit.iban,
        });
    });
    return insertBatch(
      e,
      ctx.studioId,
      {
        message_id: messageId,
        collection_date: q.collectionDate,
        due_from: q.from,
        due_to: q.to,
        creditor: p.creditor,
        debits: p.groups.length,
        total: new Decimal(p.totals.amount).toFixed(2),
        xml: file.xml,
        xml_b2b: file.xmlB2b,
        format: p.format,
        bank_account_id: p.account?.id ?? null,
        user_id: ctx.userId,
        user_name: ctx.name,
      },
      items,
    );
  });
  return (await batchOf(exec, ctx.studioId, id))!;
}

export async function listSddBatches(exec: Exec, ctx: Ctx): Promise<BatchRow[]> {
  if (!can(ctx, mandates(), 'view')) throw forbidden();
  return batchList(exec, ctx.studioId);
}

export async function sddBatchDetail(exec: Exec, ctx: Ctx, raw: unknown): Promise<SddBatchDetail> {
  if (!can(ctx, mandates(), 'view')) throw forbidden();
  const id = pathId(raw);
  const batch = await batchOf(exec, ctx.studioId, id);
  if (!batch) throw notFound();
  const reasons = await outcomeReasons(exec, ctx.studioId, id);
  const debits = await batchDebits(exec, ctx.studioId, id);
  return {
    ...batch,
    debit_list: debits.map((d) => ({
      ...d,
      reason: d.status === 'returned' ? (reasons.get(d.end_to_end_id) ?? null) : null,
    })),
    outcomes: await outcomesOf(exec, ctx.studioId, id),
  };
}

/**
 * The batch's file for the bank, as written when the batch was made (never written again): the
 * XML, or for a CBI batch of CORE and B2B debits a ZIP of its two physical messages (its entries
 * dated with the batch, so that the ZIP too is the same at every download).
 */
export async function sddBatchFile(
  exec: Exec,
  ctx: Ctx,
  raw: unknown,
): Promise<{ fileName: string; type: string; body: string | Buffer }> {
  if (!can(ctx, mandates(), 'view')) throw forbidden();
  const file = await batchXml(exec, ctx.studioId, pathId(raw));
  if (!file) throw notFound();
  const fileName = sddFileName(file.messageId, file.format, file.xmlB2b !== null);
  if (file.xmlB2b === null) return { fileName, type: 'application/xml', body: file.xml };
  const mtime = new Date(`${file.createdAt}Z`);
  const entry = (xml: string) => [strToU8(xml), { mtime }] as [Uint8Array, { mtime: Date }];
  const zip = zipSync({
    [`SDD_CBI_${file.messageId}_CORE.xml`]: entry(file.xml),
    [`SDD_CBI_${file.messageId}_B2B.xml`]: entry(file.xmlB2b),
  });
  return { fileName, type: 'application/zip', body: Buffer.from(zip) };
}

/** Cancels a batch before any of its debits is paid or returned: its charges may be presented again. */
export async function cancelSddBatch(tx: Tx, exec: Exec, ctx: Ctx, raw: unknown): Promise<BatchRow> {
  if (!can(ctx, transactions(), 'create')) throw forbidden();
  const id = pathId(raw);
  if (!(await batchOf(exec, ctx.studioId, id))) throw notFound();
  const done = await tx(async (e) => {
    await lockSdd(e, ctx.studioId);
    return cancelBatch(e, ctx.studioId, id, ctx.name);
  });
  if (!done) throw new HttpError(409, SDD_MESSAGES.notCancellable);
  return (await batchOf(exec, ctx.studioId, id))!;
}

/** The mandate's form to sign, as PDF (the studio's letterhead, creditor and debtor, the scheme's wording). */
export async function mandateForm(exec: Exec, ctx: Ctx, raw: unknown): Promise<{ fileName: string; pdf: Buffer }> {
  if (!can(ctx, mandates(), 'view')) throw forbidden();
  const m = await mandateWithCustomer(exec, ctx.studioId, pathId(raw));
  if (!m) throw notFound();
  const studio = { ...(await studioData(exec, ctx.studioId)), ...m.studio };
  const pdf = await mandatePdf(studio, m.mandate, m.customer);
  return { fileName: `Mandato_SDD_${m.mandate.reference.replace(/[^A-Za-z0-9-]+/g, '_')}.pdf`, pdf };
}

/** A customer's open items and their totals (the customer card, the reconciliation's assignment). */
export async function customerOpen(exec: Exec, ctx: Ctx, raw: unknown) {
  if (!can(ctx, transactions(), 'view')) throw forbidden();
  const id = pathId(raw);
  if (!(await customerExists(exec, ctx.studioId, id))) throw notFound();
  const summary = await customerOpenSummary(exec, ctx.studioId, id);
  const items = await customerOpenItems(exec, ctx.studioId, id);
  const n = (v: string) => new Decimal(v).toNumber();
  return {
    summary: {
      balance: n(summary.balance),
      open: n(summary.open),
      overdue: n(summary.overdue),
      credit: n(summary.credit),
      oldest_overdue: summary.oldest_overdue,
    },
    items: items.map((i) => ({ ...i, amount: n(i.amount), fee: n(i.fee), open: n(i.open) })),
  };
}
