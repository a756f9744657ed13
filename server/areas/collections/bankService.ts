/**
 * Bank statements in (issue 29 items 4–5): a CAMT.053 file, or the CSV/XLSX of a home banking with
 * its columns mapped (the studio's last mapping remembered); the file refused whole, with an
 * Italian message, when it is not a statement, is of another account, was imported before, or has
 * lines that cannot be read. Each new line (a line already imported with another statement is
 * counted, not written again) is matched: credits to a customer and its open charges (./match.ts),
 * SDD returns to the debit they return, other debits ignored. Then the reconciliation: a line
 * confirmed becomes a payment on the customer's account settling the charges it pays (an SDD
 * debit paid), a return's reversal reopens what the returned payment paid; 'Conferma tutti' posts
 * the sure matches; a confirmation can be undone.
 */
import { createHash } from 'node:crypto';
import Decimal from 'decimal.js';
import { getModel } from '../../../model/registry.js';
import { can, type Ctx } from '../../auth/context.js';
import { HttpError, forbidden, notFound } from '../../errors.js';
import type { Tx } from '../../records/crud.js';
import type { Exec } from '../../records/exec.js';
import { auditMany } from '../../records/audit.js';
import { pathId } from '../../records/ids.js';
import { offload } from '../../offload/pool.js';
import { BANK_FIELDS, bankFileFormat, guessBankMapping, type BankMapping } from './bankCsv.js';
import type { MatchLine } from './match.js';
import type { BankLine, ParsedStatement } from './types.js';
import {
  chargeInfo,
  chargesOfCustomer,
  collectedDebits,
  customerOfStudio,
  insertMovement,
  reversePayment,
  insertSettlements,
  insertStatement,
  knownFingerprints,
  lastBankMapping,
  lineIdsOf,
  lineOf,
  lockBank,
  markConfirmed,
  markDebitsPaid,
  markDebitsReturned,
  matchBook,
  openOfCustomer,
  saveBankMapping,
  setLineStatus,
  statementByHash,
  statementLines,
  statementList,
  statementOf,
  studioIbans,
  trashMovement,
  unmarkDebits,
  type LineRow,
  type NewLine,
} from './bankQueries.js';

/** The largest statement file accepted (CAMT.053 of a busy year, or its CSV/XLSX). */
export const BANK_MAX_BYTES = 30 * 1024 * 1024;
/** The most lines of one statement. */
export const BANK_MAX_LINES = 50_000;

export const BANK_IMPORT_MESSAGES = {
  noFile: 'Scegli il file dell’estratto conto (CAMT.053 .xml, oppure .csv o .xlsx della banca online)',
  tooLarge: `Il file supera ${BANK_MAX_BYTES / 1024 / 1024} MB`,
  tooManyLines: `L'estratto conto ha più di ${BANK_MAX_LINES.toLocaleString('it-IT')} movimenti: importalo in più file`,
  mapping: 'Associa le colonne del file (data contabile e importo almeno) prima di importarlo',
  badMapping: 'Associazione delle colonne non valida',
  already: (s: { day: string; by: string | null; file_name: string }) =>
    `Questo estratto conto è già stato importato il ${s.day}${s.by ? ` da ${s.by}` : ''} (${s.file_name}): nessun movimento viene registrato due volte`,
  otherAccount: (iban: string) =>
    `L'estratto conto è del conto ${iban}, che non è un conto dello studio: controlla l'IBAN in 'Il mio studio' o in 'Conti bancari'`,
  unreadable: (n: number) =>
    `Il file ha ${n === 1 ? 'una riga non leggibile' : `${n} righe non leggibili`}: correggile e importalo di nuovo (nessun movimento è stato importato)`,
  empty: "L'estratto conto non contiene movimenti",
  lineDone: 'Il movimento è già stato registrato o ignorato',
  lineNotDone: 'Il movimento non è registrato',
  chooseCustomer: 'Scegli il cliente che ha pagato',
  notCredit: 'Solo un accredito si registra come incasso di un cliente',
  chargeNotOfCustomer: 'Un addebito scelto non è di questo cliente o non è più aperto',
  chargeTooMuch: (open: string) => `L'importo assegnato a un addebito supera il suo residuo (${open} euro)`,
  overAmount: "La somma assegnata agli addebiti supera l'importo del movimento",
  returnUnknown: 'Lo storno non corrisponde a un addebito SDD presentato da questo studio',
} as const;

const transactions = () => getModel('Transaction');
const assertView = (ctx: Ctx) => {
  if (!can(ctx, transactions(), 'view')) throw forbidden();
};
const assertPost = (ctx: Ctx) => {
  if (!can(ctx, transactions(), 'create')) throw forbidden();
};

/**
 * The columns of a CSV/XLSX (a CAMT needs none): the headers, a few rows, the last mapping or a
 * guess. The file is read on the offload pool (issue 45 item 20), never on the request's thread.
 */
export async function bankColumns(exec: Exec, ctx: Ctx, bytes: Buffer) {
  assertPost(ctx);
  if (!bytes.length) throw new HttpError(422, BANK_IMPORT_MESSAGES.noFile, { file: [BANK_IMPORT_MESSAGES.noFile] });
  const fields = BANK_FIELDS.map((f) => ({ key: f.name, label: f.label, required: !!f.required }));
  const sheet = await offload('bankColumns', bytes, { key: ctx.studioId });
  if (sheet.format === 'camt053')
    return { format: sheet.format, headers: [], sample: [], title_rows: 0, mapping: {}, fields };
  const last = await lastBankMapping(exec, ctx.studioId);
  const fits =
    last &&
    Object.values(last).every((h) => h == null || h === '' || sheet.headers.includes(h)) &&
    Object.values(last).some(Boolean);
  return {
    format: sheet.format,
    headers: sheet.headers,
    sample: sheet.sample,
    // the title rows the bank wrote above its table, skipped (issue 45 item 10)
    title_rows: sheet.titleRows,
    mapping: fits ? last! : guessBankMapping(sheet.headers),
    fields,
  };
}

/** The mapping sent with a CSV/XLSX: a JSON object field → column header (or null). */
function mappingOf(raw: string | undefined): BankMapping | null {
  if (raw === undefined || raw === '') return null;
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    throw new HttpError(422, BANK_IMPORT_MESSAGES.badMapping, { mapping: [BANK_IMPORT_MESSAGES.badMapping] });
  }
  if (!v || typeof v !== 'object' || Array.isArray(v))
    throw new HttpError(422, BANK_IMPORT_MESSAGES.badMapping, { mapping: [BANK_IMPORT_MESSAGES.badMapping] });
  const known = new Set(BANK_FIELDS.map((f) => f.name as string));
  const out: BankMapping = {};
  for (const [k, h] of Object.entries(v as Record<string, unknown>)) {
    if (!known.has(k)) continue;
    if (h !== null && typeof h !== 'string')
      throw new HttpError(422, BANK_IMPORT_MESSAGES.badMapping, { mapping: [BANK_IMPORT_MESSAGES.badMapping] });
    out[k] = h === null ? null : h.slice(0, 200);
  }
  return out;
}

const sha = (s: string | Buffer) => createHash('sha256').update(s).digest('hex');
const normIban = (s: string | null | undefined) => (s ? s.replace(/\s+/g, '').toUpperCase() : null);
const cut = (s: string | null, n: number) => (s == null ? null : s.slice(0, n));

/** What makes a line the same line in any file of the same account: account, day, amount, the bank's words, the occurrence. */
function fingerprints(account: string, lines: BankLine[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((l) => {
    const key = [
      account,
      l.bookingDate,
      new Decimal(l.amount).toFixed(2),
      l.bankRef ?? '',
      l.endToEndId ?? '',
      (l.remittance ?? '').replace(/\s+/g, ' ').trim().toUpperCase(),
      (l.counterparty ?? '').replace(/\s+/g, ' ').trim().toUpperCase(),
    ].join('|');
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return sha(`${key}|${n}`);
  });
}

/**
 * Reads the file into its statements, on the offload pool (422 with the reasons when it cannot be
 * read whole): a CAMT.053 or a CSV/XLSX has one, a CBI RH file one per account it reports.
 */
async function readStatements(
  exec: Exec,
  ctx: Ctx,
  bytes: Buffer,
  rawMapping: string | undefined,
  ownIban: string | null,
): Promise<ParsedStatement[]> {
  const format = bankFileFormat(bytes);
  const typed = format === 'camt053' || format === 'cbi_rh';
  const mapping = typed ? null : mappingOf(rawMapping);
  if (!mapping && !typed)
    throw new HttpError(422, BANK_IMPORT_MESSAGES.mapping, { mapping: [BANK_IMPORT_MESSAGES.mapping] });
  const read = await offload('bankStatement', { bytes, mapping, ownIban }, { key: ctx.studioId });
  if (read.kind === 'statements') return read.statements;
  if (read.errors.length || !read.statement)
    throw new HttpError(422, BANK_IMPORT_MESSAGES.unreadable(read.errors.length), {
      file: read.errors.slice(0, 50).map((e) => e.message),
    });
  await saveBankMapping(exec, ctx.studioId, mapping!);
  return [read.statement];
}

const RETURN_TEXT = (e2e: string, reason: string | null, who: string) =>
  `Storno SDD${reason ? ` (${reason})` : ''} dell'addebito ${e2e} di ${who}`;

/**
 * Imports a bank file: read whole (or refused), each statement it holds checked (an account of the
 * studio, not imported before), its new lines matched and written with the statement in one
 * transaction. A CBI RH file may report several accounts (several banks): every statement is
 * checked before any is written, and each is imported as a statement of its own. Answers the
 * statements imported, in the file's order.
 */
export async function importStatement(
  exec: Exec,
  tx: Tx,
  ctx: Ctx,
  file: { name: string; bytes: Buffer },
  rawMapping: string | undefined,
) {
  assertPost(ctx);
  if (!file.bytes.length)
    throw new HttpError(422, BANK_IMPORT_MESSAGES.noFile, { file: [BANK_IMPORT_MESSAGES.noFile] });
  const fileHash = sha(file.bytes);
  const before = await statementByHash(exec, ctx.studioId, fileHash);
  if (before) throw new HttpError(409, BANK_IMPORT_MESSAGES.already(before));
  const ibans = await studioIbans(exec, ctx.studioId);
  const statements = await readStatements(exec, ctx, file.bytes, rawMapping, ibans[0] ?? null);
  for (const parsed of statements) {
    const account = normIban(parsed.iban);
    if (account && !ibans.includes(account)) throw new HttpError(422, BANK_IMPORT_MESSAGES.otherAccount(account));
  }
  if (!statements.some((s) => s.lines.length)) throw new HttpError(422, BANK_IMPORT_MESSAGES.empty);
  if (statements.reduce((n, s) => n + s.lines.length, 0) > BANK_MAX_LINES)
    throw new HttpError(422, BANK_IMPORT_MESSAGES.tooManyLines);
  const out = [];
  for (const [i, parsed] of statements.entries()) {
    if (!parsed.lines.length) continue;
    // the file's hash for its first statement (the same file twice is refused by it), one of its own for the others
    const hash = i === 0 ? fileHash : sha(`${fileHash}#${i}`);
    out.push(await importParsed(exec, tx, ctx, file.name, hash, parsed, ibans));
  }
  return out;
}

/** One statement of a file: its new lines matched and written with it, in one transaction. */
async function importParsed(
  exec: Exec,
  tx: Tx,
  ctx: Ctx,
  fileName: string,
  hash: string,
  parsed: ParsedStatement,
  ibans: string[],
) {
  const account = normIban(parsed.iban);

  const prints = fingerprints(account ?? ibans[0] ?? '', parsed.lines);
  const known = await knownFingerprints(exec, ctx.studioId, prints);
  const fresh = parsed.lines.map((l, i) => ({ l, print: prints[i]! })).filter((x) => !known.has(x.print));

  // returns of collected debits; credits to match; other debits are not customers' payments
  const returnE2es = fresh
    .filter((x) => new Decimal(x.l.amount).isNegative() && x.l.endToEndId)
    .map((x) => x.l.endToEndId!);
  const collected = await collectedDebits(exec, ctx.studioId, [...new Set(returnE2es)]);
  const book = await matchBook(exec, ctx.studioId);
  const names = new Map(book.customers.map((c) => [c.id, c.name]));
  const credits: MatchLine[] = [];
  fresh.forEach((x, i) => {
    if (new Decimal(x.l.amount).gt(0) && !x.l.isReturn)
      credits.push({
        key: i,
        bookingDate: x.l.bookingDate,
        amount: x.l.amount,
        counterparty: x.l.counterparty,
        counterpartyIban: x.l.counterpartyIban,
        remittance: x.l.remittance,
        endToEndId: x.l.endToEndId,
      });
  });
  const matched = new Map(
    (await offload('match', { lines: credits, book }, { key: ctx.studioId, timeoutMs: 120_000 })).map((r) => [
      Number(r.key),
      r,
    ]),
  );
  const rows: NewLine[] = fresh.map((x, i) => {
    const l = x.l;
    const base = {
      line_no: l.lineNo,
      fingerprint: x.print,
      booking_date: l.bookingDate,
      value_date: l.valueDate,
      amount: new Decimal(l.amount).toFixed(2),
      counterparty: cut(l.counterparty, 200),
      counterparty_iban: cut(normIban(l.counterpartyIban), 34),
      remittance: cut(l.remittance, 1000),
      end_to_end_id: cut(l.endToEndId, 35),
      bank_ref: cut(l.bankRef, 200),
      return_reason: cut(l.returnReason, 8),
      is_return: l.isReturn,
      cbi_code: cut(l.cbiCode ?? null, 4),
    };
    const m = matched.get(i);
    if (m)
      return {
        ...base,
        status: m.status,
        customer_id: m.customer_id,
        charges: m.charges.length ? m.charges : null,
        reason: m.reason,
        reason_text: m.reason_text || null,
      };
    const debit = l.endToEndId ? collected.get(l.endToEndId) : undefined;
    if (new Decimal(l.amount).isNegative() && debit)
      return {
        ...base,
        is_return: true,
        status: 'matched',
        customer_id: debit.customer_id,
        charges: null,
        reason: 'sdd',
        reason_text: RETURN_TEXT(l.endToEndId!, l.returnReason, names.get(debit.customer_id) ?? ''),
      };
    return {
      ...base,
      status: new Decimal(l.amount).isNegative() && !l.isReturn ? 'ignored' : 'unmatched',
      customer_id: null,
      charges: null,
      reason: null,
      reason_text: new Decimal(l.amount).isNegative()
        ? l.isReturn
          ? BANK_IMPORT_MESSAGES.returnUnknown
          : 'Uscita: non è un incasso di un cliente'
        : null,
    };
  });
  const id = await tx(async (e) => {
    await lockBank(e, ctx.studioId);
    const again = await statementByHash(e, ctx.studioId, hash);
    if (again) throw new HttpError(409, BANK_IMPORT_MESSAGES.already(again));
    // lines another import wrote meanwhile are left to it
    const meanwhile = await knownFingerprints(
      e,
      ctx.studioId,
      rows.map((r) => r.fingerprint),
    );
    const mine = rows.filter((r) => !meanwhile.has(r.fingerprint));
    return insertStatement(
      e,
      ctx.studioId,
      {
        file_name: fileName,
        format: parsed.format,
        file_hash: hash,
        iban: account,
        statement_ref: cut(parsed.statementRef, 200),
        from_date: parsed.fromDate,
        to_date: parsed.toDate,
        opening_balance: parsed.openingBalance,
        closing_balance: parsed.closingBalance,
        lines: mine.length,
        duplicates: parsed.lines.length - mine.length,
        user_id: ctx.userId,
        user_name: ctx.name,
      },
      mine,
    );
  });
  return (await statementOf(exec, ctx.studioId, id))!;
}

export async function listStatements(exec: Exec, ctx: Ctx) {
  assertView(ctx);
  return statementList(exec, ctx.studioId);
}

/** The lines as the screen shows them: each charge with its due date and note. */
async function lineViews(exec: Exec, ctx: Ctx, lines: LineRow[]) {
  const ids = [...new Set(lines.flatMap((l) => l.charges.map((c) => c.charge_id)))];
  const info = await chargeInfo(exec, ctx.studioId, ids);
  return lines.map(({ statement_id: _s, ...l }) => ({
    ...l,
    amount: new Decimal(l.amount).toNumber(),
    charges: l.charges.map((c) => ({
      charge_id: c.charge_id,
      amount: new Decimal(c.amount).toNumber(),
      due: info.get(c.charge_id)?.due ?? null,
      note: info.get(c.charge_id)?.note ?? null,
    })),
  }));
}

export async function statementDetail(exec: Exec, ctx: Ctx, raw: unknown) {
  assertView(ctx);
  const id = pathId(raw);
  const statement = await statementOf(exec, ctx.studioId, id);
  if (!statement) throw notFound();
  return { statement, lines: await lineViews(exec, ctx, await statementLines(exec, ctx.studioId, id)) };
}

interface ConfirmInput {
  customer_id?: number;
  charges?: Array<{ charge_id: number; amount: number }>;
}

/** A line of the studio read for a change (locked until the transaction ends): 404 when it is not the studio's. */
async function lineToChange(e: Exec, ctx: Ctx, id: number) {
  const line = await lineOf(e, ctx.studioId, id, true);
  if (!line) throw notFound();
  return line;
}

/**
 * A change of one line asked by the user (confirm, ignore, reopen): `change` runs in a transaction
 * under the studio's bank lock; the answer is the line as it is afterwards.
 */
async function changeLine(exec: Exec, tx: Tx, ctx: Ctx, raw: unknown, change: (e: Exec, id: number) => Promise<void>) {
  assertPost(ctx);
  const id = pathId(raw);
  await tx(async (e) => {
    await lockBank(e, ctx.studioId);
    await change(e, id);
  });
  return (await lineViews(exec, ctx, [(await lineOf(exec, ctx.studioId, id))!]))[0]!;
}

/** Confirms one line in `e` (the caller holds the bank lock): posts what it is. */
async function confirmIn(e: Exec, ctx: Ctx, id: number, input: ConfirmInput) {
  const line = await lineToChange(e, ctx, id);
  if (line.status === 'confirmed' || line.status === 'ignored') throw new HttpError(409, BANK_IMPORT_MESSAGES.lineDone);
  const amount = new Decimal(line.amount);
  const note = (what: string) =>
    `${what}${line.counterparty ? ` da ${line.counterparty}` : ''}${line.remittance ? `: ${line.remittance}` : ''}`;
  const internal = `Estratto conto, riga ${line.line_no} (movimento bancario n. ${line.id})`;

  if (line.is_return || amount.isNegative()) {
    // an SDD return: the payment of the debit reversed, what it paid open again
    const debit = line.end_to_end_id
      ? (await collectedDebits(e, ctx.studioId, [line.end_to_end_id])).get(line.end_to_end_id)
      : undefined;
    if (!debit) throw new HttpError(422, BANK_IMPORT_MESSAGES.returnUnknown);
    let reversal: number | null = null;
    if (debit.payment_id != null) {
      reversal = await reversePayment(
        e,
        ctx.studioId,
        {
          customer_id: debit.customer_id,
          payment_id: debit.payment_id,
          amount: amount.abs().toFixed(2),
          date: line.booking_date,
          note: `Storno SDD${line.return_reason ? ` (${line.return_reason})` : ''} dell'addebito ${line.end_to_end_id}`,
          internal,
        },
        line.return_reason,
      );
      await auditMany(e, ctx, transactions(), [reversal], 'create');
    }
    await markDebitsReturned(e, ctx.studioId, line.end_to_end_id!);
    await markConfirmed(e, ctx.studioId, id, {
      customer_id: debit.customer_id,
      charges: [],
      transaction_id: reversal,
      user: ctx.name,
    });
    return;
  }

  if (!amount.gt(0)) throw new HttpError(422, BANK_IMPORT_MESSAGES.notCredit);
  const customerId = input.customer_id ?? line.customer_id;
  if (!customerId)
    throw new HttpError(422, BANK_IMPORT_MESSAGES.chooseCustomer, {
      customer_id: [BANK_IMPORT_MESSAGES.chooseCustomer],
    });
  if (!(await customerOfStudio(e, ctx.studioId, customerId))) throw notFound();
  // what it pays: the charges chosen, else (same customer) those the match named, else none (oldest first)
  const chosen =
    input.charges?.map((c) => ({ charge_id: c.charge_id, amount: new Decimal(c.amount).toFixed(2) })) ??
    (customerId === line.customer_id ? line.charges : []);
  const open = await openOfCustomer(e, ctx.studioId, customerId);
  const sdd = line.reason === 'sdd' && line.end_to_end_id ? line.end_to_end_id : null;
  const charges: Array<{ charge_id: number; amount: string }> = [];
  let sum = new Decimal(0);
  for (const c of chosen) {
    const left = open.get(c.charge_id);
    if (left === undefined) {
      // a charge the match named that another payment settled meanwhile: left to the oldest-first rule
      if (input.charges) throw new HttpError(422, BANK_IMPORT_MESSAGES.chargeNotOfCustomer);
      continue;
    }
    const take = Decimal.min(new Decimal(c.amount), new Decimal(left));
    if (input.charges && new Decimal(c.amount).gt(left))
      throw new HttpError(422, BANK_IMPORT_MESSAGES.chargeTooMuch(left));
    if (take.lte(0)) continue;
    charges.push({ charge_id: c.charge_id, amount: take.toFixed(2) });
    sum = sum.plus(take);
  }
  if (input.charges) {
    const own = await chargesOfCustomer(
      e,
      ctx.studioId,
      customerId,
      input.charges.map((c) => c.charge_id),
    );
    if (input.charges.some((c) => !own.has(c.charge_id)))
      throw new HttpError(422, BANK_IMPORT_MESSAGES.chargeNotOfCustomer);
  }
  if (sum.gt(amount)) throw new HttpError(422, BANK_IMPORT_MESSAGES.overAmount);
  const payment = await insertMovement(e, ctx.studioId, {
    customer_id: customerId,
    type: 'PAYMENT',
    amount: amount.toFixed(2),
    date: line.booking_date,
    note: note(sdd ? `Incasso SDD ${sdd}` : 'Bonifico'),
    internal,
  });
  await insertSettlements(e, ctx.studioId, payment, charges);
  await auditMany(e, ctx, transactions(), [payment], 'create');
  if (sdd) await markDebitsPaid(e, ctx.studioId, sdd, payment);
  await markConfirmed(e, ctx.studioId, id, {
    customer_id: customerId,
    charges,
    transaction_id: payment,
    user: ctx.name,
  });
}

/** Confirms a line: a payment of the customer (the one chosen, else the match's), or a return's reversal. */
export async function confirmLine(exec: Exec, tx: Tx, ctx: Ctx, raw: unknown, input: ConfirmInput) {
  return changeLine(exec, tx, ctx, raw, (e, id) => confirmIn(e, ctx, id, input));
}

/** 'Conferma tutti': every sure match of the statement posted (each in its own transaction). */
export async function confirmAll(exec: Exec, tx: Tx, ctx: Ctx, raw: unknown) {
  assertPost(ctx);
  const id = pathId(raw);
  if (!(await statementOf(exec, ctx.studioId, id))) throw notFound();
  const ids = await lineIdsOf(exec, ctx.studioId, id, 'matched');
  let confirmed = 0;
  for (const [i, lineId] of ids.entries()) {
    await tx(async (e) => {
      await lockBank(e, ctx.studioId);
      const line = await lineOf(e, ctx.studioId, lineId);
      if (line?.status !== 'matched') return;
      await confirmIn(e, ctx, lineId, {});
      confirmed++;
    });
    // the embedded database answers without I/O: let other requests in now and then
    if (i % 25 === 24) await new Promise<void>((r) => setImmediate(r));
  }
  return { confirmed };
}

/** Marks a line as not a customer's payment. */
export async function ignoreLine(exec: Exec, tx: Tx, ctx: Ctx, raw: unknown) {
  return changeLine(exec, tx, ctx, raw, async (e, id) => {
    const line = await lineToChange(e, ctx, id);
    if (line.status === 'confirmed' || line.status === 'ignored')
      throw new HttpError(409, BANK_IMPORT_MESSAGES.lineDone);
    await setLineStatus(e, ctx.studioId, id, 'ignored');
  });
}

/** Undoes a confirmation (the movement posted goes to the trash) or an 'ignore': the line is to match again. */
export async function reopenLine(exec: Exec, tx: Tx, ctx: Ctx, raw: unknown) {
  return changeLine(exec, tx, ctx, raw, async (e, id) => {
    const line = await lineToChange(e, ctx, id);
    if (line.status !== 'confirmed' && line.status !== 'ignored')
      throw new HttpError(409, BANK_IMPORT_MESSAGES.lineNotDone);
    if (line.transaction_id != null) {
      await trashMovement(e, ctx.studioId, line.transaction_id);
      await auditMany(e, ctx, transactions(), [line.transaction_id], 'delete');
    }
    if (line.end_to_end_id && line.status === 'confirmed')
      await unmarkDebits(e, ctx.studioId, line.end_to_end_id, line.is_return, line.transaction_id);
    await setLineStatus(e, ctx.studioId, id, line.customer_id ? 'proposed' : 'unmatched');
  });
}
