/**
 * 'Presenta RiBa' (issue 47 item 5), shaped as 'Incassa con SDD': a due range → the open charges of
 * the customers who pay by RiBa, one receipt per customer and due date, with what is left out and
 * why; then the presentation, all or nothing, refused when the charges changed since the preview,
 * and its CBI file (./riba.ts) kept as written. A charge on a receipt presented or credited is not
 * collected again (by SDD or RiBa) and its customer is not reminded meanwhile.
 *
 * After the presentation:
 * - the bank's credit ('Registra accredito'): "salvo buon fine" credits every receipt at once,
 *   "al dopo incasso" those fallen due by the credit's date; each credited receipt posts a payment
 *   that settles its charges;
 * - the unpaid receipts (insoluti), marked by hand or read from the bank's return file (the same
 *   records, matched by receipt number and amount): a credited receipt's payment is reversed (as an
 *   SDD return is), so its charges are open again from their own due dates — overdue for the aging
 *   and the reminders as if never presented; the bank's costs become a charge of the customer when
 *   the studio says so;
 * - the cancellation, while no receipt is credited or unpaid.
 */
import { createHash } from 'node:crypto';
import Decimal from 'decimal.js';
import {
  SDD_MAX_CUSTOMERS as MAX_CUSTOMERS,
  SDD_MAX_RANGE_DAYS as MAX_RANGE_DAYS,
  type RibaPlan,
  type RibaPreviewInput,
  type RibaRunInput,
  type RibaPresentationDetail,
  type RibaUnpaidInput,
} from '../../../model/api/collections.js';
import { FINGERPRINT_LENGTH } from '../../../model/api/records.js';
import { getModel } from '../../../model/registry.js';
import { displayDate, isoDate, today } from '../../../model/dates.js';
import { effectiveMethod } from '../../../model/collectionMethod.js';
import { isValidIban } from '../../../model/validators.js';
import { italianBankCoordinates } from '../../../model/iban.js';
import { pathId } from '../../records/ids.js';
import { can, type Ctx } from '../../auth/context.js';
import { HttpError, forbidden, notFound } from '../../errors.js';
import type { Tx } from '../../records/crud.js';
import type { Exec } from '../../records/exec.js';
import { lockSdd, sddAccount } from './sddQueries.js';
import { auditMany } from '../../records/audit.js';
import { insertMovement, insertSettlements, reversePayment } from './bankQueries.js';
import { SDD_OUTCOME_MESSAGES, outcomeFee } from './sddOutcomeService.js';
import { customersAndAccount, dueRange, remittanceOf } from './sddService.js';
import { parseRiba, ribaReceiptProblem, writeRiba, type RibaReceipt } from './riba.js';
import {
  cancelPresentation,
  defaultRibaAccount,
  insertPresentation,
  markReceiptPaid,
  markReceiptUnpaid,
  nextReceiptNo,
  presentationFile,
  presentationList,
  presentationOf,
  presentationsOfDay,
  receiptCharges,
  receiptsOf,
  ribaCandidates,
  ribaCreditorOf,
  ribaFileName,
  settlePresentation,
  type NewRibaItem,
  type PresentationRow,
  type RibaCandidate,
} from './ribaQueries.js';

export const RIBA_MESSAGES = {
  range: 'Indica le scadenze da presentare: dal giorno … al giorno … (GG/MM/AAAA)',
  rangeOrder: 'La data iniziale delle scadenze è dopo quella finale',
  rangeLength: `Le scadenze da presentare coprono al più ${MAX_RANGE_DAYS} giorni`,
  kind: "Scegli come la banca accredita la presentazione: 'sbf' (salvo buon fine) o 'dopo_incasso'",
  customers: `Scegli da 1 a ${MAX_CUSTOMERS} clienti`,
  account: "Conto non trovato: scegli uno dei conti dello studio in 'Conti bancari'",
  noAccount:
    "Lo studio non ha un conto in 'Conti bancari': aggiungi il conto a cui presentare le RiBa, con il codice SIA",
  accountIban: (name: string) =>
    `Il conto '${name}' non ha un IBAN italiano valido: la RiBa si presenta a una banca italiana (correggilo in 'Conti bancari')`,
  accountSia: (name: string) =>
    `Manca il codice SIA del conto '${name}' (5 caratteri, lo rilascia la banca): inseriscilo in 'Conti bancari'`,
  creditor: (why: string) => `I dati dello studio non bastano per la RiBa (${why}): completali in 'Il mio studio'`,
  fingerprint: "Manca l'anteprima: prepara l'anteprima della presentazione e conferma quella",
  changed:
    "Gli addebiti da presentare sono cambiati dopo l'anteprima (un addebito aggiunto, pagato o già presentato, un cliente cambiato): controlla la nuova anteprima e conferma di nuovo",
  nothing:
    'Nessuna ricevuta da presentare: nelle scadenze scelte non ci sono addebiti aperti di clienti che pagano con RiBa',
  paysOtherwise: (method: 'bonifico' | 'sdd') =>
    `paga ${method === 'sdd' ? 'con addebito diretto SDD' : 'con bonifico'}, come dice la sua modalità di pagamento`,
  noBankIban: "manca l'IBAN della sua banca, dove presentare la ricevuta: inseriscilo nella scheda del cliente",
  badBankIban:
    "l'IBAN della sua banca non è un IBAN italiano valido: la RiBa si domicilia solo presso una banca italiana",
  notCancellable:
    'La presentazione non si può annullare: è già annullata, o una sua ricevuta è stata accreditata o è insoluta',
  cancelled: 'La presentazione è annullata: nessuna ricevuta da accreditare o da segnare insoluta',
  collectedDate: "Data dell'accredito non valida (GG/MM/AAAA), al più oggi",
  nothingToCollect: (kind: 'sbf' | 'dopo_incasso', day: string) =>
    kind === 'sbf'
      ? 'Nessuna ricevuta da accreditare: sono già tutte accreditate o insolute'
      : `Nessuna ricevuta da accreditare al ${displayDate(day)}: al dopo incasso la banca accredita le ricevute scadute, e non ce ne sono ancora di presentate`,
  unpaidDate: "Data dell'insoluto non valida (GG/MM/AAAA), al più oggi",
  unknownNumbers: (n: number[]) =>
    `${n.length === 1 ? 'La ricevuta' : 'Le ricevute'} n. ${n.slice(0, 20).join(', ')}${n.length > 20 ? '…' : ''} non ${n.length === 1 ? 'è' : 'sono'} di questa presentazione: nessuna modifica`,
  alreadyUnpaid: (n: number[]) =>
    `${n.length === 1 ? 'La ricevuta' : 'Le ricevute'} n. ${n.slice(0, 20).join(', ')} ${n.length === 1 ? 'è già insoluta' : 'sono già insolute'}: nessuna modifica`,
  fileOther: (name: string, own: string) =>
    `Il file degli insoluti è del supporto ${name}, non di questa presentazione (${own}): caricalo dalla presentazione giusta`,
  fileAmount: (n: number, file: string, own: string) =>
    `Ricevuta n. ${n}: il file dice ${file} €, la presentazione ${own} €. Nessuna modifica`,
  unpaidReason: 'Insoluto segnalato dalla banca',
  paymentNote: (n: number, support: string, due: string) =>
    `Incasso RiBa n. ${n} (presentazione ${support}, scadenza ${displayDate(due)})`,
  reversalNote: (n: number, support: string) => `Insoluto RiBa n. ${n} (presentazione ${support}): storno dell'incasso`,
  feeNote: (n: number, support: string) => `Spese bancarie per RiBa insoluta n. ${n} (presentazione ${support})`,
  amountText: (v: string) => new Decimal(v).toFixed(2).replace('.', ','),
} as const;

const fail = (field: string, message: string) => new HttpError(422, message, { [field]: [message] });

const transactions = () => getModel('Transaction');
const presentations = () => getModel('RibaPresentation');

export interface RibaRequest {
  from: string;
  to: string;
  kind: 'sbf' | 'dopo_incasso';
  customerIds: number[] | null;
  bankAccountId: number | null;
}

/** The request checked: the due range (ordered, at most a year), the kind, the customers, the account. */
export function ribaRequest(body: RibaPreviewInput): RibaRequest {
  const { from, to } = dueRange(body, RIBA_MESSAGES);
  const rawKind = body.kind === undefined || body.kind === null || body.kind === '' ? 'sbf' : String(body.kind);
  if (rawKind !== 'sbf' && rawKind !== 'dopo_incasso') throw fail('kind', RIBA_MESSAGES.kind);
  return { from, to, kind: rawKind, ...customersAndAccount(body, RIBA_MESSAGES) };
}

/** What record 50 says of a receipt: its invoices and amount, else its charges' notes. */
export function ribaDescription(list: Array<Pick<RibaCandidate, 'invoice' | 'note'>>, amount: string): string {
  const invoices = [...new Set(list.map((c) => c.invoice).filter((x): x is string => !!x))];
  const imp = `IMP ${RIBA_MESSAGES.amountText(amount)}`;
  if (invoices.length === 1) return `PER LA FATTURA N. ${invoices[0]} ${imp}`;
  if (invoices.length > 1) return `PER LE FATTURE N. ${invoices.join(' ')} ${imp}`.slice(0, 80);
  return `${remittanceOf(list).slice(0, 80 - imp.length - 1)} ${imp}`;
}

interface Receipt {
  plan: RibaPlan['receipts'][number];
  candidates: RibaCandidate[];
  /** the receipt for the writer, its number set when the presentation is made */
  file: Omit<RibaReceipt, 'number'>;
}

interface Plan extends RibaPlan {
  list: Receipt[];
  creditor: { name: string; address: string; zipCity: string; vatOrTaxCode: string; iban: string; sia: string };
}

/** The plan of a request, read in `exec` (the presentation reads it again under the studio's lock). */
async function plan(exec: Exec, ctx: Ctx, q: RibaRequest): Promise<Plan> {
  const account =
    q.bankAccountId !== null
      ? await sddAccount(exec, ctx.studioId, q.bankAccountId)
      : await defaultRibaAccount(exec, ctx.studioId);
  if (!account)
    throw fail('bank_account_id', q.bankAccountId !== null ? RIBA_MESSAGES.account : RIBA_MESSAGES.noAccount);
  if (!account.iban || !isValidIban(account.iban) || !italianBankCoordinates(account.iban))
    throw fail('bank_account_id', RIBA_MESSAGES.accountIban(account.name));
  if (!account.sia) throw fail('bank_account_id', RIBA_MESSAGES.accountSia(account.name));
  const studio = await ribaCreditorOf(exec, ctx.studioId);
  const creditor = {
    name: studio.name,
    address: studio.address.split(',')[0]!.trim(),
    zipCity: [studio.postal_code, studio.city].filter(Boolean).join(' '),
    vatOrTaxCode: (studio.vat_number ?? studio.fiscal_code ?? '').replace(/^IT/i, ''),
    iban: account.iban,
    sia: account.sia,
  };
  if (!creditor.name.trim()) throw new HttpError(422, RIBA_MESSAGES.creditor('manca la ragione sociale'));
  if (!creditor.vatOrTaxCode.trim()) throw new HttpError(422, RIBA_MESSAGES.creditor('manca la partita IVA'));

  const candidates = await ribaCandidates(exec, ctx.studioId, q);
  const byCustomer = new Map<number, RibaCandidate[]>();
  for (const c of candidates) {
    const list = byCustomer.get(c.customer_id);
    if (list) list.push(c);
    else byCustomer.set(c.customer_id, [c]);
  }
  const receipts: Receipt[] = [];
  const leftOut: RibaPlan['left_out'] = [];
  const notRiba: RibaPlan['not_riba'] = [];
  let total = new Decimal(0);
  let charges = 0;
  for (const [customerId, list] of byCustomer) {
    const first = list[0]!;
    const amount = list.reduce((s, c) => s.plus(c.open), new Decimal(0));
    const who = { customer_id: customerId, business_name: first.business_name, amount: amount.toNumber() };
    const method = effectiveMethod(first.collection_method, first.has_mandate);
    if (method !== 'riba') {
      notRiba.push({ ...who, reasons: [RIBA_MESSAGES.paysOtherwise(method)] });
      continue;
    }
    const iban = (first.bank_iban ?? '').replace(/\s+/g, '').toUpperCase();
    const reason = !iban
      ? RIBA_MESSAGES.noBankIban
      : !isValidIban(iban) || !italianBankCoordinates(iban)
        ? RIBA_MESSAGES.badBankIban
        : null;
    if (reason) {
      leftOut.push({ ...who, reasons: [reason] });
      continue;
    }
    const bank = italianBankCoordinates(iban)!;
    // one receipt per due date: the customer's bank presents each on its day
    const byDue = new Map<string, RibaCandidate[]>();
    for (const c of list) {
      const d = byDue.get(c.due);
      if (d) d.push(c);
      else byDue.set(c.due, [c]);
    }
    const mine: Receipt[] = [];
    const problems = new Set<string>();
    for (const [due, group] of byDue) {
      const sum = group.reduce((s, c) => s.plus(c.open), new Decimal(0)).toFixed(2);
      const file: Omit<RibaReceipt, 'number'> = {
        dueDate: due,
        amount: sum,
        debtorCode: (first.cod ?? '').trim() || `C${customerId}`,
        debtorName: first.business_name,
        debtorTaxCode: (first.vat_id ?? '').trim() || (first.fiscal_code ?? '').trim(),
        debtorAddress: first.address ?? '',
        debtorZip: first.postal_code ?? '',
        debtorCity: first.city ?? '',
        debtorProvince: first.province ?? '',
        debtorIban: iban,
        description: ribaDescription(group, sum),
      };
      const problem = ribaReceiptProblem({ ...file, number: 1 });
      if (problem) problems.add(problem.replace(/ del debitore/g, ''));
      mine.push({
        file,
        candidates: group,
        plan: {
          customer_id: customerId,
          business_name: first.business_name,
          due,
          amount: Number(sum),
          iban,
          abi: bank.abi,
          cab: bank.cab,
          description: file.description,
          charges: group.map((c) => ({ charge_id: c.charge_id, due: c.due, note: c.note, open: Number(c.open) })),
        },
      });
    }
    if (problems.size) {
      leftOut.push({ ...who, reasons: [...problems].map((p) => `${p}: correggilo nella scheda del cliente`) });
      continue;
    }
    receipts.push(...mine);
    total = total.plus(amount);
    charges += list.length;
  }
  receipts.sort((a, b) => (a.plan.due < b.plan.due ? -1 : a.plan.due > b.plan.due ? 1 : 0));
  const fingerprint = createHash('sha256')
    .update(
      JSON.stringify([
        q.kind,
        account.id,
        account.sia,
        account.iban,
        receipts.map((r) => [r.plan.customer_id, r.plan.due, r.file, r.candidates.map((c) => [c.charge_id, c.open])]),
        leftOut.map((l) => l.customer_id),
      ]),
    )
    .digest('hex')
    .slice(0, FINGERPRINT_LENGTH);
  return {
    due_from: q.from,
    due_to: q.to,
    kind: q.kind,
    account: { id: account.id, name: account.name, iban: account.iban, sia: account.sia },
    receipts: receipts.map((r) => r.plan),
    left_out: leftOut,
    not_riba: notRiba,
    totals: { receipts: receipts.length, charges, amount: total.toNumber() },
    fingerprint,
    list: receipts,
    creditor,
  };
}

/** The preview: the receipts the range's open charges make, and the customers left out with the reasons. */
export async function previewRiba(exec: Exec, ctx: Ctx, body: RibaPreviewInput): Promise<RibaPlan> {
  if (!can(ctx, presentations(), 'view') || !can(ctx, transactions(), 'view')) throw forbidden();
  const { list: _l, creditor: _c, ...out } = await plan(exec, ctx, ribaRequest(body));
  return out;
}

/** 'RB' + S (salvo buon fine) or D (al dopo incasso) + YYMMDD + the day's progressive + '-' + SIA: ≤ 20 characters. */
const supportPrefix = (kind: RibaRequest['kind'], now: Date) =>
  `RB${kind === 'sbf' ? 'S' : 'D'}${today(now).slice(2).replaceAll('-', '')}`;

/**
 * The presentation: under the studio's collections lock (the SDD batches' too: a charge goes to
 * one of them) the plan read (another fingerprint than the preview's → 409), the receipt numbers
 * taken, the file written and the presentation with its rows stored, in one transaction.
 */
export async function createRibaPresentation(
  exec: Exec,
  tx: Tx,
  ctx: Ctx,
  body: RibaRunInput,
  now = new Date(),
): Promise<PresentationRow> {
  if (!can(ctx, presentations(), 'view') || !can(ctx, transactions(), 'create')) throw forbidden();
  const q = ribaRequest(body);
  const expected = body.fingerprint ?? '';
  if (!expected) throw fail('fingerprint', RIBA_MESSAGES.fingerprint);
  const id = await tx(async (e) => {
    await lockSdd(e, ctx.studioId);
    // read once, under the lock: the file is a cheap string (5,000 receipts in under 0.1 s)
    const p = await plan(e, ctx, q);
    if (p.fingerprint !== expected) throw new HttpError(409, RIBA_MESSAGES.changed);
    if (!p.list.length) throw new HttpError(422, RIBA_MESSAGES.nothing);
    const prefix = supportPrefix(q.kind, now);
    const supportName = `${prefix}${String((await presentationsOfDay(e, ctx.studioId, prefix)) + 1).padStart(3, '0')}-${p.creditor.sia}`;
    let number = await nextReceiptNo(e, ctx.studioId);
    const items: NewRibaItem[] = [];
    const receipts: RibaReceipt[] = p.list.map((r) => {
      const n = number++;
      for (const c of r.candidates)
        items.push({ receipt_no: n, customer_id: c.customer_id, charge_id: c.charge_id, amount: c.open, due: c.due });
      return { ...r.file, number: n };
    });
    const content = writeRiba({
      created: today(now),
      supportName,
      kind: q.kind,
      creditor: { ...p.creditor, reference: 'ONORARI PROFESSIONALI' },
      receipts,
    });
    return insertPresentation(
      e,
      ctx.studioId,
      {
        support_name: supportName,
        kind: q.kind,
        due_from: q.from,
        due_to: q.to,
        bank_account_id: p.account.id,
        receipts: receipts.length,
        total: new Decimal(p.totals.amount).toFixed(2),
        content,
        user_id: ctx.userId,
        user_name: ctx.name,
      },
      items,
    );
  });
  return (await presentationOf(exec, ctx.studioId, id))!;
}

export async function listRibaPresentations(exec: Exec, ctx: Ctx): Promise<PresentationRow[]> {
  if (!can(ctx, presentations(), 'view')) throw forbidden();
  return presentationList(exec, ctx.studioId);
}

export async function ribaPresentationDetail(exec: Exec, ctx: Ctx, raw: unknown): Promise<RibaPresentationDetail> {
  if (!can(ctx, presentations(), 'view')) throw forbidden();
  const id = pathId(raw);
  const p = await presentationOf(exec, ctx.studioId, id);
  if (!p) throw notFound();
  const receipts = await receiptsOf(exec, ctx.studioId, id);
  return {
    ...p,
    receipt_list: receipts.map((r) => ({
      number: r.number,
      customer_id: r.customer_id,
      business_name: r.business_name,
      due: r.due,
      amount: Number(r.amount),
      charges: r.charges,
      status: r.status,
      paid_on: r.paid_on,
      unpaid_on: r.unpaid_on,
      unpaid_reason: r.unpaid_reason,
      fee: r.fee == null ? null : Number(r.fee),
    })),
  };
}

/** The presentation's CBI file, as written when it was made (never written again). */
export async function ribaPresentationFile(exec: Exec, ctx: Ctx, raw: unknown) {
  if (!can(ctx, presentations(), 'view')) throw forbidden();
  const f = await presentationFile(exec, ctx.studioId, pathId(raw));
  if (!f) throw notFound();
  return { fileName: ribaFileName(f.supportName), type: 'text/plain; charset=us-ascii', body: f.content };
}

/** A day of the request: given or today, never after today. */
function pastDay(raw: unknown, field: string, message: string, now: Date): string {
  const day = raw === undefined || raw === null || raw === '' ? today(now) : isoDate(raw);
  if (!day || day > today(now)) throw fail(field, message);
  return day;
}

/**
 * The bank credited the presentation on `date`: salvo buon fine, every receipt still presented;
 * al dopo incasso, those due by the date. Each posts a payment settling its charges.
 */
export async function ribaCollected(tx: Tx, exec: Exec, ctx: Ctx, raw: unknown, rawDate: unknown, now = new Date()) {
  if (!can(ctx, transactions(), 'create')) throw forbidden();
  const id = pathId(raw);
  const day = pastDay(rawDate, 'date', RIBA_MESSAGES.collectedDate, now);
  await tx(async (e) => {
    await lockSdd(e, ctx.studioId);
    const p = await presentationOf(e, ctx.studioId, id);
    if (!p) throw notFound();
    if (p.status === 'cancelled') throw new HttpError(409, RIBA_MESSAGES.cancelled);
    const due = (await receiptsOf(e, ctx.studioId, id)).filter(
      (r) => r.status === 'presented' && (p.kind === 'sbf' || r.due <= day),
    );
    if (!due.length) throw fail('date', RIBA_MESSAGES.nothingToCollect(p.kind, day));
    const posted: number[] = [];
    for (const r of due) {
      const paymentId = await insertMovement(e, ctx.studioId, {
        customer_id: r.customer_id,
        type: 'PAYMENT',
        amount: new Decimal(r.amount).toFixed(2),
        date: day,
        note: RIBA_MESSAGES.paymentNote(r.number, p.support_name, r.due),
        internal: `RiBa ${p.support_name} n. ${r.number}`,
      });
      await insertSettlements(e, ctx.studioId, paymentId, await receiptCharges(e, ctx.studioId, r.number));
      await markReceiptPaid(e, ctx.studioId, r.number, paymentId, day);
      posted.push(paymentId);
    }
    await auditMany(e, ctx, transactions(), posted, 'create');
    await settlePresentation(e, ctx.studioId, id);
  });
  return ribaPresentationDetail(exec, ctx, id);
}

/**
 * Marks receipts of the presentation unpaid (insoluti): a credited one has its payment reversed;
 * its charges are open again, from their own due dates; the bank's costs, if given, are charged to
 * the customer. All or nothing: an unknown or already unpaid number changes nothing.
 */
async function markUnpaid(
  tx: Tx,
  exec: Exec,
  ctx: Ctx,
  id: number,
  v: { numbers: number[]; day: string; reason: string; fee: Decimal | null; amounts?: Map<number, string> },
) {
  await tx(async (e) => {
    await lockSdd(e, ctx.studioId);
    const p = await presentationOf(e, ctx.studioId, id);
    if (!p) throw notFound();
    if (p.status === 'cancelled') throw new HttpError(409, RIBA_MESSAGES.cancelled);
    const receipts = new Map((await receiptsOf(e, ctx.studioId, id)).map((r) => [r.number, r]));
    const numbers = [...new Set(v.numbers)];
    const unknown = numbers.filter((n) => !receipts.has(n));
    if (unknown.length) throw fail('numbers', RIBA_MESSAGES.unknownNumbers(unknown));
    const again = numbers.filter((n) => receipts.get(n)!.status !== 'presented' && receipts.get(n)!.status !== 'paid');
    if (again.length) throw fail('numbers', RIBA_MESSAGES.alreadyUnpaid(again));
    for (const [n, amount] of v.amounts ?? []) {
      const own = new Decimal(receipts.get(n)!.amount);
      if (!own.eq(amount))
        throw fail(
          'file',
          RIBA_MESSAGES.fileAmount(n, RIBA_MESSAGES.amountText(amount), RIBA_MESSAGES.amountText(own.toFixed(2))),
        );
    }
    const posted: number[] = [];
    for (const n of numbers) {
      const r = receipts.get(n)!;
      if (r.status === 'paid' && r.payment_id != null) {
        const reversal = await reversePayment(
          e,
          ctx.studioId,
          {
            customer_id: r.customer_id,
            payment_id: r.payment_id,
            amount: new Decimal(r.amount).toFixed(2),
            date: v.day,
            note: RIBA_MESSAGES.reversalNote(n, p.support_name),
            internal: v.reason,
          },
          'RIBA',
        );
        posted.push(reversal);
      }
      const feeId = v.fee
        ? await insertMovement(e, ctx.studioId, {
            customer_id: r.customer_id,
            type: 'ADJUSTMENT',
            amount: v.fee.toFixed(2),
            date: v.day,
            note: RIBA_MESSAGES.feeNote(n, p.support_name),
            internal: SDD_OUTCOME_MESSAGES.feeInternal,
          })
        : null;
      if (feeId !== null) posted.push(feeId);
      await markReceiptUnpaid(e, ctx.studioId, n, { day: v.day, reason: v.reason, feeId });
    }
    await auditMany(e, ctx, transactions(), posted, 'create');
    await settlePresentation(e, ctx.studioId, id);
  });
  return ribaPresentationDetail(exec, ctx, id);
}

/** Receipts marked unpaid by hand. */
export async function ribaUnpaid(tx: Tx, exec: Exec, ctx: Ctx, raw: unknown, body: RibaUnpaidInput, now = new Date()) {
  if (!can(ctx, transactions(), 'create')) throw forbidden();
  const id = pathId(raw);
  const day = pastDay(body.date, 'date', RIBA_MESSAGES.unpaidDate, now);
  const fee = outcomeFee(body.fee === undefined ? undefined : String(body.fee));
  const reason = (body.reason ?? '').trim().slice(0, 200) || RIBA_MESSAGES.unpaidReason;
  return markUnpaid(tx, exec, ctx, id, { numbers: body.numbers, day, reason, fee });
}

/**
 * The bank's return of unpaid receipts, in the presentation's own records (IB … EF): each receipt
 * named by its number (record 51) and checked by its amount; the file's support name, when it is
 * the presentation's, or its creditor's SIA must be the presentation's.
 */
export async function ribaUnpaidFile(
  tx: Tx,
  exec: Exec,
  ctx: Ctx,
  raw: unknown,
  file: { name: string; bytes: Buffer },
  rawFee: string | undefined,
  now = new Date(),
) {
  if (!can(ctx, transactions(), 'create')) throw forbidden();
  const id = pathId(raw);
  const fee = outcomeFee(rawFee);
  let parsed;
  try {
    parsed = parseRiba(file.bytes);
  } catch (e) {
    throw fail('file', (e as Error).message);
  }
  const p = await presentationOf(exec, ctx.studioId, id);
  if (!p) throw notFound();
  const sia = p.support_name.slice(p.support_name.indexOf('-') + 1);
  if (parsed.supportName.trim() !== p.support_name && parsed.creditorSia !== sia)
    throw fail('file', RIBA_MESSAGES.fileOther(parsed.supportName.trim(), p.support_name));
  const amounts = new Map(parsed.receipts.map((r) => [r.number, r.amount]));
  return markUnpaid(tx, exec, ctx, id, {
    numbers: [...amounts.keys()],
    day: today(now),
    reason: RIBA_MESSAGES.unpaidReason,
    fee,
    amounts,
  });
}

/** Cancels a presentation before any receipt is credited or unpaid: its charges may be collected again. */
export async function cancelRibaPresentation(tx: Tx, exec: Exec, ctx: Ctx, raw: unknown): Promise<PresentationRow> {
  if (!can(ctx, transactions(), 'create')) throw forbidden();
  const id = pathId(raw);
  if (!(await presentationOf(exec, ctx.studioId, id))) throw notFound();
  const done = await tx(async (e) => {
    await lockSdd(e, ctx.studioId);
    return cancelPresentation(e, ctx.studioId, id, ctx.name);
  });
  if (!done) throw new HttpError(409, RIBA_MESSAGES.notCancellable);
  return (await presentationOf(exec, ctx.studioId, id))!;
}
