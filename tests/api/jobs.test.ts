/**
 * Compliance jobs (issue 12, seed B §3, §4, §7): the job model with its many-to-many legal
 * statuses and sub-tasks (C39, C41–C43), the status of a sub-task per customer and year (C46,
 * C47: idempotent, audited) and the dashboard's calls (C44 customers, C45 done counts), with the
 * studio scope and the Collaboratore limited to his own customers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, type Api } from '../helpers/api.js';

let t: TestApp;
let a: Api;
let demoId: number;
const year = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', year: 'numeric' }).format(new Date()));
let job: { id: number; task_ids: number[] };
let customer: number;
let collabId: number;

beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
  demoId = await a.studioId('Studio Demo');
  [{ id: collabId }] = (
    await a.sql<{ id: number }>(`SELECT "id" FROM "users" WHERE "email" = 'collaboratore@studiodemo.test'`)
  ).map((r) => ({ id: Number(r.id) }));
});
afterAll(async () => {
  await t?.close();
});

const statusUrl = (j: number, c: number, y = year) => `/api/studio_jobs_status/${j}/customers/${c}/year/${y}`;
const changeUrl = (j: number, k: number, c: number, y = year) =>
  `/api/studio_jobs_status/${j}/task/${k}/customers/${c}/year/${y}/actions/change_state`;

describe('C39 C41 C42 C43 studio jobs', () => {
  it('C41 studio-job-types: the fixed catalogue, the same for every studio', async () => {
    for (const who of ['collab', 'bianchi'] as const) {
      const res = await a.get(who, '/api/studio-job-types');
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((r: { description: string }) => r.description)).toEqual(
        expect.arrayContaining(['Dichiarativi', 'Bilancio', 'Contabilità', 'Paghe', 'Altro']),
      );
    }
    expect((await a.post('admin', '/api/studio-job-types', { cod: 'X', description: 'Nuovo' })).statusCode).toBe(403);
  });

  it('C39 C42 C43 create a job with its legal statuses and sub-tasks (pivot tables from the declaration); the list carries taskCount and the type', async () => {
    const [type] = (await a.get('collab', '/api/studio-job-types')).json().data;
    const statuses = (await a.get('collab', '/api/legal_statuses'))
      .json()
      .data.slice(0, 2)
      .map((r: { id: number }) => r.id);
    const tasks = (await a.get('collab', '/api/tasks'))
      .json()
      .data.slice(0, 3)
      .map((r: { id: number }) => r.id);
    const res = await a.post('collab', '/api/studio_jobs', {
      cod: 'TEST',
      name: 'Adempimento di prova',
      studio_job_type_id: type.id,
      legal_status_ids: statuses,
      task_ids: tasks,
    });
    expect(res.statusCode, res.body).toBe(201);
    job = { id: Number(res.json().data.id), task_ids: tasks };
    expect(res.json().data.task_ids).toEqual([...tasks].sort((x: number, y: number) => x - y));
    expect(res.json().data.taskCount).toBe(3);
    const list = await a.get('collab', '/api/studio_jobs');
    const row = list.json().data.find((r: { id: number }) => r.id === job.id);
    expect(row).toMatchObject({
      name: 'Adempimento di prova',
      taskCount: 3,
      studio_job_type: { label: type.description },
    });
    const dash = (
      await a.get('collab', '/api/list/StudioJob/StudioJobDashboardCollection', { items_per_page: -1 })
    ).json().data;
    expect(dash.find((r: { id: number }) => r.id === job.id)).toMatchObject({
      taskCount: 3,
      legal_status_ids: [...statuses].sort((x: number, y: number) => x - y),
    });
    expect(
      (await a.post('collab', '/api/studio_jobs', { name: 'x'.repeat(256), studio_job_type_id: type.id })).json().errors
        .name,
    ).toBeDefined();
    // another studio's task is refused (the many-to-many checks the scope)
    const [foreign] = await a.sql<{ id: number }>(
      `SELECT t."id" FROM "tasks" t JOIN "studios" s ON s."id" = t."studio_id" WHERE s."name" = 'Studio Bianchi' LIMIT 1`,
    );
    expect(
      (
        await a.post('collab', '/api/studio_jobs', {
          name: 'Altro',
          studio_job_type_id: type.id,
          task_ids: [Number(foreign!.id)],
        })
      ).statusCode,
    ).toBeGreaterThanOrEqual(404);
  });
});

describe('C46 C47 sub-task status per customer and year', () => {
  beforeAll(async () => {
    [{ id: customer }] = (
      await a.sql<{ id: number }>(
        `SELECT "id" FROM "customers" WHERE "studio_id" = $1 AND "collaborator_studio_jobs_id" = $2 AND "ceased" = 0 ORDER BY "id" LIMIT 1`,
        [demoId, collabId],
      )
    ).map((r) => ({ id: Number(r.id) }));
  });

  it('C46 every sub-task of the job, all open (0) for a new job', async () => {
    const res = await a.get('collab', statusUrl(job.id, customer));
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .data.map((s: { task_id: number }) => s.task_id)
        .sort(),
    ).toEqual([...job.task_ids].sort());
    expect(res.json().data.every((s: { status: number }) => s.status === 0)).toBe(true);
  });

  it('C47 change_state: done, with a note and who did it; the same change again changes nothing; C45 counts it', async () => {
    const k = job.task_ids[0]!;
    const res = await a.post('collab', changeUrl(job.id, k, customer), { status: 1, note: 'Documenti ricevuti' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      data: { task_id: k, status: 1, note: 'Documenti ricevuti', updated_by: 'Laura Neri' },
      done: 1,
      changed: true,
    });
    const again = await a.post('collab', changeUrl(job.id, k, customer), { status: 1, note: 'Documenti ricevuti' });
    expect(again.json()).toMatchObject({ done: 1, changed: false });
    const audit = await a.sql<{ n: number }>(
      `SELECT count(*)::int AS "n" FROM "audit_log" WHERE "model" = 'TaskJobStatus' AND "user_id" = $2 AND ("changes"->'task_id'->>1)::int = $1`,
      [k, collabId],
    );
    expect(Number(audit[0]!.n)).toBe(1);
    const counts = (await a.get('collab', '/api/customer_task_per_job_count', { year, customer_id: customer })).json();
    expect(counts[String(customer)][String(job.id)]).toBe(1);
    // toggled back: consistent, and no longer counted
    const back = await a.post('collab', changeUrl(job.id, k, customer), { status: 0, note: 'Documenti ricevuti' });
    expect(back.json()).toMatchObject({ data: { status: 0 }, done: 0, changed: true });
    const after = (
      await a.get('collab', '/api/customer_task_per_job_count', { year, customer_id: customer, studio_job_id: job.id })
    ).json();
    expect(after[String(customer)]?.[String(job.id)] ?? 0).toBe(0);
    // another year is another status
    expect(
      (await a.get('collab', statusUrl(job.id, customer, year - 1)))
        .json()
        .data.every((s: { status: number }) => s.status === 0),
    ).toBe(true);
  });

  it("C47 bad input: a status other than 0/1, a year out of range, a task not of the job, another studio's customer", async () => {
    const k = job.task_ids[1]!;
    expect((await a.post('collab', changeUrl(job.id, k, customer), { status: 2 })).json().errors.status).toEqual([
      'Valori ammessi: 0, 1',
    ]);
    expect((await a.post('collab', changeUrl(job.id, k, customer), {})).json().errors.status).toEqual([
      'Campo Obbligatorio',
    ]);
    expect((await a.post('collab', changeUrl(job.id, k, customer, 1800), { status: 1 })).statusCode).toBe(422);
    const [other] = await a.sql<{ id: number }>(
      `SELECT t."id" FROM "tasks" t WHERE t."studio_id" = $1 AND NOT (t."id" = ANY($2::int[])) LIMIT 1`,
      [demoId, job.task_ids],
    );
    expect((await a.post('collab', changeUrl(job.id, Number(other!.id), customer), { status: 1 })).statusCode).toBe(
      404,
    );
    const [foreign] = await a.sql<{ id: number }>(
      `SELECT c."id" FROM "customers" c JOIN "studios" s ON s."id" = c."studio_id" WHERE s."name" = 'Studio Bianchi' LIMIT 1`,
    );
    expect((await a.post('collab', changeUrl(job.id, k, Number(foreign!.id)), { status: 1 })).statusCode).toBe(404);
    expect((await a.get('bianchi', statusUrl(job.id, customer))).statusCode).toBe(404);
    expect((await a.post('bianchi', changeUrl(job.id, k, customer), { status: 1 })).statusCode).toBe(404);
  });
});

describe('C45 the kept counts', () => {
  it("C47 C45 ten changes of one customer's job at once: the count is exactly the sub-tasks done", async () => {
    const [type] = (await a.get('collab', '/api/studio-job-types')).json().data;
    const tasks = (await a.get('collab', '/api/tasks'))
      .json()
      .data.slice(0, 10)
      .map((r: { id: number }) => r.id);
    const res = await a.post('collab', '/api/studio_jobs', {
      name: 'Dieci passi',
      studio_job_type_id: type.id,
      task_ids: tasks,
    });
    const id = Number(res.json().data.id);
    const answers = await Promise.all(
      tasks.map((k: number, i: number) =>
        a.post('collab', changeUrl(id, k, customer), { status: i % 3 === 0 ? 0 : 1 }),
      ),
    );
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    const done = tasks.filter((_k: number, i: number) => i % 3 !== 0).length;
    const counts = (
      await a.get('collab', '/api/customer_task_per_job_count', { year, customer_id: customer, studio_job_id: id })
    ).json();
    expect(counts[String(customer)][String(id)]).toBe(done);
    expect(
      (await a.get('collab', statusUrl(id, customer))).json().data.filter((s: { status: number }) => s.status === 1),
    ).toHaveLength(done);

    // a sub-task taken off the job: its status no longer counts
    const doneTask = tasks[1];
    const current = (await a.get('collab', `/api/studio_jobs/${id}`)).json().data;
    expect(
      (
        await a.put('collab', `/api/studio_jobs/${id}`, {
          task_ids: tasks.filter((k: number) => k !== doneTask),
          updated_at: current.updated_at,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await a.get('collab', '/api/customer_task_per_job_count', { year, customer_id: customer, studio_job_id: id })
      ).json()[String(customer)][String(id)],
    ).toBe(done - 1);
    // put back: counted again
    const again = (await a.get('collab', `/api/studio_jobs/${id}`)).json().data;
    await a.put('collab', `/api/studio_jobs/${id}`, { task_ids: tasks, updated_at: again.updated_at });
    expect(
      (
        await a.get('collab', '/api/customer_task_per_job_count', { year, customer_id: customer, studio_job_id: id })
      ).json()[String(customer)][String(id)],
    ).toBe(done);
    // a task deleted forever (trashed, then deleted): no longer counted
    await a.del('admin', `/api/task/${doneTask}`);
    expect(
      (
        await a.del('admin', `/api/task/${doneTask}`, { versions: await a.versions('admin', 'tasks', [doneTask]) })
      ).json().data,
    ).toEqual({ trashed: 0, deleted: 1 });
    expect(
      (
        await a.get('collab', '/api/customer_task_per_job_count', { year, customer_id: customer, studio_job_id: id })
      ).json()[String(customer)][String(id)],
    ).toBe(done - 1);
  });
});

describe('C44 C45 the dashboard', () => {
  it("C44 a Collaboratore gets only his customers, whatever he asks; an Admin every active one, or a collaborator's", async () => {
    const mine = (await a.get('collab', '/api/logged-user/studio-jobs-customers')).json().data as Array<{
      id: number;
      collaborator_studio_jobs_id: number;
    }>;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((c) => c.collaborator_studio_jobs_id === collabId)).toBe(true);
    const asked = (await a.get('collab', '/api/logged-user/studio-jobs-customers', { collaborator_id: 0 })).json().data;
    expect(asked).toEqual(mine);
    const all = (await a.get('admin', '/api/logged-user/studio-jobs-customers')).json().data as Array<{
      id: number;
      legal_status: unknown;
    }>;
    const [{ n }] = await a.sql<{ n: number }>(
      `SELECT count(*)::int AS "n" FROM "customers" WHERE "studio_id" = $1 AND "deleted_at" IS NULL AND "ceased" = 0`,
      [demoId],
    );
    expect(all).toHaveLength(Number(n));
    expect(all[0]).toHaveProperty('legal_status');
    const filtered = (
      await a.get('admin', '/api/logged-user/studio-jobs-customers', { collaborator_id: collabId })
    ).json().data;
    expect(filtered.map((c: { id: number }) => c.id)).toEqual(mine.map((c) => c.id));
  });

  it("C45 the counts match the statuses of the demo year, only the job's current sub-tasks counted; a Collaboratore gets only his customers' counts", async () => {
    const counts = (await a.get('admin', '/api/customer_task_per_job_count', { year })).json() as Record<
      string,
      Record<string, number>
    >;
    const rows = await a.sql<{ customer_id: number; studio_job_id: number; n: number }>(
      `SELECT s."customer_id", s."studio_job_id", count(*)::int AS "n" FROM "task_job_statuses" s
      JOIN "studio_job_tasks" jt ON jt."studio_job_id" = s."studio_job_id" AND jt."task_id" = s."task_id" WHERE s."studio_id" = $1 AND s."year" = $2 AND s."status" = 1 GROUP BY 1, 2`,
      [demoId, year],
    );
    expect(rows.length).toBeGreaterThan(100);
    for (const r of rows)
      expect(counts[String(r.customer_id)]?.[String(r.studio_job_id)], `${r.customer_id}/${r.studio_job_id}`).toBe(
        Number(r.n),
      );
    expect(Object.values(counts).reduce((s, j) => s + Object.keys(j).length, 0)).toBe(rows.length);
    // the demo data is colourful: some jobs done, some under way, some not started
    const jobs = (await a.get('admin', '/api/studio_jobs')).json().data as Array<{ id: number; taskCount: number }>;
    const total = new Map(jobs.map((j) => [String(j.id), j.taskCount]));
    const cells = Object.values(counts).flatMap((j) => Object.entries(j).map(([id, n]) => n / total.get(id)!));
    expect(cells.some((x) => x === 1)).toBe(true);
    expect(cells.some((x) => x > 0 && x < 1)).toBe(true);
    const own = (await a.get('collab', '/api/customer_task_per_job_count', { year })).json() as Record<string, unknown>;
    const mine = new Set(
      ((await a.get('collab', '/api/logged-user/studio-jobs-customers')).json().data as Array<{ id: number }>).map(
        (c) => String(c.id),
      ),
    );
    expect(Object.keys(own).every((id) => mine.has(id))).toBe(true);
    expect((await a.get('admin', '/api/customer_task_per_job_count')).json().errors.year).toEqual([
      'Campo Obbligatorio',
    ]);
    expect((await a.get('bianchi', '/api/customer_task_per_job_count', { year })).json()).not.toHaveProperty(
      Object.keys(counts)[0]!,
    );
  });
});
