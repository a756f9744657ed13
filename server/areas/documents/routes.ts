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
import { contractHtml, contractPdfDoc } from './contract.js';
import { transferLetterPdfDoc } from './transferLetter.js';
import { accountBalanceHtml, accountBalancePdfDoc, type AccountBalanceData } from './statement.js';
import { bollettinoHtml, bollettinoPdfDoc, type BollettinoData } from './bollettino.js';
import { renderPdf } from '../../render/pdf.js';
import { safeEntryName, streamZip, uniqueNames } from '../../render/zip.js';

export const PDF = 'application/pdf';
/** the HTML variant, which Word opens (PRODUCT.md §6) */
export const MSWORD = 'application/msword';

/** Sends one file, or a zip of one per item streamed as each is made. */
async function sendFiles<T>(
  reply: FastifyReply,
  items: T[],
  one: { name: string; type: string },
  zipName: string,
  entryName: (item: T) => string,
  /** `batch`: one entry of a zip (its PDF waits behind the documents asked one at a time) */
  make: (item: T, batch: boolean) => Promise<Buffer | string>,
) {
  if (items.length === 1) {
    const content = await make(items[0]!, false);
    return reply.header('Content-Disposition', attachment(one.name)).type(one.type).send(content);
  }
  const names = uniqueNames(items.map(entryName));
  const archive = await streamZip(
    items.length,
    async (i) => ({ name: names[i]!, content: await make(items[i]!, true) }),
    {
      store: one.type === PDF,
    },
  );
  return reply.header('Content-Disposition', attachment(zipName)).type('application/zip').send(archive);
}

const statementName = (d: AccountBalanceData, ext: string) =>
  `EstrattoConto_${safeEntryName(d.customer.business_name, 80)}_${d.customer.id}.${ext}`;

const noticeName = (d: BollettinoData, ext: string) =>
  `Bollettino_${safeEntryName(d.customer.business_name, 80)}_${d.customer.id}.${ext}`;

export async function documentRoutes(api: Api, deps: AppDeps) {
  const tags = ['Documenti'];
  const file = { 200: z.any().describe('il file (PDF, DOC o zip)'), ...ERRORS };

  api.get(
    '/bollettino/actions/download_pdf',
    {
      schema: {
        tags,
        summary: 'C21 Bollettini in PDF (uno: Bollettino.pdf; più clienti: Bollettini.zip)',
        querystring: BollettinoQuery,
        response: file,
      },
    },
    async (req, reply) => {
      const items = await bollettini(deps.exec, req.ctx, req.query);
      return sendFiles(
        reply,
        items,
        { name: 'Bollettino.pdf', type: PDF },
        'Bollettini.zip',
        (d) => noticeName(d, 'pdf'),
        async (d, batch) => renderPdf(await bollettinoPdfDoc(d), { batch }),
      );
    },
  );

  api.get(
    '/bollettino/actions/download_html',
    {
      schema: {
        tags,
        summary: 'C22 Bollettini come documento Word (uno: Bollettino.html.doc; più clienti: Bollettini.zip)',
        querystring: BollettinoQuery,
        response: file,
      },
    },
    async (req, reply) => {
      const items = await bollettini(deps.exec, req.ctx, req.query);
      return sendFiles(
        reply,
        items,
        { name: 'Bollettino.html.doc', type: `${MSWORD}; charset=utf-8` },
        'Bollettini.zip',
        (d) => noticeName(d, 'html.doc'),
        (d) => bollettinoHtml(d),
      );
    },
  );

  api.get(
    '/account_balance_pdf',
    {
      schema: {
        tags,
        summary: 'C29 Estratti conto in PDF (uno: EstrattoConto.pdf; più clienti: EstrattiConto.zip)',
        querystring: AccountBalancesQuery,
        response: file,
      },
    },
    async (req, reply) => {
      const items = await accountStatements(deps.exec, req.ctx, req.query);
      return sendFiles(
        reply,
        items,
        { name: 'EstrattoConto.pdf', type: PDF },
        'EstrattiConto.zip',
        (d) => statementName(d, 'pdf'),
        (d, batch) => renderPdf(accountBalancePdfDoc(d), { batch }),
      );
    },
  );

  api.get(
    '/account_balance_html',
    {
      schema: {
        tags,
        summary: 'C30 Estratti conto come documento Word (uno: EstrattoConto.html.doc; più clienti: EstrattiConto.zip)',
        querystring: AccountBalancesQuery,
        response: file,
      },
    },
    async (req, reply) => {
      const items = await accountStatements(deps.exec, req.ctx, req.query);
      return sendFiles(
        reply,
        items,
        { name: 'EstrattoConto.html.doc', type: `${MSWORD}; charset=utf-8` },
        'EstrattiConto.zip',
        (d) => statementName(d, 'html.doc'),
        async (d) => accountBalanceHtml(d),
      );
    },
  );

  api.get(
    '/lettera_bonifico_pdf/actions/download_pdf',
    {
      schema: {
        tags,
        summary: 'C33 Lettera di bonifico di un cliente per un importo (LetteraBonifico.pdf)',
        querystring: TransferLetterQuery,
        response: file,
      },
    },
    async (req, reply) => {
      const data = await transferLetter(deps.exec, req.ctx, req.query);
      const pdf = await renderPdf(transferLetterPdfDoc(data));
      return reply.header('Content-Disposition', attachment('LetteraBonifico.pdf')).type(PDF).send(pdf);
    },
  );

  api.get(
    '/accounting_contract_pdf',
    {
      schema: {
        tags,
        summary: 'C27 Lettera di incarico di un cliente in PDF (Contratto.pdf)',
        querystring: ContractQuery,
        response: file,
      },
    },
    async (req, reply) => {
      const data = await contract(deps.exec, req.ctx, req.query);
      const pdf = await renderPdf(contractPdfDoc(data));
      return reply.header('Content-Disposition', attachment('Contratto.pdf')).type(PDF).send(pdf);
    },
  );
  api.get(
    '/accounting_contract_html',
    {
      schema: {
        tags,
        summary: 'C28 Lettera di incarico di un cliente come documento Word (Contratto.html.doc)',
        querystring: ContractQuery,
        response: file,
      },
    },
    async (req, reply) => {
      const data = await contract(deps.exec, req.ctx, req.query);
      return reply
        .header('Content-Disposition', attachment('Contratto.html.doc'))
        .type(`${MSWORD}; charset=utf-8`)
        .send(contractHtml(data));
    },
  );
}
