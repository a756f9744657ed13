/**
 * Document requests, the studio's side (issue 50 item 2): a request to each customer picked — one by
 * one from a customer's card, in bulk from the customers' bulk bar, or to every active customer a
 * compliance job applies to —, from a checklist (its documents, message, job and sub-task) or typed;
 * e-mailed to the customers' people in the area (the title and deadline only, and the area's address);
 * the review of each document (accept; ask again with a reason, the files sent kept but set aside);
 * complete when every document is accepted, which turns the job's sub-task done for that customer and
 * year (the jobs dashboard's own write, audited). Studio staff from the Collaboratore up; the
 * caller's studio only.
 */
import type { AppDeps } from '../../deps.js';
import type { Ctx } from '../../auth/context.js';
import type { Exec } from '../../records/exec.js';
import { atLeast } from '../../../model/define.js';
import { HttpError, forbidden, notFound } from '../../errors.js';
import { pathId } from '../../records/ids.js';
import { displayDate, today as romeToday } from '../../../model/dates.js';
import {
  ITEM_LABEL_MAX,
  REQUEST_CUSTOMERS_MAX,
  REQUEST_ITEMS_MAX,
  REQUEST_MESSAGES as M,
  itemLines,
} from '../../../model/portal.js';
import type {
  RequestCreated,
  RequestDetail,
  RequestInput,
  RequestList,
  RequestQuery,
  RequestSummary,
  ReviewInput,
} from '../../../model/api/portalRequests.js';
import { enqueueMails, letter as mailLetter, studioMailData } from '../mail/index.js';
import { isJobTask, setTaskStatus } from '../jobs/index.js';
import { portalUrl } from './access.js';
import {
  cancelRequest,
  checklistOf,
  completeIfDone,
  fileOf,
  insertRequests,
  itemForUpdate,
  itemsOf,
  jobCustomers,
  jobExists,
  listRequests,
  liveCustomers,
  markOpened,
  peopleEmails,
  rejectItemFiles,
  requestOf,
  setItem,
  type RequestRow,
} from './requestQueries.js';

function allow(ctx: Ctx) {
  if (!atLeast(ctx.role, 'Collaboratore')) throw forbidden();
}
const invalid = (errors: Record<string, string>) =>
  new HttpError(
    422,
    Object.values(errors).join(' '),
    Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, [v]])),
  );

const summary = (r: RequestRow, today: string): RequestSummary => ({
  ...r,
  late: r.status === 'aperta' && r.due_date < today && r.customer_turn > 0,
});

/** The request's fields checked (with the checklist's), or a 422 naming each field. */
async function checked(exec: Exec, ctx: Ctx, input: RequestInput, today: string) {
  const errors: Record<string, string> = {};
  const checklist = input.checklist_id ? await checklistOf(exec, ctx.studioId, input.checklist_id) : null;
  if (input.checklist_id && !checklist) errors.checklist_id = M.checklistNotFound;
  const title = (input.title ?? '').trim() || checklist?.name || '';
  if (!title) errors.title = M.titleRequired;
  else if (title.length > 160) errors.title = M.titleTooLong;
  const due = (input.due_date ?? '').trim();
  const [y, mo, d] = due.split('-').map(Number);
  const real =
    /^\d{4}-\d{2}-\d{2}$/.test(due) && new Date(Date.UTC(y!, mo! - 1, d!)).toISOString().slice(0, 10) === due;
  if (!real) errors.due_date = M.dueRequired;
  else if (due < today) errors.due_date = M.duePast;
  const message = (input.message ?? '').trim() || checklist?.message || null;
  if (message && message.length > 2000) errors.message = M.messageTooLong;
  const items = itemLines(input.items?.trim() ? input.items : (checklist?.items ?? ''));
  if (!items.length) errors.items = M.noItems;
  else if (items.length > REQUEST_ITEMS_MAX) errors.items = M.tooManyItems;
  else {
    const long = items.findIndex((l) => l.length > ITEM_LABEL_MAX);
    if (long >= 0) errors.items = M.itemTooLong(long + 1);
  }
  const jobId = input.studio_job_id ?? checklist?.jobId ?? null;
  const taskId = input.task_id ?? checklist?.taskId ?? null;
  if (jobId && !(await jobExists(exec, ctx.studioId, jobId))) errors.studio_job_id = M.jobNotFound;
  else if (jobId && taskId && !(await isJobTask(exec, ctx.studioId, jobId, taskId))) errors.task_id = M.taskNotOfJob;
  const year = input.year ?? (jobId ? Number(today.slice(0, 4)) : null);
  if (jobId && (year === null || year < 2000 || year > 2100)) errors.year = M.yearRequired;
  if (Object.keys(errors).length) throw invalid(errors);
  return { title, due, message, items, jobId, taskId: jobId ? taskId : null, year: jobId ? year : null, checklist };
}

/** The notice of a new request: its title and deadline, and where to answer it (nothing else of the studio's affairs). */
function requestMail(
  studio: Awaited<ReturnType<typeof studioMailData>>,
  to: string,
  title: string,
  due: string,
  area: string,
) {
  return mailLetter(
    studio,
    studio.name ?? 'Lo studio',
    to,
    `Documenti richiesti: ${title}`,
    [
      `${studio.name ?? 'Lo studio'} le chiede alcuni documenti nell'area clienti.`,
      `Li può inviare dal telefono o dal computer, anche come foto, entro il ${displayDate(due)}:`,
      area,
    ],
    [
      ['Richiesta', title],
      ['Scadenza', displayDate(due)],
    ],
  );
}

/** POST /api/portal/requests */
export async function createRequests(
  deps: AppDeps,
  ctx: Ctx,
  input: RequestInput,
  now = new Date(),
): Promise<RequestCreated> {
  allow(ctx);
  const today = romeToday(now);
  const { mailIds, out } = await deps.tx(async (exec) => {
    const r = await checked(exec, ctx, input, today);
    let customers: number[];
    if (input.customer_ids?.length) {
      if (input.customer_ids.length > REQUEST_CUSTOMERS_MAX) throw invalid({ customer_ids: M.tooManyCustomers });
      customers = await liveCustomers(exec, ctx.studioId, [...new Set(input.customer_ids)]);
      if (customers.length !== new Set(input.customer_ids).size) throw notFound();
    } else if (r.jobId) {
      customers = await jobCustomers(exec, ctx.studioId, r.jobId);
      if (!customers.length) throw invalid({ studio_job_id: M.noJobCustomers });
    } else throw invalid({ customer_ids: M.noCustomers });
    const ids = await insertRequests(exec, {
      studioId: ctx.studioId,
      customers,
      title: r.title,
      due: r.due,
      message: r.message,
      checklistId: r.checklist?.id ?? null,
      jobId: r.jobId,
      taskId: r.taskId,
      year: r.year,
      by: ctx.userId,
      byName: ctx.name,
      items: r.items,
    });
    const people = await peopleEmails(exec, ctx.studioId, customers);
    const studio = await studioMailData(exec, ctx.studioId);
    const area = portalUrl(deps.settings.serverBaseUrl);
    const mails = [...people.values()].flat().map((to) => {
      const text = requestMail(studio, to, r.title, r.due, area);
      return {
        studioId: ctx.studioId,
        kind: 'portal_request',
        to: [to],
        subject: text.subject,
        text: text.text,
        html: text.html,
        createdBy: ctx.userId,
      };
    });
    const mailIds: number[] = [];
    // in slices: a job's thousand customers make a thousand rows, not one statement of all their texts
    for (let i = 0; i < mails.length; i += 200) mailIds.push(...(await enqueueMails(exec, mails.slice(i, i + 200))));
    return {
      mailIds,
      out: {
        created: ids.length,
        request_ids: ids,
        without_people: customers.filter((c) => !people.has(c)).length,
        notified: mails.length,
      },
    };
  });
  await deps.mail.handOff(mailIds).catch(() => undefined);
  return out;
}

/** GET /api/portal/requests */
export async function requestList(deps: AppDeps, ctx: Ctx, q: RequestQuery, now = new Date()): Promise<RequestList> {
  allow(ctx);
  const today = romeToday(now);
  const perPage = q.per_page ?? 25;
  const page = q.page ?? 1;
  const yes = (v: unknown) => v === '1' || v === 'true';
  const { rows, total } = await listRequests(deps.exec, ctx.studioId, {
    status: q.status || null,
    customerId: q.customer_id ?? null,
    toReview: yes(q.to_review),
    late: yes(q.late) ? today : null,
    search: q.search?.trim() || null,
    limit: perPage,
    offset: (page - 1) * perPage,
  });
  return { data: rows.map((r) => summary(r, today)), total };
}

/** GET /api/portal/requests/{id} */
export async function requestDetail(deps: AppDeps, ctx: Ctx, raw: unknown, now = new Date()): Promise<RequestDetail> {
  allow(ctx);
  const r = await requestOf(deps.exec, ctx.studioId, pathId(raw));
  if (!r) throw notFound();
  return { ...summary(r, romeToday(now)), documents: await itemsOf(deps.exec, ctx.studioId, r.id) };
}

/**
 * When a request is complete: the compliance job's sub-task done for its customer and year (as the
 * jobs dashboard writes it, C47), with a note saying why.
 */
export async function afterComplete(
  exec: Exec,
  who: { studioId: number; userId: number; name: string },
  requestId: number,
) {
  const done = await completeIfDone(exec, requestId);
  if (done?.jobId && done.taskId && done.year)
    await setTaskStatus(
      exec,
      who,
      { jobId: done.jobId, taskId: done.taskId, customerId: done.customerId, year: done.year },
      1,
      'Documenti ricevuti dall’area clienti',
    );
  return !!done;
}

/** POST /api/portal/requests/{id}/documents/{itemId}/review */
export async function reviewItem(
  deps: AppDeps,
  ctx: Ctx,
  rawRequest: unknown,
  rawItem: unknown,
  input: ReviewInput,
  now = new Date(),
): Promise<RequestDetail> {
  allow(ctx);
  const requestId = pathId(rawRequest);
  const itemId = pathId(rawItem);
  const reason = (input.reason ?? '').trim();
  if (input.outcome === 'rifai' && !reason) throw invalid({ reason: M.reasonRequired });
  if (reason.length > 500) throw invalid({ reason: M.reasonTooLong });
  await deps.tx(async (exec) => {
    const item = await itemForUpdate(exec, ctx.studioId, itemId);
    if (!item || item.requestId !== requestId) throw notFound();
    if (item.requestStatus !== 'aperta') throw new HttpError(409, M.notOpen);
    if (item.status !== 'inviato' && item.status !== 'mancante') throw new HttpError(409, M.notToReview);
    if (input.outcome === 'accetta') {
      await setItem(exec, item.id, { status: 'accettato', reason: null, reviewer: ctx.name });
      await afterComplete(exec, ctx, item.requestId);
    } else {
      await setItem(exec, item.id, { status: 'da_rifare', reason, reviewer: ctx.name });
      await rejectItemFiles(exec, item.id);
    }
  });
  return requestDetail(deps, ctx, requestId, now);
}

/** POST /api/portal/requests/{id}/cancel */
export async function cancelPortalRequest(deps: AppDeps, ctx: Ctx, raw: unknown, now = new Date()) {
  allow(ctx);
  const id = pathId(raw);
  const r = await requestOf(deps.exec, ctx.studioId, id);
  if (!r) throw notFound();
  if (!(await cancelRequest(deps.exec, ctx.studioId, id))) throw new HttpError(409, M.notOpen);
  return requestDetail(deps, ctx, id, now);
}

/** GET /api/portal/files/{id}: a file of the area (never one in quarantine); the first opening recorded. */
export async function studioFile(deps: AppDeps, ctx: Ctx, raw: unknown) {
  allow(ctx);
  const f = await fileOf(deps.exec, ctx.studioId, pathId(raw));
  if (!f) throw notFound();
  if (f.scan === 'quarantena')
    throw new HttpError(409, `Il file è in quarantena: l'antivirus vi ha trovato ${f.scan_result ?? 'una minaccia'}`);
  // the studio opening a customer's file counts (what the customer opened of the studio's is the area's)
  if (f.origin === 'cliente') await markOpened(deps.exec, f.id);
  return { name: f.filename, type: f.content_type, body: await deps.storage.get(f.storage_path) };
}
