/**
 * 'Verifiche antiriciclaggio' (issue 48 item 3): what is due or late in the customers' AML files —
 * the page, the CSV with the same filters, the home page's counts. Admin and Collaboratore; the
 * Utente is refused.
 */
import { z } from 'zod';
import type { Api, AppDeps } from '../../deps.js';
import { ERRORS } from '../../routes/schemas.js';
import { sendDownload } from '../../routes/download.js';
import { AmlDueList, AmlDueQuery, AmlDueSummary } from '../../../model/api/aml.js';
import { amlChecks, amlChecksCsv, amlChecksSummary } from './checksService.js';

export async function amlChecksRoutes(api: Api, deps: AppDeps) {
  const tags = ['Antiriciclaggio'];

  api.get(
    '/aml/checks',
    {
      schema: {
        tags,
        summary:
          "Verifiche antiriciclaggio: per cliente attivo l'adeguata verifica mai fatta, il controllo costante, il documento di identità e le nuove prestazioni non valutate, scadute o in scadenza entro `days` giorni; dalla scadenza più vicina",
        querystring: AmlDueQuery,
        response: { 200: AmlDueList, ...ERRORS },
      },
    },
    async (req) => amlChecks(deps.exec, req.ctx, req.query),
  );

  api.get(
    '/aml/checks.csv',
    {
      schema: {
        tags,
        summary:
          "Le verifiche antiriciclaggio con gli stessi filtri, tutte, come CSV ('Verifiche antiriciclaggio.csv')",
        querystring: AmlDueQuery,
        response: { 200: z.string().describe('text/csv'), ...ERRORS },
      },
    },
    async (req, reply) =>
      sendDownload(reply, {
        name: 'Verifiche antiriciclaggio.csv',
        type: 'text/csv; charset=utf-8',
        body: await amlChecksCsv(deps.exec, req.ctx, req.query),
      }),
  );

  api.get(
    '/aml/checks/summary',
    {
      schema: {
        tags,
        summary: 'Quante verifiche antiriciclaggio scadono nei prossimi 30 giorni e quante sono già in ritardo',
        response: { 200: z.object({ data: AmlDueSummary }), ...ERRORS },
      },
    },
    async (req) => ({ data: await amlChecksSummary(deps.exec, req.ctx) }),
  );
}
