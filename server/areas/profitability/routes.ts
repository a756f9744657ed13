/**
 * 'Redditività' (issue 49 item 5, additive to the seeds), the Admin's only: the figures of a period
 * per customer, service or collaborator, the same as CSV and PDF, and the home page's chart of the
 * year's best and worst customers by margin.
 */
import { z } from 'zod';
import type { Api, AppDeps } from '../../deps.js';
import { ERRORS } from '../../routes/schemas.js';
import { sendDownload } from '../../routes/download.js';
import { renderPdf } from '../../render/pdf.js';
import { HttpError } from '../../errors.js';
import {
  Profitability,
  ProfitabilityQuery,
  ProfitabilitySummary,
  ProfitabilitySummaryQuery,
} from '../../../model/api/profitability.js';
import { studioData } from '../documents/index.js';
import {
  profitability,
  profitabilityCsv,
  profitabilityFileName,
  profitabilityForDocument,
  profitabilitySummary,
} from './service.js';
import { MAX_PDF_ROWS, profitabilityPdfDoc } from './pdf.js';

export async function profitabilityRoutes(api: Api, deps: AppDeps): Promise<void> {
  const tags = ['Redditività'];

  api.get(
    '/profitability',
    {
      schema: {
        tags,
        summary:
          "Redditività di un periodo (al più 3 anni; default l'anno in corso) per cliente, servizio o collaboratore: compensi addebitati, incassato, da incassare, ore, costo delle ore, margine e margine per ora, i sotto-remunerati e l'aggiornamento simulato. Solo Admin",
        querystring: ProfitabilityQuery,
        response: { 200: z.object({ data: Profitability }), ...ERRORS },
      },
    },
    async (req) => ({ data: await profitability(deps.exec, req.ctx, req.query) }),
  );

  api.get(
    '/profitability.csv',
    {
      schema: {
        tags,
        summary:
          "La redditività con gli stessi parametri come CSV ('Redditività per cliente AAAA-MM-GG AAAA-MM-GG.csv')",
        querystring: ProfitabilityQuery,
        response: { 200: z.string().describe('text/csv'), ...ERRORS },
      },
    },
    async (req, reply) => {
      const { data } = await profitabilityForDocument(deps.exec, req.ctx, req.query);
      return sendDownload(reply, {
        name: profitabilityFileName(data, 'csv'),
        type: 'text/csv; charset=utf-8',
        body: profitabilityCsv(data),
      });
    },
  );

  api.get(
    '/profitability.pdf',
    {
      schema: {
        tags,
        summary: 'La redditività con gli stessi parametri come PDF sulla carta intestata dello studio',
        querystring: ProfitabilityQuery,
        response: { 200: z.any(), ...ERRORS },
      },
    },
    async (req, reply) => {
      const { data, filterText } = await profitabilityForDocument(deps.exec, req.ctx, req.query);
      if (data.rows.length > MAX_PDF_ROWS)
        throw new HttpError(
          422,
          `La redditività ha ${data.rows.length} righe: il PDF ne stampa al più ${MAX_PDF_ROWS}. Restringi i filtri o scarica il CSV`,
        );
      const pdf = await renderPdf(profitabilityPdfDoc(await studioData(deps.exec, req.ctx.studioId), data, filterText));
      return sendDownload(reply, { name: profitabilityFileName(data, 'pdf'), type: 'application/pdf', body: pdf });
    },
  );

  api.get(
    '/profitability/summary',
    {
      schema: {
        tags,
        summary:
          "I clienti dell'anno per margine (i 5 migliori e i 5 peggiori), per il grafico della pagina iniziale. Solo Admin",
        querystring: ProfitabilitySummaryQuery,
        response: { 200: z.object({ data: ProfitabilitySummary }), ...ERRORS },
      },
    },
    async (req) => ({ data: await profitabilitySummary(deps.exec, req.ctx, req.query) }),
  );
}
