/**
 * The studio's documents sent by e-mail (seed A §7, PRODUCT.md §6): payment notices (C20),
 * account statements (C31), contracts (C32). Each checks like its download (the same services:
 * 422 on each bad field, 404 for another studio's customer or service), then that every
 * customer has a valid e-mail (else 422 naming them, nothing queued), renders the PDFs on the
 * worker pool before any transaction, and writes one outbox message per customer — to the
 * customer, the studio's copy address of that kind in cc, the document attached — in one
 * transaction; after the commit the messages are handed to the mail worker.
 */
import { can, type Ctx } from '../../auth/context.js';
import type { Exec } from '../../records/exec.js';
import type { Tx } from '../../records/crud.js';
import { HttpError, MSG, forbidden, notFound } from '../../errors.js';
import { getModel } from '../../../model/registry.js';
import { email as emailRule } from '../../../model/validators.js';
import { customerIds } from '../accounts/index.js';
import { accountStatements, bollettini, contract } from './service.js';
import { customersOf, type DocCustomer } from './queries.js';
import {
  enqueueMails,
  type MailHandOff,
  type MailText,
  type OutgoingMail,
  studioMailData,
  type StudioMailData,
} from '../mail/index.js';
import { renderPdf, type PdfDoc } from '../../render/pdf.js';
import { bollettinoPdfDoc } from './bollettino.js';
import { accountBalancePdfDoc } from './statement.js';
import { contractPdfDoc, type ContractData } from './contract.js';
import { accountBalanceMail, bollettinoMail, contractMail } from './mails.js';
import type { AccountBalancesQuery, BollettinoMailInput, ContractsMailQuery } from '../../../model/api/documents.js';

export interface MailDeps {
  exec: Exec;
  tx: Tx;
  mail: MailHandOff;
}
export interface QueuedAnswer {
  queued: number;
  ids: number[];
}

/** customers of one e-mail send at most (each gets a PDF made in memory before the transaction) */
export const MAX_MAIL_CUSTOMERS = 1000;
const PDF = 'application/pdf';

export const validEmail = (v: string | null | undefined) => !!v && !emailRule()(v.trim());

/** The studio's copy address of a kind: each valid address it holds (',' or ';' between several). */
const copiesOf = (v: string | null) =>
  (v ?? '')
    .split(/[,;]/)
    .map((a) => a.trim())
    .filter((a) => validEmail(a));

/** More customers than one send may carry: 422 on the field before anything is read. */
export function limitCount(raw: unknown, field: string) {
  let n = 0;
  try {
    n = customerIds(raw, field).length;
  } catch {
    return;
  }
  if (n > MAX_MAIL_CUSTOMERS) {
    throw new HttpError(422, MSG.validation, {
      [field]: [`Al massimo ${MAX_MAIL_CUSTOMERS} clienti per invio: selezionane di meno`],
    });
  }
}

/** 'A, B' → the customers' problem lines, one per customer, for the 422's `errors`. */
export function emailProblems(customers: Array<Pick<DocCustomer, 'business_name' | 'email'>>): string[] {
  return customers
    .filter((c) => !validEmail(c.email))
    .map((c) =>
      c.email?.trim()
        ? `${c.business_name}: email non valida (${c.email.trim()})`
        : `${c.business_name}: email mancante`,
    );
}
export const emailMessage = (problems: string[]) =>
  `Email mancante o non valida per ${problems.length === 1 ? 'il cliente' : `${problems.length} clienti`}: ${problems.map((p) => p.split(': ')[0]).join(', ')}`;

/** Writes the messages in one transaction, then hands them to the worker. */
export async function queue(deps: MailDeps, mails: OutgoingMail[]): Promise<QueuedAnswer> {
  const ids = await deps.tx((exec) => enqueueMails(exec, mails));
  await deps.mail.handOff(ids);
  return { queued: ids.length, ids };
}

function message(
  ctx: Ctx,
  kind: string,
  to: string,
  cc: string[],
  text: MailText,
  filename: string,
  pdf: Buffer,
): OutgoingMail {
  return {
    studioId: ctx.studioId,
    kind,
    to: [to.trim()],
    cc,
    subject: text.subject,
    text: text.text,
    html: text.html,
    attachments: [{ filename, contentType: PDF, content: pdf }],
    createdBy: ctx.userId,
  };
}

/**
 * Queues one message per customer with its document attached (`filename`), copy to the studio's
 * address for `kind`. The PDFs are made on the worker pool first, outside any transaction:
 * several customers at once are a batch (their PDFs wait behind the documents asked one at a time).
 */
async function queueDocuments<T>(
  deps: MailDeps,
  ctx: Ctx,
  kind: keyof StudioMailData['cc'],
  items: T[],
  doc: {
    filename: string;
    pdf: (d: T) => PdfDoc | Promise<PdfDoc>;
    to: (d: T) => string;
    text: (d: T, studio: StudioMailData, studioName: string) => MailText;
  },
): Promise<QueuedAnswer> {
  const studio = await studioMailData(deps.exec, ctx.studioId);
  const batch = items.length > 1;
  const pdfs = await Promise.all(items.map(async (d) => renderPdf(await doc.pdf(d), { batch })));
  return queue(
    deps,
    items.map((d, i) =>
      message(
        ctx,
        kind,
        doc.to(d),
        copiesOf(studio.cc[kind]),
        doc.text(d, studio, ctx.studioName),
        doc.filename,
        pdfs[i]!,
      ),
    ),
  );
}

/** C20: the payment notice of each customer (Bollettino.pdf), copy to the studio's `cc_bollettino`. */
export async function emailBollettini(deps: MailDeps, ctx: Ctx, q: BollettinoMailInput): Promise<QueuedAnswer> {
  limitCount(q.customers_ids, 'customers_ids');
  const items = await bollettini(deps.exec, ctx, q);
  const emails = new Map(
    (
      await customersOf(
        deps.exec,
        ctx.studioId,
        items.map((d) => d.customer.id),
      )
    ).map((c) => [c.id, c.email]),
  );
  const problems = emailProblems(
    items.map((d) => ({ business_name: d.customer.business_name, email: emails.get(d.customer.id) ?? null })),
  );
  if (problems.length) throw new HttpError(422, emailMessage(problems), { customers_ids: problems });
  return queueDocuments(deps, ctx, 'bollettino', items, {
    filename: 'Bollettino.pdf',
    pdf: bollettinoPdfDoc,
    to: (d) => emails.get(d.customer.id)!,
    text: bollettinoMail,
  });
}

/** C31: the account statement of each customer for the period (EstrattoConto.pdf), copy to `cc_account_balance`. */
export async function emailAccountStatements(deps: MailDeps, ctx: Ctx, q: AccountBalancesQuery): Promise<QueuedAnswer> {
  limitCount(q.customer_ids, 'customer_ids');
  const items = await accountStatements(deps.exec, ctx, q);
  const problems = emailProblems(items.map((d) => d.customer));
  if (problems.length) throw new HttpError(422, emailMessage(problems), { customer_ids: problems });
  return queueDocuments(deps, ctx, 'account_balance', items, {
    filename: 'EstrattoConto.pdf',
    pdf: accountBalancePdfDoc,
    to: (d) => d.customer.email!,
    text: accountBalanceMail,
  });
}

/**
 * C32: the engagement letter of each customer (Contratto.pdf), copy to `cc_contract`. Every
 * contract is checked first: one customer without its data (or its e-mail) is a 422 naming,
 * customer by customer, what is missing, and nothing is queued.
 */
export async function emailContracts(deps: MailDeps, ctx: Ctx, q: ContractsMailQuery): Promise<QueuedAnswer> {
  if (!can(ctx, getModel('Customer'), 'view')) throw forbidden();
  const raw = q.customer_ids ?? q.customer_id;
  limitCount(raw, 'customer_ids');
  const ids = customerIds(raw, 'customer_ids');
  const customers = await customersOf(deps.exec, ctx.studioId, ids);
  if (customers.length !== ids.length) throw notFound();
  const contracts: ContractData[] = [];
  const missing: string[] = [];
  for (const c of customers) {
    try {
      contracts.push(await contract(deps.exec, ctx, { customer_id: String(c.id) }));
    } catch (e) {
      if (!(e instanceof HttpError && e.status === 422 && e.errors?.customer_id)) throw e;
      missing.push(`${c.business_name}: ${e.errors.customer_id.join(', ')}`);
    }
  }
  const problems = emailProblems(customers);
  if (missing.length || problems.length) {
    const parts = [
      ...(problems.length ? [emailMessage(problems)] : []),
      ...(missing.length ? [`Dati mancanti per il contratto: ${missing.join('; ')}`] : []),
    ];
    throw new HttpError(422, parts.join('. '), { customer_ids: [...problems, ...missing] });
  }
  return queueDocuments(deps, ctx, 'contract', contracts, {
    filename: 'Contratto.pdf',
    pdf: contractPdfDoc,
    to: (d) => d.customer.email!,
    text: contractMail,
  });
}
