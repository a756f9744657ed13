/**
 * Following up (issue 30, additive to the seeds): the aging ('Scadenzario', its CSV and PDF), the
 * reminder rules, the day's run, the review and sending, a customer's history (Collaboratore and
 * above, as the movements; the rules: Admin), and the customer's page of a reminder's link
 * (`/estratto/{token}`, public: signed, expiring, read-only). A reminder's letter and a customer's
 * 'contestato' mark are their models' actions (server/models/ReminderActions.ts, CustomerActions.ts).
 */
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { Api, AppDeps } from '../../deps.js';
import { ERRORS, IdParams } from '../../routes/schemas.js';
import { sendDownload } from '../../routes/download.js';
import { renderPdf } from '../../render/pdf.js';
import {
  Aging,
  AgingExportQuery,
  AgingQuery,
  CustomerReminders,
  Reminder,
  ReminderIdsInput,
  ReminderListQuery,
  ReminderRunResult,
  RemindersDiscarded,
  ReminderSendResult,
  ReminderSettingsAnswer,
  ReminderSettingsInput,
} from '../../../model/api/reminders.js';
import { studioData } from '../documents/index.js';
import {
  agingFilter,
  agingFilterText,
  agingOf,
  customerHistory,
  discard,
  getSettings,
  putSettings,
  queueForSending,
  reminderList,
  runNow,
} from './service.js';
import { agingCsv, agingPdfDoc } from './agingDocument.js';
import { reminderPage } from './page.js';
import { LINK_PATH } from './link.js';
import { HttpError } from '../../errors.js';

/** the customers the aging's PDF prints at most (pdfmake lays out every row in memory) */
export const MAX_PDF_ROWS = 3000;

export async function reminderRoutes(api: Api, deps: AppDeps) {
  const tags = ['Solleciti'];

  api.get(
    '/aging',
    {
      schema: {
        tags,
        summary:
          'Scadenzario: le partite aperte per cliente in fasce di ritardo, i totali per fascia e per collaboratore',
        querystring: AgingQuery,
        response: { 200: z.object({ data: Aging }), ...ERRORS },
      },
    },
    async (req) => ({ data: await agingOf(deps.exec, req.ctx, req.query) }),
  );

  api.get(
    '/aging/export',
    {
      schema: {
        tags,
        summary: "Lo scadenzario con gli stessi filtri come CSV ('Scadenzario.csv') o PDF ('Scadenzario.pdf')",
        querystring: AgingExportQuery,
        response: { 200: z.any(), ...ERRORS },
      },
    },
    async (req, reply) => {
      const data = await agingOf(deps.exec, req.ctx, req.query);
      const filter = agingFilter(req.query);
      const text = agingFilterText(data, filter, {
        collaborator:
          filter.collaboratorId && filter.collaboratorId !== 'none'
            ? (data.rows.find((r) => r.collaborator_id === filter.collaboratorId)?.collaborator ?? undefined)
            : undefined,
        legalStatus: filter.legalStatusId ? (data.rows[0]?.legal_status ?? undefined) : undefined,
      });
      if (req.query.format === 'csv')
        return sendDownload(reply, {
          name: 'Scadenzario.csv',
          type: 'text/csv; charset=utf-8',
          body: agingCsv(data, text),
        });
      if (data.rows.length > MAX_PDF_ROWS)
        throw new HttpError(
          422,
          `Lo scadenzario ha ${data.rows.length} clienti: il PDF ne stampa al più ${MAX_PDF_ROWS}. Restringi i filtri o scarica il CSV`,
        );
      const pdf = await renderPdf(agingPdfDoc(await studioData(deps.exec, req.ctx.studioId), data, text));
      return sendDownload(reply, { name: 'Scadenzario.pdf', type: 'application/pdf', body: pdf });
    },
  );

  api.get(
    '/reminders/settings',
    {
      schema: {
        tags,
        summary: "Le regole dei solleciti dello studio, i segnaposto dei testi e l'ultima procedura",
        response: { 200: z.object({ data: ReminderSettingsAnswer }), ...ERRORS },
      },
    },
    async (req) => ({ data: await getSettings(deps.exec, req.ctx) }),
  );

  api.put(
    '/reminders/settings',
    {
      // a rule refused by its schema is answered by the service, 422 with every field's Italian
      // message together with the checks only the server can make (placeholders, Word letters);
      // a body that is not an object is the usual 400
      attachValidation: true,
      schema: {
        tags,
        summary: 'Salva le regole dei solleciti (Admin): fino a tre livelli, la procedura giornaliera e la sua ora',
        body: ReminderSettingsInput,
        response: { 200: z.object({ data: ReminderSettingsAnswer }), ...ERRORS },
      },
    },
    async (req) => {
      const body: unknown = req.body;
      if (req.validationError && (typeof body !== 'object' || body === null || Array.isArray(body)))
        throw req.validationError;
      return { data: await putSettings(deps.tx, req.ctx, body) };
    },
  );

  api.post(
    '/reminders/run',
    {
      // a run is bounded by the studio's data and one at a time per studio; asked again and again it
      // would still keep the database busy for the others
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'Esegue ora la procedura del giorno: propone o mette in invio i solleciti dovuti, ritira quelli pagati o contestati',
        response: { 200: z.object({ data: ReminderRunResult }), ...ERRORS },
      },
    },
    async (req) => {
      const r = await runNow(deps.tx, req.ctx);
      if (r.queuedIds.length) await deps.reminders.sendQueued(req.ctx.studioId).catch(() => undefined);
      return { data: { day: r.day, proposed: r.proposed, queued: r.queued, withdrawn: r.withdrawn } };
    },
  );

  api.get(
    '/reminders',
    {
      schema: {
        tags,
        summary:
          'I solleciti dello studio, dal più recente (status: pending, proposed, queued, sent, withdrawn, discarded, done)',
        querystring: ReminderListQuery,
        response: { 200: z.object({ data: z.array(Reminder) }), ...ERRORS },
      },
    },
    async (req) => ({ data: await reminderList(deps.exec, req.ctx, req.query) }),
  );

  api.post(
    '/reminders/send',
    {
      schema: {
        tags,
        summary:
          "Invia i solleciti scelti (202): ciascuno una volta sola, con l'estratto conto e l'avviso di pagamento",
        body: ReminderIdsInput,
        response: { 202: z.object({ data: ReminderSendResult }), ...ERRORS },
      },
    },
    async (req, reply) => {
      const r = await queueForSending(deps.tx, req.ctx, req.body.ids);
      if (r.queued.length) await deps.reminders.sendQueued(req.ctx.studioId).catch(() => undefined);
      return reply.code(202).send({ data: { queued: r.queued.length, skipped: r.skipped } });
    },
  );

  api.post(
    '/reminders/discard',
    {
      schema: {
        tags,
        summary: 'Scarta i solleciti proposti scelti (non vengono inviati né riproposti per le stesse partite)',
        body: ReminderIdsInput,
        response: { 200: z.object({ data: RemindersDiscarded }), ...ERRORS },
      },
    },
    async (req) => ({ data: { discarded: await discard(deps.tx, req.ctx, req.body.ids) } }),
  );

  api.get(
    '/customer/:id/reminders',
    {
      schema: {
        tags,
        summary: 'I solleciti di un cliente (inviati, aperti, ritirati) e se è contestato',
        params: IdParams,
        response: { 200: z.object({ data: CustomerReminders }), ...ERRORS },
      },
    },
    async (req) => ({ data: await customerHistory(deps.exec, req.ctx, req.params.id) }),
  );
}

/** `/estratto/{token}`: the customer's page (HTML, no script), outside the API and its session. */
export async function reminderPageRoute(app: FastifyInstance, deps: AppDeps) {
  app.get<{ Params: { token: string } }>(
    `${LINK_PATH}:token`,
    { config: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } } },
    async (req, reply) => {
      const page = await reminderPage(deps, req.params.token);
      return reply
        .status(page.status)
        .header('Content-Security-Policy', page.csp)
        .header('Cache-Control', 'no-store')
        .header('Referrer-Policy', 'no-referrer')
        .header('X-Robots-Tag', 'noindex, nofollow')
        .type('text/html; charset=utf-8')
        .send(page.html);
    },
  );
}
