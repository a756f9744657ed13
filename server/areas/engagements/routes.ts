/**
 * Issue 49: the engagements' own calls — an engagement's services (read with its treatment, fee
 * changes and charges; written while a draft), the billing plan's preview ('Addebiti del periodo'),
 * 'Esegui ora', the runs' log, and the counts of the per-unit services typed by hand.
 */
import { z } from 'zod';
import type { Api, AppDeps } from '../../deps.js';
import { ERRORS } from '../../routes/schemas.js';
import {
  BillingPlan,
  BillingQuery,
  BillingProblem,
  BillingRunList,
  EngagementDetail,
  EngagementServicesInput,
  UnitRow,
  UnitsInput,
  UnitsQuery,
} from '../../../model/api/engagements.js';
import {
  billingRuns,
  engagementDetail,
  previewBilling,
  runBillingNow,
  saveServices,
  saveUnits,
  unitRows,
} from './service.js';

const tags = ['Incarichi professionali'];
const IdParams = z.object({ id: z.string().max(20) });
const PageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
});

export async function engagementRoutes(api: Api, deps: AppDeps): Promise<void> {
  api.get(
    '/engagement/:id/services',
    {
      schema: {
        tags,
        summary:
          "I servizi dell'incarico con compenso e regola di addebito, il trattamento della fattura (IVA, cassa, ritenuta), gli aggiornamenti annui, gli addebiti fatti e i prossimi",
        params: IdParams,
        response: { 200: z.object({ data: EngagementDetail }), ...ERRORS },
      },
    },
    async (req) => ({ data: await engagementDetail(deps.exec, req.ctx, req.params.id) }),
  );

  api.put(
    '/engagement/:id/services',
    {
      schema: {
        tags,
        summary:
          "Salva i servizi dell'incarico (tutta la lista) finché è in bozza: servizi dello studio, regola, compenso; rifiutati i servizi già in un altro incarico del cliente con date sovrapposte",
        params: IdParams,
        body: EngagementServicesInput,
        response: { 200: z.object({ data: EngagementDetail }), ...ERRORS },
      },
    },
    async (req) => ({ data: await saveServices(deps.tx, req.ctx, req.params.id, req.body) }),
  );

  api.get(
    '/engagements/billing/preview',
    {
      schema: {
        tags,
        summary:
          'Addebiti del periodo: gli addebiti e gli aggiornamenti annui degli incarichi firmati dovuti fino al giorno indicato (oggi se manca) e non ancora fatti, e cosa ne trattiene alcuni',
        querystring: BillingQuery,
        response: { 200: z.object({ data: BillingPlan }), ...ERRORS },
      },
    },
    async (req) => ({ data: await previewBilling(deps.exec, req.ctx, req.query.day) }),
  );

  api.post(
    '/engagements/billing/run',
    {
      schema: {
        tags,
        summary:
          "Esegui ora: fa gli addebiti dovuti fino a oggi (ogni periodo una volta sola, come l'esecuzione giornaliera) e li registra nel registro delle esecuzioni (solo Admin)",
        response: {
          201: z.object({
            data: z.object({
              run_id: z.number(),
              ran: z.boolean(),
              charges: z.number(),
              amount: z.number(),
              updates: z.number(),
              problems: z.array(BillingProblem),
            }),
          }),
          ...ERRORS,
        },
      },
    },
    async (req, reply) => reply.code(201).send({ data: await runBillingNow(deps.tx, deps.exec, req.ctx) }),
  );

  api.get(
    '/engagements/billing/runs',
    {
      schema: {
        tags,
        summary: "Il registro delle esecuzioni degli addebiti (giornaliere e 'Esegui ora'), dalla più recente",
        querystring: PageQuery,
        response: { 200: BillingRunList, ...ERRORS },
      },
    },
    async (req) => billingRuns(deps.exec, req.ctx, req.query.page, req.query.perPage),
  );

  api.get(
    '/engagements/units',
    {
      schema: {
        tags,
        summary: 'I servizi a quantità con il numero inserito a mano che hanno un periodo nel mese, e il loro numero',
        querystring: UnitsQuery,
        response: { 200: z.object({ data: z.array(UnitRow) }), ...ERRORS },
      },
    },
    async (req) => ({ data: await unitRows(deps.exec, req.ctx, req.query.month) }),
  );

  api.put(
    '/engagements/units',
    {
      schema: {
        tags,
        summary: 'Salva i numeri del mese dei servizi a quantità (quelli già addebitati non cambiano): tutti o nessuno',
        body: UnitsInput,
        response: { 200: z.object({ data: z.array(UnitRow) }), ...ERRORS },
      },
    },
    async (req) => ({ data: await saveUnits(deps.tx, req.ctx, req.body) }),
  );
}
