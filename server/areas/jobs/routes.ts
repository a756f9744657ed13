/**
 * Compliance jobs per customer and year (seed B §3, §4, §7): the dashboard's customers (C44),
 * the done sub-tasks per customer and job (C45), one job's sub-tasks for a customer and year
 * (C46) and a sub-task's change of state (C47). The jobs themselves (C39) and their option
 * lists (C41–C43) are the models' calls. A Collaboratore sees only the customers assigned to him
 * for the jobs (collaborator_studio_jobs_id); administrators see every customer and may filter
 * by collaborator (seed B §6).
 */
import { z } from 'zod';
import {
  DashboardCustomer,
  DashboardCustomersQuery,
  DoneCounts,
  DoneCountsQuery,
  JobTaskChangeParams,
  JobTaskParams,
  TaskChanged,
  TaskChangeInput,
  TaskStatus,
} from '../../../model/api/jobs.js';
import type { Api, AppDeps } from '../../deps.js';
import { atLeast } from '../../../model/define.js';
import { getModel } from '../../../model/registry.js';
import { YEAR_MAX, YEAR_MIN } from '../../../model/dates.js';
import { MESSAGES } from '../../../model/types.js';
import { can, type Ctx } from '../../auth/context.js';
import { HttpError, MSG, forbidden, notFound } from '../../errors.js';
import { ERRORS } from '../../routes/schemas.js';
import { sendJsonText } from '../../routes/reply.js';
import { oneId } from '../../records/ids.js';
import { dashboardCustomers, doneCounts, isJobTask, jobAndCustomer, setTaskStatus, taskStatuses } from './queries.js';

const invalid = (field: string, message: string) => new HttpError(422, MSG.validation, { [field]: [message] });

function idOf(raw: unknown, field: string, optional = false): number | undefined {
  if (optional && (raw === undefined || raw === '')) return undefined;
  const id = oneId(raw);
  if (id === null) {
    if (field === 'path') throw notFound();
    throw invalid(field, raw === undefined || raw === '' ? 'Campo Obbligatorio' : 'Elemento non valido');
  }
  return id;
}
function yearOf(raw: unknown): number {
  const s = String(raw ?? '').trim();
  const y = Number(s);
  if (!/^\d{4}$/.test(s) || y < YEAR_MIN || y > YEAR_MAX)
    throw invalid('year', s ? MESSAGES.yearRange : 'Campo Obbligatorio');
  return y;
}
const mayView = (ctx: Ctx) => {
  if (!can(ctx, getModel('StudioJob'), 'view') || !can(ctx, getModel('Customer'), 'view')) throw forbidden();
};
/** a Collaboratore is limited to his customers; administrators are not */
const ownOnly = (ctx: Ctx) => !atLeast(ctx.role, 'Admin');

export async function jobRoutes(api: Api, deps: AppDeps) {
  const { exec } = deps;
  const tags = ['Adempimenti'];

  api.get(
    '/logged-user/studio-jobs-customers',
    {
      schema: {
        tags,
        summary:
          'C44 I clienti della dashboard adempimenti: i propri (Collaboratore) o tutti, filtrabili per collaboratore (amministratori)',
        querystring: DashboardCustomersQuery,
        response: {
          200: z.object({ data: z.array(DashboardCustomer) }),
          ...ERRORS,
        },
      },
    },
    async (req) => {
      mayView(req.ctx);
      const raw = req.query.collaborator_id;
      const collaborator = ownOnly(req.ctx)
        ? req.ctx.userId
        : raw === undefined || raw === ''
          ? null
          : raw === '0'
            ? 0
            : idOf(raw, 'collaborator_id')!;
      return { data: await dashboardCustomers(exec, req.ctx.studioId, collaborator) };
    },
  );

  api.get(
    '/customer_task_per_job_count',
    {
      schema: {
        tags,
        summary:
          "C45 Sotto adempimenti completati per cliente e adempimento nell'anno: {customer_id: {job_id: completati}}",
        querystring: DoneCountsQuery,
        response: { 200: DoneCounts, ...ERRORS },
      },
    },
    async (req, reply) => {
      mayView(req.ctx);
      const q = req.query;
      const year = yearOf(q.year);
      const customerId = idOf(q.customer_id, 'customer_id', true);
      const jobId = idOf(q.studio_job_id, 'studio_job_id', true);
      // the JSON as the database made it: a whole studio is tens of thousands of cells
      const json = await doneCounts(exec, req.ctx.studioId, year, {
        customerId,
        jobId,
        collaboratorId: ownOnly(req.ctx) ? req.ctx.userId : undefined,
      });
      return sendJsonText(reply, json);
    },
  );

  api.get(
    '/studio_jobs_status/:job/customers/:customer/year/:year',
    {
      schema: {
        tags,
        summary:
          'C46 I sotto adempimenti di un adempimento per un cliente e un anno, con lo stato (0 da fare, 1 fatto) e la nota',
        params: JobTaskParams,
        response: { 200: z.object({ data: z.array(TaskStatus) }), ...ERRORS },
      },
    },
    async (req) => {
      mayView(req.ctx);
      const p = req.params;
      const jobId = idOf(p.job, 'path')!;
      const customerId = idOf(p.customer, 'path')!;
      const year = yearOf(p.year);
      const { job, customer } = await jobAndCustomer(exec, req.ctx.studioId, jobId, customerId);
      if (!job || !customer) throw notFound();
      return { data: await taskStatuses(exec, req.ctx.studioId, jobId, customerId, year) };
    },
  );

  api.post(
    '/studio_jobs_status/:job/task/:task/customers/:customer/year/:year/actions/change_state',
    {
      schema: {
        tags,
        summary:
          'C47 Cambia lo stato (e la nota) di un sotto adempimento per un cliente e un anno: ripetuto, non cambia nulla',
        params: JobTaskChangeParams,
        body: TaskChangeInput,
        response: {
          200: TaskChanged,
          ...ERRORS,
        },
      },
    },
    async (req) => {
      if (!can(req.ctx, getModel('StudioJob'), 'update')) throw forbidden();
      mayView(req.ctx);
      const p = req.params;
      const jobId = idOf(p.job, 'path')!;
      const taskId = idOf(p.task, 'path')!;
      const customerId = idOf(p.customer, 'path')!;
      const year = yearOf(p.year);
      const body = req.body ?? {};
      const status =
        body.status === 1 || body.status === '1' || body.status === true
          ? 1
          : body.status === 0 || body.status === '0' || body.status === false
            ? 0
            : null;
      if (status === null)
        throw invalid('status', body.status === undefined ? 'Campo Obbligatorio' : 'Valori ammessi: 0, 1');
      const note = typeof body.note === 'string' ? body.note.trim() || null : null;
      if (note && note.length > 1000) throw invalid('note', 'Massimo 1000 caratteri');
      return deps.tx(async (tx) => {
        const { job, customer } = await jobAndCustomer(tx, req.ctx.studioId, jobId, customerId);
        if (!job || !customer || !(await isJobTask(tx, req.ctx.studioId, jobId, taskId))) throw notFound();
        const { changed } = await setTaskStatus(
          tx,
          req.ctx,
          { jobId, taskId, customerId, year },
          status as 0 | 1,
          note,
        );
        const all = await taskStatuses(tx, req.ctx.studioId, jobId, customerId, year);
        return {
          data: all.find((s) => s.task_id === taskId)!,
          done: all.filter((s) => s.status === 1).length,
          changed,
        };
      });
    },
  );
}
