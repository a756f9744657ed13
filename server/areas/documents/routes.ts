/**
 * Documents for the studio's customers (seed A §7): payment notices C21 (PDF) and C22 (HTML as
 * `.doc`), contracts C27 (PDF) and C28 (HTML), account statements C29 (PDF) and C30 (HTML), the
 * bank-transfer letter C33. One customer gives one file, several a zip streamed as each file is made. The data
 * and checks are in server/areas/documents/service.ts, the documents beside it (bollettino.ts, contract.ts, transferLetter.ts; statement.ts).
 */
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Api, AppDeps } from '../../deps.js';
import { ERRORS } from '../../routes/schemas.js';
import {
  AccountBalancesQuery,
  BollettinoQuery,
  ContractQuery,
  TransferLetterQuery,
} from '../../../model/api/documents.js';
import { attachment } from '../../routes/download.js';
import { accountStatements, bollettini, contract, transferLetter } from './service.js';
import { contractHtml, contractPdfDoc, type ContractData } from './contract.js';
import { transferLetterPdfDoc, type TransferLetterData } from './transferLetter.js';
import { accountBalanceHtml, accountBalancePdfDoc, type AccountBalanceData } from './statement.js';
import { bollettinoHtml, bollettinoPdfDoc, type BollettinoData } from './bollettino.js';
import { renderPdf, type PdfDoc } from '../../render/pdf.js';
import { safeEntryName, streamZip, uniqueNames } from '../../render/zip.js';

export const PDF = 'application/pdf';
/** the HTML variant, which Word opens (PRODUCT.md §6) */
export const MSWORD = 'application/msword';

/** The answer's type and the file's ending of each format. */
const FORMATS = {
  pdf: { type: PDF, ext: 'pdf' },
  html: { type: `${MSWORD}; charset=utf-8`, ext: 'html.doc' },
} as const;
type Format = keyof typeof FORMATS;

type CustomerDocument = { customer: { id: number; business_name: string } };

/**
 * A kind of document made for the customers a call names: how each format is made and the files'
 * names — `{file}.{ext}` for one customer; for several, the zip `{zip}` of `{file}_{name}_{id}.{ext}`
 * (a kind without `zip` is made for one customer at a time).
 */
interface DocumentKind<T extends CustomerDocument> {
  pdf: (d: T) => PdfDoc | Promise<PdfDoc>;
  html?: (d: T) => string | Promise<string>;
  file: string;
  zip?: string;
}

const NOTICES: DocumentKind<BollettinoData> = {
  pdf: bollettinoPdfDoc,
  html: bollettinoHtml,
  file: 'Bollettino',
  zip: 'Bollettini.zip',
};
const STATEMENTS: DocumentKind<AccountBalanceData> = {
  pdf: accountBalancePdfDoc,
  html: accountBalanceHtml,
  file: 'EstrattoConto',
  zip: 'EstrattiConto.zip',
};
const CONTRACT: DocumentKind<ContractData> = { pdf: contractPdfDoc, html: contractHtml, file: 'Contratto' };
const TRANSFER_LETTER: DocumentKind<TransferLetterData> = { pdf: transferLetterPdfDoc, file: 'LetteraBonifico' };

/** One customer's document in `format`; `batch`: one entry of a zip (its PDF waits behind the documents asked one at a time). */
async function make<T extends CustomerDocument>(kind: DocumentKind<T>, format: Format, d: T, batch: boolean) {
  return format === 'pdf' ? renderPdf(await kind.pdf(d), { batch }) : kind.html!(d);
}

/** Sends one customer's document, or a zip of one per customer streamed as each is made. */
async function sendDocuments<T extends CustomerDocument>(
  reply: FastifyReply,
  kind: DocumentKind<T>,
  format: Format,
  items: T[],
) {
  const { type, ext } = FORMATS[format];
  if (items.length === 1 || !kind.zip) {
    const content = await make(kind, format, items[0]!, false);
    return reply
      .header('Content-Disposition', attachment(`${kind.file}.${ext}`))
      .type(type)
      .send(content);
  }
  const names = uniqueNames(
    items.map((d) => `${kind.file}_${safeEntryName(d.customer.business_name, 80)}_${d.customer.id}.${ext}`),
  );
  const archive = await streamZip(
    items.length,
    async (i) => ({ name: names[i]!, content: await make(kind, format, items[i]!, true) }),
    { store: format === 'pdf' },
  );
  return reply.header('Content-Disposition', attachment(kind.zip)).type('application/zip').send(archive);
}

/** The calls' summaries in the API reference. */
const SUMMARIES = {
  C21: 'C21 Bollettini in PDF (uno: Bollettino.pdf; più clienti: Bollettini.zip)',
  C22: 'C22 Bollettini come documento Word (uno: Bollettino.html.doc; più clienti: Bollettini.zip)',
  C27: 'C27 Lettera di incarico di un cliente in PDF (Contratto.pdf)',
  C28: 'C28 Lettera di incarico di un cliente come documento Word (Contratto.html.doc)',
  C29: 'C29 Estratti conto in PDF (uno: EstrattoConto.pdf; più clienti: EstrattiConto.zip)',
  C30: 'C30 Estratti conto come documento Word (uno: EstrattoConto.html.doc; più clienti: EstrattiConto.zip)',
  C33: 'C33 Lettera di bonifico di un cliente per un importo (LetteraBonifico.pdf)',
};

export async function documentRoutes(api: Api, deps: AppDeps) {
  const tags = ['Documenti'];
  const response = { 200: z.any().describe('il file (PDF, DOC o zip)'), ...ERRORS };
  /** The options of a document's download: its summary and query; the answer is the file. */
  const documentCall = <Q extends z.ZodType>(summary: string, querystring: Q) => ({
    schema: { tags, summary, querystring, response },
  });

  api.get('/bollettino/actions/download_pdf', documentCall(SUMMARIES.C21, BollettinoQuery), async (req, reply) =>
    sendDocuments(reply, NOTICES, 'pdf', await bollettini(deps.exec, req.ctx, req.query)),
  );
  api.get('/bollettino/actions/download_html', documentCall(SUMMARIES.C22, BollettinoQuery), async (req, reply) =>
    sendDocuments(reply, NOTICES, 'html', await bollettini(deps.exec, req.ctx, req.query)),
  );
  api.get('/account_balance_pdf', documentCall(SUMMARIES.C29, AccountBalancesQuery), async (req, reply) =>
    sendDocuments(reply, STATEMENTS, 'pdf', await accountStatements(deps.exec, req.ctx, req.query)),
  );
  api.get('/account_balance_html', documentCall(SUMMARIES.C30, AccountBalancesQuery), async (req, reply) =>
    sendDocuments(reply, STATEMENTS, 'html', await accountStatements(deps.exec, req.ctx, req.query)),
  );
  api.get(
    '/lettera_bonifico_pdf/actions/download_pdf',
    documentCall(SUMMARIES.C33, TransferLetterQuery),
    async (req, reply) =>
      sendDocuments(reply, TRANSFER_LETTER, 'pdf', [await transferLetter(deps.exec, req.ctx, req.query)]),
  );
  api.get('/accounting_contract_pdf', documentCall(SUMMARIES.C27, ContractQuery), async (req, reply) =>
    sendDocuments(reply, CONTRACT, 'pdf', [await contract(deps.exec, req.ctx, req.query)]),
  );
  api.get('/accounting_contract_html', documentCall(SUMMARIES.C28, ContractQuery), async (req, reply) =>
    sendDocuments(reply, CONTRACT, 'html', [await contract(deps.exec, req.ctx, req.query)]),
  );
}
