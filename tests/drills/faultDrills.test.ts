/**
 * Fault drills (issue 17 item 2): the real server process (server/main.ts, a child process)
 * killed with SIGKILL in the middle of bulk work, the mail server down for half a minute
 * (longer than its whole retry ladder), PostgreSQL going away under load, and two server
 * processes on one database. Each drill has a PostgreSQL database of its own on the local server
 * (ADMIN_URL in tests/helpers/serverProcess.ts: DATABASE_URL's server if set) and runs
 * concurrently with the others, in the drills project, once per CI run. faults.test.ts covers
 * the single-process basics (terminated backends, health, SIGTERM); sessionsBus.test.ts the
 * session caches of two apps in one process.
 *
 * The servers are other processes: their clocks cannot be faked. The drills wait for what they
 * need (a row's status, a log line, an answer, the job queue) with a deadline; the one wait of
 * real time left is the mail server's outage itself, which is the drill's subject.
 */
import { afterAll, describe, it } from 'vitest';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  lastLines,
  login,
  ownPostgres,
  spawnServer,
  STARTED,
  within,
  type ServerProcess,
} from '../helpers/serverProcess.js';
import { startSmtpSink, type SmtpSink } from '../helpers/smtpSink.js';

const dataDir = mkdtempSync(join(tmpdir(), 'gs-drills-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** A wait of real time: only where time itself is the subject (each use says why). */
const realTime = (ms: number) => new Promise((r) => setTimeout(r, ms));
/**
 * The user checks' cache on a server (server/auth/session.ts USER_TTL_MS is 3 s, the roles'
 * permissions 30 s): a change seen on the other process well within it was told by NOTIFY, not
 * by the cache running out.
 */
const AT_ONCE_MS = 1000;
/**
 * A drill's budget. They run at once (describe.concurrent), each with servers of its own, and their
 * work is CPU-bound — the zip drill renders 500 statements twice on threads at nice 10, which a busy
 * machine serves last: alone they take 30–95 s; with two CI runs at once on the 2-core machine the zip
 * drill took 173 s and the mail batch 142 s. The budget bounds a hung drill, not the drill's speed.
 */
const DRILL_MS = 400_000;
type Headers = Record<string, string>;
type Db = Awaited<ReturnType<typeof ownPostgres>>;

type Finally = (fn: () => Promise<void>) => void;
/** helpers that end what they start when the test finishes (tests run concurrently: the test's own hook) */
function drill(onFinished: Finally) {
  const server = (env: Record<string, string>, dir = dataDir): ServerProcess => {
    const s = spawnServer({ DATA_DIR: dir, ...env });
    onFinished(async () => {
      s.child.kill('SIGKILL');
      await s.exited;
    });
    return s;
  };
  return {
    async started(env: Record<string, string>, dir?: string) {
      const s = server(env, dir);
      await s.waitFor(STARTED, 90_000);
      return s;
    },
    async database(prefix: string) {
      const db = await ownPostgres(prefix);
      onFinished(async () => {
        await db.drop();
      });
      return db;
    },
    async sink() {
      const k = await startSmtpSink();
      onFinished(async () => {
        await k.stop();
      });
      return k;
    },
  };
}
/** SIGKILL: no shutdown code runs */
async function kill9(s: ServerProcess) {
  s.child.kill('SIGKILL');
  await s.exited;
}
const call = (s: ServerProcess, method: string, path: string, headers: Headers, body?: unknown) =>
  fetch(`${s.url}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const q = async <T = Record<string, unknown>>(db: Db, text: string, params: unknown[] = []) => {
  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  try {
    return (await c.query(text, params)).rows as T[];
  } finally {
    await c.end();
  }
};
const studioOf = async (db: Db, email = 'admin@studiodemo.test') =>
  Number((await q<{ s: number }>(db, 'SELECT "studio_id" AS s FROM "users" WHERE "email" = $1', [email]))[0]!.s);

/** `n` more customers of the studio (copies of an active one with a fee), with their own code and e-mail; their ids */
async function seedCustomers(db: Db, studioId: number, n: number): Promise<number[]> {
  const cols = (
    await q<{ c: string }>(
      db,
      `SELECT column_name AS c FROM information_schema.columns WHERE table_name = 'customers' AND column_name <> 'id' ORDER BY ordinal_position`,
    )
  ).map((r) => r.c);
  const own: Record<string, string> = {
    cod: `'DRILL' || g`,
    business_name: `'Cliente esercitazione ' || g`,
    email: `'drill' || g || '@mail.test'`,
    ceased: '0',
  };
  const list = cols.map((c) => `"${c}"`).join(', ');
  const values = cols.map((c) => own[c] ?? `c."${c}"`).join(', ');
  const rows = await q<{ id: number }>(
    db,
    `INSERT INTO "customers" (${list})
    SELECT ${values} FROM (SELECT * FROM "customers" WHERE "studio_id" = $1 AND "ceased" = 0 AND "yearly_accounting_amount" > 0 ORDER BY "id" LIMIT 1) c
    CROSS JOIN generate_series(1, $2::int) g RETURNING "id"`,
    [studioId, n],
  );
  return rows.map((r) => Number(r.id));
}

/** The number of entries a zip's end-of-central-directory record counts (-1: no such record: a cut file). */
function zipEntries(buf: Buffer): number {
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 65_535); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) return buf.readUInt16LE(i + 10);
  }
  return -1;
}

/**
 * 'Nothing more arrives', read from the job queue instead of waited for: no job of these messages
 * is left in pg-boss's queue (waiting, to be retried or running). A job ends after its message's
 * row is written, and the sweeps give a job only to a row still 'queued' or left 'sending', never
 * to a 'sent' one: nothing can send them again.
 */
/** How many of these outbox messages are recorded as sent. */
const sentCount = async (db: Db, ids: number[]) =>
  (
    await q<{ n: number }>(
      db,
      `SELECT count(*)::int AS n FROM "mail_outbox" WHERE "id" = ANY($1::int[]) AND "status" = 'sent'`,
      [ids],
    )
  )[0]!.n;
const settled = (db: Db, ids: number[]) =>
  within(
    30_000,
    async () =>
      (
        await q<{ n: number }>(
          db,
          `SELECT count(*)::int AS n FROM "pgboss"."job" WHERE "name" = 'mail' AND "singleton_key" = ANY($1::text[]) AND "state" IN ('created', 'retry', 'active')`,
          [ids.map((id) => `mail-${id}`)],
        )
      )[0]!.n === 0,
    100,
  );

/** Message-IDs the sink received, in order */
const messageIds = (k: SmtpSink) => k.received.map((r) => r.mail.messageId ?? '');
const counts = (list: string[]) => list.reduce((m, x) => m.set(x, (m.get(x) ?? 0) + 1), new Map<string, number>());

describe.concurrent('fault drills', () => {
  it(
    'drill: kill -9 in the middle of generate installments for 4,000 customers — after the restart the call left all its rows or none; run again it completes',
    async ({ expect, onTestFinished }) => {
      const { started, database } = drill(onTestFinished);
      const db = await database('drill_inst');
      let s = await started({ DATABASE_URL: db.url });
      const studioId = await studioOf(db);
      const ids = await seedCustomers(db, studioId, 4000);
      const { headers } = await login(s.url);
      let YEAR = 2031;
      // killed while its transaction is inserting the rows or has inserted them and not yet committed
      // (pg_stat_activity: the INSERT running, or its transaction holding an id after it). On a
      // loaded machine a call may answer between two looks: it is run again for another year.
      for (let attempt = 0; ; attempt++) {
        YEAR = 2031 + attempt;
        let answered = false;
        const pending = call(s, 'POST', '/api/generate_credit_transactions', headers, {
          customer_ids: ids,
          year: YEAR,
        }).then(
          (r) => {
            answered = true;
            return r.status;
          },
          () => 'cut',
        );
        await within(
          60_000,
          async () =>
            answered ||
            (
              await db.admin.query(
                `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()
        AND query ILIKE '%INSERT INTO "transactions"%' AND (state = 'active' OR (state = 'idle in transaction' AND backend_xid IS NOT NULL))`,
                [db.name],
              )
            ).rows[0].n > 0,
          10,
        );
        if (!answered) {
          await kill9(s);
          expect(await pending).toBe('cut');
          expect(answered).toBe(false);
          break;
        }
        expect(await pending).toBe(200);
        expect(attempt, 'the call answered before it could be killed, three times').toBeLessThan(2);
      }

      const perCustomer = `SELECT c."id", count(t."id")::int AS n FROM "customers" c LEFT JOIN "transactions" t ON t."customer_id" = c."id" AND t."transaction_note" LIKE 'Rata %/% ${YEAR}'
      WHERE c."id" = ANY($1::int[]) GROUP BY c."id"`;
      const after = await q<{ id: number; n: number }>(db, perCustomer, [ids]);
      const left = after.reduce((a, r) => a + r.n, 0);

      s = await started({ DATABASE_URL: db.url });
      const again = await call(s, 'POST', '/api/generate_credit_transactions', (await login(s.url)).headers, {
        customer_ids: ids,
        year: YEAR,
      });
      expect(again.status).toBe(200);
      const body = (await again.json()) as { data: unknown[]; skipped: Array<{ reason: string }> };
      const final = await q<{ id: number; n: number }>(db, perCustomer, [ids]);
      const total = final.reduce((a, r) => a + r.n, 0);
      expect(total).toBeGreaterThan(ids.length); // several installments each
      expect(final.every((r) => r.n > 0)).toBe(true);
      if (left === 0) {
        // none: the second run made every row
        expect(body.data).toHaveLength(total);
      } else {
        // all: the killed call had committed, the second run adds nothing
        expect(left).toBe(total);
        expect(body.data).toHaveLength(0);
        expect(body.skipped.every((x) => x.reason === `Rate già generate per il ${YEAR}`)).toBe(true);
      }
      // no installment twice
      expect(
        Number(
          (
            await q<{ n: number }>(
              db,
              `SELECT count(*)::int AS n FROM (SELECT "customer_id", "transaction_note" FROM "transactions"
      WHERE "customer_id" = ANY($1::int[]) GROUP BY 1, 2 HAVING count(*) > 1) d`,
              [ids],
            )
          )[0]!.n,
        ),
      ).toBe(0);
    },
    DRILL_MS,
  );

  it(
    'drill: kill -9 in the middle of a 500-customer zip download — after the restart the same zip is served whole, nothing left behind breaks it',
    async ({ expect, onTestFinished }) => {
      const { started, database } = drill(onTestFinished);
      const db = await database('drill_zip');
      const dir = mkdtempSync(join(dataDir, 'zip-'));
      let s = await started({ DATABASE_URL: db.url }, dir);
      const ids = await seedCustomers(db, await studioOf(db), 500);
      const path = `/api/account_balance_pdf?customer_ids=${encodeURIComponent(JSON.stringify(ids))}`;
      const files = () => readdirSync(dir, { recursive: true }).map(String).sort();
      const filesBefore = files();
      const res = await call(s, 'GET', path, (await login(s.url)).headers);
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      let got = 0;
      while (got < 64 * 1024) {
        const { value, done } = await reader.read();
        expect(done).toBe(false); // still streaming when it is killed
        got += value!.length;
      }
      await kill9(s);
      const cut = await (async () => {
        try {
          for (;;) {
            const { done } = await reader.read();
            if (done) return 'ended';
          }
        } catch {
          return 'cut';
        }
      })();
      expect(cut).toBe('cut');

      s = await started({ DATABASE_URL: db.url }, dir);
      const whole = await call(s, 'GET', path, (await login(s.url)).headers);
      expect(whole.status).toBe(200);
      expect(whole.headers.get('content-disposition')).toContain('EstrattiConto.zip');
      const buf = Buffer.from(await whole.arrayBuffer());
      expect(zipEntries(buf)).toBe(500);
      // no file was left in the data folder (a download writes no row)
      expect(files()).toEqual(filesBefore);
    },
    DRILL_MS,
  );

  it(
    'drill: kill -9 while the mail worker sends a batch of 60 — after the restart every message is delivered exactly once (the one cut mid-send included)',
    async ({ expect, onTestFinished }) => {
      const { started, database, sink } = drill(onTestFinished);
      const db = await database('drill_mail');
      const k = await sink();
      const env = { DATABASE_URL: db.url, SMTP_URL: k.url, MAIL_RETRY_DELAY: '1' };
      let s = await started(env);
      const ids = await seedCustomers(db, await studioOf(db), 60);
      const held = k.hold(20);
      const res = await call(
        s,
        'GET',
        `/api/send_account_balance_mail?customer_ids=${encodeURIComponent(JSON.stringify(ids))}`,
        (await login(s.url)).headers,
      );
      expect(res.status).toBe(200);
      const queued = ((await res.json()) as { data: { ids: number[] } }).data.ids;
      expect(queued).toHaveLength(60);
      // the worker is in the middle of a message: connected, envelope given, its row claimed
      await held.reached;
      await kill9(s);
      held.release();
      const states = await q<{ status: string; n: number }>(
        db,
        `SELECT "status", count(*)::int AS n FROM "mail_outbox" WHERE "id" = ANY($1::int[]) GROUP BY 1`,
        [queued],
      );
      const by = Object.fromEntries(states.map((r) => [r.status, r.n]));
      expect(by.sending).toBe(1);
      expect(by.sent).toBe(k.received.length);
      expect(k.received.length).toBeGreaterThanOrEqual(20);
      expect(k.received.length).toBeLessThan(60);

      s = await started(env);
      await within(60_000, async () => (await sentCount(db, queued)) === 60, 250);
      await settled(db, queued); // nothing more arrives
      const rows = await q<{ id: number; message_id: string }>(
        db,
        `SELECT "id", "message_id" FROM "mail_outbox" WHERE "id" = ANY($1::int[]) ORDER BY "id"`,
        [queued],
      );
      const got = counts(messageIds(k));
      expect(k.received).toHaveLength(60);
      for (const r of rows) expect(got.get(r.message_id), `message ${r.id}`).toBe(1);
      const keys = counts(k.received.map((r) => `${r.rcptTo.join(',')}|${r.mail.subject}`));
      expect([...keys.values()].every((n) => n === 1)).toBe(true);
      // the next process's sweep found the one cut mid-send and ended its dead job
      expect(s.output()).toMatch(/"interrupted":1,"msg":"mail: queuing messages that no job carried"/);
    },
    DRILL_MS,
  );

  it(
    'drill: the SMTP server down for half a minute — messages queued meanwhile wait (none failed), and once it is back every one is delivered, in the order queued, none twice',
    async ({ expect, onTestFinished }) => {
      const { started, database, sink } = drill(onTestFinished);
      const db = await database('drill_smtp');
      const k = await sink();
      k.down();
      const s = await started({ DATABASE_URL: db.url, SMTP_URL: k.url, MAIL_RETRY_DELAY: '1', MAIL_RETRY_LIMIT: '3' });
      const customers = await seedCustomers(db, await studioOf(db), 5);
      const { headers } = await login(s.url);
      const queued: number[] = [];
      for (const id of customers) {
        const res = await call(
          s,
          'GET',
          `/api/send_account_balance_mail?customer_ids=${encodeURIComponent(JSON.stringify([id]))}`,
          headers,
        );
        expect(res.status).toBe(200);
        queued.push(...((await res.json()) as { data: { ids: number[] } }).data.ids);
      }
      expect(queued).toHaveLength(5);
      /** what a failed wait says: the rows, what the sink got, the server's last lines */
      const explain = async () =>
        `${JSON.stringify(
          await q(
            db,
            `SELECT "id", "status", "tries", "last_error" FROM "mail_outbox" WHERE "id" = ANY($1::int[]) ORDER BY "id"`,
            [queued],
          ),
        )}; the sink received ${k.received.length}; the server said:\n${lastLines(s)}`;
      await within(
        20_000,
        async () =>
          (
            await q<{ e: string | null }>(db, 'SELECT "last_error" AS e FROM "mail_outbox" WHERE "id" = $1', [
              queued[0],
            ])
          )[0]!.e !== null,
        100,
        explain,
      );
      // The outage itself is real time. With MAIL_RETRY_DELAY=1 and MAIL_RETRY_LIMIT=3 pg-boss retries
      // a failed message after 1–2, 2–4 and 4–8 s, each retry picked up within its 2-s poll: had the
      // unreachable server used up retries, the first message would have failed for good within
      // about 20 s of its first try. The server stays down 30 s from that try.
      await realTime(30_000);
      const during = await q<{ status: string; last_error: string | null }>(
        db,
        `SELECT "status", "last_error" FROM "mail_outbox" WHERE "id" = ANY($1::int[]) ORDER BY "id"`,
        [queued],
      );
      expect(during.map((r) => r.status)).toEqual(['queued', 'queued', 'queued', 'queued', 'queued']);
      expect(during[0]!.last_error).toMatch(/^Server SMTP non raggiungibile/);
      expect(k.received).toHaveLength(0);

      k.up();
      const back = Date.now();
      await within(20_000, async () => k.received.length >= 5, 100, explain);
      const delay = Date.now() - back;
      await within(20_000, async () => (await sentCount(db, queued)) === 5, 100, explain);
      await settled(db, queued); // nothing more arrives
      const rows = await q<{ id: number; message_id: string; status: string }>(
        db,
        `SELECT "id", "message_id", "status" FROM "mail_outbox" WHERE "id" = ANY($1::int[]) ORDER BY "id"`,
        [queued],
      );
      expect(rows.every((r) => r.status === 'sent')).toBe(true);
      expect(messageIds(k)).toEqual(rows.map((r) => r.message_id));
      expect(delay).toBeLessThan(10_000);
      expect(s.alive()).toBe(true);
    },
    DRILL_MS,
  );

  it(
    "drill: PostgreSQL away for a few seconds under load (mail worker running) — every answer meanwhile is 200 or 503, never 500, the process survives, it serves again within 5 s of the database's return, and a message the SMTP server accepted meanwhile is recorded, not sent twice",
    async ({ expect, onTestFinished }) => {
      const { started, database, sink } = drill(onTestFinished);
      const db = await database('drill_pg');
      const k = await sink();
      const s = await started({ DATABASE_URL: db.url, SMTP_URL: k.url, MAIL_RETRY_DELAY: '1' });
      const signed = await login(s.url);
      expect(signed.status, `${signed.answer}\n${s.output()}`).toBe(200);
      const { headers } = signed;
      const customer = (await seedCustomers(db, await studioOf(db), 1))[0]!;
      const mail = `/api/send_account_balance_mail?customer_ids=${encodeURIComponent(JSON.stringify([customer]))}`;
      // a message in the middle of its SMTP transaction when the database goes
      const held = k.hold(0);
      const first = await call(s, 'GET', mail, headers);
      expect(first.status, `${await first.clone().text()}\n${s.output()}`).toBe(200);
      const [firstId] = ((await first.json()) as { data: { ids: number[] } }).data.ids;
      await held.reached;
      const statuses: number[] = [];
      let load = true;
      const paths = [
        '/api/studio_logged',
        '/api/list/Customer/CustomerResourceListCollection',
        `/api/customers/${customer}`,
        '/api/health',
      ];
      const loop = (async () => {
        for (let i = 0; load; i++) {
          const r = await fetch(`${s.url}${paths[i % paths.length]}`, { headers }).then(
            (x) => x.status,
            () => 0,
          );
          statuses.push(r);
          await realTime(20); // the load's pace, not a wait for anything
        }
      })();
      // the load is on before the database goes
      await within(10_000, async () => statuses.filter((x) => x === 200).length >= paths.length);
      await db.admin.query(`ALTER DATABASE ${db.name} ALLOW_CONNECTIONS false`);
      await db.terminateBackends();
      await within(5000, async () => (await fetch(`${s.url}/api/health`)).status === 503);
      // the server accepts it now: its row cannot be written until the database is back
      held.release();
      const explain = () => `the sink received ${k.received.length}; the server said:\n${lastLines(s)}`;
      await within(5000, async () => k.received.length === 1, 100, explain);
      // the database stays away while the worker tries to record that message: it tries every second
      // (server/areas/mail/worker.ts record()); four failed writes keep it away for a few seconds (3–4 s)
      await within(20_000, async () => s.output().split('mail: writing a delivery failed').length > 4, 100, explain);
      const during = await call(s, 'GET', '/api/list/Customer/CustomerResourceListCollection', headers);
      expect(during.status).toBe(503);
      const write = await call(s, 'GET', mail, headers);
      expect(write.status).toBe(503);
      expect(s.alive(), s.output()).toBe(true);

      await db.admin.query(`ALTER DATABASE ${db.name} ALLOW_CONNECTIONS true`);
      const took = await within(
        5000,
        async () => (await call(s, 'GET', '/api/list/Customer/CustomerResourceListCollection', headers)).status === 200,
        50,
      );
      expect(took).toBeLessThan(5000);
      load = false;
      await loop;
      expect(statuses.filter((x) => x === 503).length).toBeGreaterThan(0);
      expect(statuses.filter((x) => x !== 200 && x !== 503)).toEqual([]);
      // the message accepted meanwhile is recorded as sent
      const row = async (id: number) =>
        (
          await q<{ status: string; message_id: string }>(
            db,
            'SELECT "status", "message_id" FROM "mail_outbox" WHERE "id" = $1',
            [id],
          )
        )[0]!;
      await within(10_000, async () => (await row(firstId!)).status === 'sent');
      // writes and the mail worker work again
      const sent = await call(s, 'GET', mail, headers);
      expect(sent.status).toBe(200);
      const [secondId] = ((await sent.json()) as { data: { ids: number[] } }).data.ids;
      await within(20_000, async () => (await row(secondId!)).status === 'sent');
      await settled(db, [firstId!, secondId!]); // nothing more arrives
      expect(messageIds(k)).toEqual([(await row(firstId!)).message_id, (await row(secondId!)).message_id]);
      expect(s.alive()).toBe(true);
    },
    DRILL_MS,
  );

  it(
    'drill: two server processes on one database — a logout, a permission taken from a role and a record update on A are seen at once on B',
    async ({ expect, onTestFinished }) => {
      const { started, database } = drill(onTestFinished);
      const db = await database('drill_two');
      const a = await started({ DATABASE_URL: db.url });
      const b = await started({ DATABASE_URL: db.url });
      const admin = (await login(a.url)).headers;
      const superadmin = (await login(a.url, 'superadmin@gestionale.test')).headers;

      // sessions: logout on A → the token is refused on B (which had it cached as valid)
      const collab = (await login(a.url, 'collaboratore@studiodemo.test')).headers;
      expect((await call(b, 'GET', '/api/studio_logged', collab)).status).toBe(200);
      expect((await call(a, 'GET', '/api/user/logout', collab)).status).toBe(200);
      await within(
        AT_ONCE_MS,
        async () => (await call(b, 'GET', '/api/studio_logged', collab)).status !== 200,
        25,
      ).catch(() => undefined);
      expect((await call(b, 'GET', '/api/studio_logged', collab)).status).toBe(401);

      // permissions: customers.view taken from Collaboratore on A → B refuses at once
      const user = (await login(b.url, 'collaboratore@studiodemo.test')).headers;
      const list = '/api/list/Customer/CustomerResourceListCollection';
      expect((await call(b, 'GET', list, user)).status).toBe(200);
      const role = (await q<{ id: number }>(db, `SELECT "id" FROM "roles" WHERE "name" = 'Collaboratore'`))[0]!.id;
      const perm = (
        await q<{ id: number }>(
          db,
          `SELECT p."id" FROM "permissions" p JOIN "role_permissions" rp ON rp."permission_id" = p."id" WHERE rp."role_id" = $1 AND p."name" = 'customers.view'`,
          [role],
        )
      )[0]!.id;
      const current = (await (await call(a, 'GET', `/api/user/roles/${role}`, superadmin)).json()) as {
        data: { permission_ids: Array<number | { id: number }>; updated_at: string };
      };
      const permIds = current.data.permission_ids.map((p) => (typeof p === 'number' ? p : p.id));
      expect(permIds).toContain(perm);
      const put = await call(a, 'PUT', `/api/user/roles/${role}`, superadmin, {
        permission_ids: permIds.filter((p) => p !== perm),
        updated_at: current.data.updated_at,
      });
      expect(put.status, await put.clone().text()).toBe(200);
      await within(AT_ONCE_MS, async () => (await call(b, 'GET', list, user)).status !== 200, 25).catch(
        () => undefined,
      );
      expect((await call(b, 'GET', list, user)).status).toBe(403);

      // versions: a record updated on A → a PUT on B with the old updated_at is 412, nothing written
      const id = (
        await q<{ id: number }>(
          db,
          `SELECT "id" FROM "customers" WHERE "studio_id" = $1 AND "deleted_at" IS NULL ORDER BY "id" LIMIT 1`,
          [await studioOf(db)],
        )
      )[0]!.id;
      const before = (await (await call(b, 'GET', `/api/customers/${id}`, admin)).json()) as {
        data: { updated_at: string };
      };
      const onA = await call(a, 'PUT', `/api/customers/${id}`, admin, {
        note: 'Modificato su A',
        updated_at: before.data.updated_at,
      });
      expect(onA.status, await onA.clone().text()).toBe(200);
      const onB = await call(b, 'PUT', `/api/customers/${id}`, admin, {
        note: 'Modificato su B',
        updated_at: before.data.updated_at,
      });
      expect(onB.status).toBe(412);
      expect((await q<{ note: string }>(db, 'SELECT "note" FROM "customers" WHERE "id" = $1', [id]))[0]!.note).toBe(
        'Modificato su A',
      );
    },
    DRILL_MS,
  );
});
