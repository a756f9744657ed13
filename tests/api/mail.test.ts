/**
 * The mail outbox (PRODUCT.md §6, issue 11 item 8) and the e-mail calls C20, C31, C32: messages
 * written in the request's transaction, delivered by the pg-boss worker through nodemailer to an
 * SMTP server in this process (smtp-server), read back with mailparser and pdftotext. Retries
 * after a refusal or an outage, a process stopped between commit and hand-off, two workers on
 * one database, no SMTP_URL (kept), and 'Posta in uscita' (roles, studio scope, .eml, Riprova).
 * No fixed sleeps: each step polls for what it needs (a delivery, a row's status) with a
 * deadline, and 'nothing more arrives' is read from the job queue (`settled`): once no job of a
 * message is left, nothing can send it again.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser, type AddressObject } from 'mailparser';
import { sql } from 'drizzle-orm';
import { ownDatabaseUrl, startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, romeToday, type Api } from '../helpers/api.js';
import { startSmtpSink, type Received, type SmtpSink } from '../helpers/smtpSink.js';
import { startMailWorker, type MailWorker } from '../../server/areas/mail/worker.js';
import { enqueueMails } from '../../server/areas/mail/outbox.js';
import { execOn, inTransaction } from '../../server/records/exec.js';

let t: TestApp;
let a: Api;
let sink: SmtpSink;
let demoId: number;
let bianchiId: number;
/** the database pg-boss connects to on PostgreSQL (the test file's own) */
let bossUrl: string | undefined;
/** Studio Demo customers whose contract can be made */
let ready: Array<{ id: number; business_name: string; email: string }>;
const workers: MailWorker[] = [];
const dir = mkdtempSync(join(tmpdir(), 'gs-mail-'));

/** A worker of this test process (as one server process has), handed the app's requests. */
async function startWorker(opts: { smtp?: boolean; attach?: boolean; sweepIntervalMs?: number } = {}) {
  const w = await startMailWorker({
    database: t.database,
    settings: {
      smtpUrl: opts.smtp === false ? undefined : sink.url,
      mailRetryLimit: 3,
      mailRetryDelaySeconds: 1,
      databaseUrl: bossUrl,
    },
    sweepIntervalMs: opts.sweepIntervalMs ?? 30_000,
    pollingIntervalSeconds: 0.5,
  });
  workers.push(w);
  if (opts.attach !== false) t.app.mail.attach(w);
  return w;
}
async function stopWorker(w: MailWorker) {
  if (t.app.mail.worker === w) t.app.mail.attach(null);
  await w.stop(5000);
  workers.splice(workers.indexOf(w), 1);
}

async function until<T>(
  what: string,
  fn: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  ms = 30_000,
): Promise<T> {
  return vi.waitFor(
    async () => {
      const v = await fn();
      if (!v) throw new Error(`timed out waiting for ${what}`);
      return v;
    },
    { timeout: ms, interval: 50 },
  );
}

/** the messages the SMTP server received for outbox row `id` (its Message-ID names the row) */
const deliveredOf = (id: number) => sink.received.filter((r) => r.mail.messageId?.startsWith(`<outbox.${id}.`));
const delivered = (id: number) => until(`message ${id} delivered`, () => deliveredOf(id)[0]);
const rowOf = async (id: number) =>
  (
    await a.sql<{
      status: string;
      tries: number;
      last_error: string | null;
      message_id: string | null;
      sent_at: string | null;
      cc_addresses: string[];
    }>(
      'SELECT "status", "tries", "last_error", "message_id", "sent_at"::text, "cc_addresses" FROM "mail_outbox" WHERE "id" = $1',
      [id],
    )
  )[0]!;
const statusOf = async (id: number) => (await rowOf(id)).status;
/** jobs that can still deliver these messages: waiting, to be retried or running (pg-boss's 'pgboss' schema, singleton key 'mail-{id}') */
const liveJobs = async (ids: number[]) =>
  Number(
    (
      await a.sql<{ n: number }>(
        `SELECT count(*)::int AS "n" FROM "pgboss"."job" WHERE "name" = 'mail' AND "singleton_key" = ANY($1::text[]) AND "state" IN ('created', 'retry', 'active')`,
        [ids.map((id) => `mail-${id}`)],
      )
    )[0]!.n,
  );
/**
 * Nothing more can arrive for these messages: no job of theirs is left (a job ends after its
 * message's row is written; the sweeps give a job only to a row still 'queued' or left 'sending',
 * never to a 'sent' or 'kept' one).
 */
const settled = (ids: number[]) => until(`no job left for ${ids.join(', ')}`, async () => (await liveJobs(ids)) === 0);
const outboxCount = async () =>
  Number((await a.sql<{ n: number }>('SELECT count(*)::int AS "n" FROM "mail_outbox"'))[0]!.n);
const addresses = (x: AddressObject | AddressObject[] | undefined) =>
  [x ?? []].flat().flatMap((o) => o.value.map((v) => v.address));
const pdfText = (pdf: Buffer) => {
  const p = join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(p, pdf);
  return execFileSync('pdftotext', ['-layout', p, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
};
const pdfOf = (r: Received, name: string) => {
  const att = r.mail.attachments.find((x) => x.filename === name);
  expect(att, `${name} attached`).toBeTruthy();
  expect(att!.contentType).toBe('application/pdf');
  return att!.content;
};

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await startTestApp({ env: { SMTP_URL: sink.url } });
  a = api(t);
  bossUrl = await ownDatabaseUrl(t);
  demoId = await a.studioId('Studio Demo');
  bianchiId = await a.studioId('Studio Bianchi');
  // customers whose contract can be made (address, city, tax id, fee, legal representative)
  ready = (
    await a.sql<{ id: number; business_name: string; email: string }>(
      `SELECT c."id", c."business_name", c."email" FROM "customers" c
    JOIN "legal_representatives" l ON l."id" = c."legal_representative_id" AND l."deleted_at" IS NULL
    WHERE c."studio_id" = $1 AND c."deleted_at" IS NULL AND c."address" IS NOT NULL AND c."city" IS NOT NULL AND c."email" IS NOT NULL
      AND (c."vat_id" IS NOT NULL OR c."fiscal_code" IS NOT NULL) AND c."yearly_accounting_amount" > 0
    ORDER BY c."id" LIMIT 12`,
      [demoId],
    )
  ).map((c) => ({ ...c, id: Number(c.id) }));
  expect(ready.length).toBeGreaterThanOrEqual(12);
  await Promise.all([a.headers('admin'), a.headers('collab'), a.headers('bianchi'), a.headers('superadmin')]);
  await startWorker();
});
afterAll(async () => {
  t?.app.mail.attach(null);
  for (const w of workers.splice(0)) await w.stop(5000).catch(() => undefined);
  await t?.close();
  await sink?.stop();
});

describe('C32 C31 C20: documents by e-mail', () => {
  it("C32 send_contract_pdf: one message per customer to its e-mail, cc the studio's cc_contract, Contratto.pdf attached; sent once, status sent", async () => {
    const two = ready.slice(0, 2);
    const res = await a.get('admin', '/api/send_contract_pdf', { customer_ids: JSON.stringify(two.map((c) => c.id)) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.message).toContain('inserito nella coda');
    expect(body.data.queued).toBe(2);
    const [{ cc_contract: cc, name: studio }] = await a.sql<{ cc_contract: string; name: string }>(
      'SELECT "cc_contract", "name" FROM "studios" WHERE "id" = $1',
      [demoId],
    );
    for (const id of body.data.ids as number[]) {
      const r = await delivered(id);
      const customer = two.find((c) => r.rcptTo.includes(c.email))!;
      expect(customer, `recipient of ${id}`).toBeTruthy();
      expect(r.rcptTo.sort()).toEqual([customer.email, cc].sort());
      expect(addresses(r.mail.to)).toEqual([customer.email]);
      expect(addresses(r.mail.cc)).toEqual([cc]);
      expect(r.mail.subject).toBe(`Lettera di incarico professionale - ${studio}`);
      expect(r.mail.text).toContain(`Gentile ${customer.business_name},`);
      expect(r.mail.text).toContain(studio);
      expect(r.mail.html).toContain('Cordiali saluti');
      const text = pdfText(pdfOf(r, 'Contratto.pdf'));
      expect(text).toContain('Lettera di incarico professionale');
      expect(text).toContain(customer.business_name);
      const row = await until(`row ${id} sent`, async () => {
        const x = await rowOf(id);
        return x.status === 'sent' && x;
      });
      expect(row.tries).toBe(1);
      expect(row.message_id).toBe(r.mail.messageId);
      expect(row.sent_at).toBeTruthy();
    }
  });

  it('C31 send_account_balance_mail: EstrattoConto.pdf of the period to each customer, cc cc_account_balance', async () => {
    const year = Number(romeToday().slice(0, 4));
    const two = ready.slice(2, 4);
    const res = await a.get('admin', '/api/send_account_balance_mail', {
      customer_ids: JSON.stringify(two.map((c) => c.id)),
      from: `${year}-01-01`,
      to: `31-12-${year}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.queued).toBe(2);
    const [{ cc_account_balance: cc }] = await a.sql<{ cc_account_balance: string }>(
      'SELECT "cc_account_balance" FROM "studios" WHERE "id" = $1',
      [demoId],
    );
    for (const id of res.json().data.ids as number[]) {
      const r = await delivered(id);
      const customer = two.find((c) => addresses(r.mail.to).includes(c.email))!;
      expect(customer).toBeTruthy();
      expect(addresses(r.mail.cc)).toEqual([cc]);
      expect(r.mail.subject).toBe(`Estratto conto (dal 01-01-${year} al 31-12-${year})`);
      expect(r.mail.text).toMatch(/Saldo finale: -?[\d.]+,\d\d €/);
      const text = pdfText(pdfOf(r, 'EstrattoConto.pdf'));
      expect(text).toContain(customer.business_name);
      expect(text).toContain(`dal 01-01-${year} al 31-12-${year}`);
    }
  });

  it("C20 email_pdf: Bollettino.pdf to each customer, cc cc_bollettino; 201 'Invio email in coda..'", async () => {
    const [svc] = await a.sql<{ id: number }>(
      `INSERT INTO "studio_services" ("studio_id", "cod", "description", "cost") VALUES ($1, 'MAILTEST', 'Tenuta contabilità', 90) RETURNING "id"`,
      [demoId],
    );
    const c = ready[4]!;
    const res = await a.post('collab', '/api/bollettino/actions/email_pdf', {
      customers_ids: JSON.stringify([c.id]),
      amount: '150,5',
      studio_service_id: String(svc!.id),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ message: 'Invio email in coda..', data: { queued: 1 } });
    const r = await delivered(res.json().data.ids[0]);
    const [{ cc_bollettino: cc }] = await a.sql<{ cc_bollettino: string }>(
      'SELECT "cc_bollettino" FROM "studios" WHERE "id" = $1',
      [demoId],
    );
    expect(addresses(r.mail.to)).toEqual([c.email]);
    expect(addresses(r.mail.cc)).toEqual([cc]);
    expect(r.mail.subject).toBe('Avviso di pagamento: Tenuta contabilità');
    expect(r.mail.text).toContain('150,50 €');
    const text = pdfText(pdfOf(r, 'Bollettino.pdf'));
    expect(text).toContain('Avviso di pagamento');
    expect(text).toContain(c.business_name);
    expect(text).toContain('150,50 €');
  });

  it('C20 C31 C32: a customer without a valid e-mail is a 422 naming it, and nothing is queued', async () => {
    const [x, y] = [ready[5]!, ready[6]!];
    await a.sql(`UPDATE "customers" SET "email" = '' WHERE "id" = $1`, [x.id]);
    await a.sql(`UPDATE "customers" SET "email" = 'non-una-email' WHERE "id" = $1`, [y.id]);
    const [svc] = await a.sql<{ id: number }>(
      'SELECT "id" FROM "studio_services" WHERE "studio_id" = $1 AND "deleted_at" IS NULL LIMIT 1',
      [demoId],
    );
    const before = await outboxCount();
    const ids = JSON.stringify([x.id, y.id, ready[7]!.id]);
    const answers = [
      await a.post('admin', '/api/bollettino/actions/email_pdf', {
        customers_ids: ids,
        amount: 10,
        studio_service_id: svc!.id,
      }),
      await a.get('admin', '/api/send_account_balance_mail', { customer_ids: ids }),
      await a.get('admin', '/api/send_contract_pdf', { customer_ids: ids }),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(422);
      const body = res.json();
      expect(body.message).toMatch(/^Email mancante o non valida per 2 clienti: /);
      expect(body.message).toContain(x.business_name);
      expect(body.message).toContain(y.business_name);
      expect(body.message).not.toContain(ready[7]!.business_name);
      expect(Object.values(body.errors).flat()).toEqual(
        expect.arrayContaining([
          `${x.business_name}: email mancante`,
          `${y.business_name}: email non valida (non-una-email)`,
        ]),
      );
    }
    expect(await outboxCount()).toBe(before);
    await a.sql('UPDATE "customers" SET "email" = $2 WHERE "id" = $1', [x.id, x.email]);
    await a.sql('UPDATE "customers" SET "email" = $2 WHERE "id" = $1', [y.id, y.email]);
  });

  it('C32 send_contract_pdf: every contract is checked first — what is missing is named per customer, nothing is queued', async () => {
    const [x, y, ok] = [ready[5]!, ready[6]!, ready[7]!];
    await a.sql('UPDATE "customers" SET "address" = NULL WHERE "id" = $1', [x.id]);
    await a.sql('UPDATE "customers" SET "yearly_accounting_amount" = 0 WHERE "id" = $1', [y.id]);
    const before = await outboxCount();
    const res = await a.get('admin', '/api/send_contract_pdf', { customer_ids: JSON.stringify([ok.id, x.id, y.id]) });
    expect(res.statusCode, res.body).toBe(422);
    const { message, errors } = res.json();
    expect(message).toMatch(/^Dati mancanti per il contratto: /);
    expect(message).toContain(`${x.business_name}: Indirizzo (cliente)`);
    expect(message).toMatch(
      new RegExp(`${y.business_name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: [^;]*\\(cliente\\)`),
    );
    expect(message).not.toContain(ok.business_name);
    expect(errors.customer_ids).toHaveLength(2);
    expect(await outboxCount()).toBe(before);
    await a.sql('UPDATE "customers" SET "address" = \'Via Roma 1\' WHERE "id" = $1', [x.id]);
    await a.sql('UPDATE "customers" SET "yearly_accounting_amount" = 1000 WHERE "id" = $1', [y.id]);
  });

  it("C20 C31 C32: another studio's customer is a 404 and bad input a 422 in Italian; nothing is queued", async () => {
    const [b] = await a.sql<{ id: number }>(
      'SELECT "id" FROM "customers" WHERE "studio_id" = $1 AND "deleted_at" IS NULL LIMIT 1',
      [bianchiId],
    );
    const [svc] = await a.sql<{ id: number }>(
      'SELECT "id" FROM "studio_services" WHERE "studio_id" = $1 AND "deleted_at" IS NULL LIMIT 1',
      [demoId],
    );
    const before = await outboxCount();
    const mixed = JSON.stringify([ready[0]!.id, Number(b!.id)]);
    expect(
      (
        await a.post('admin', '/api/bollettino/actions/email_pdf', {
          customers_ids: mixed,
          amount: 10,
          studio_service_id: svc!.id,
        })
      ).statusCode,
    ).toBe(404);
    expect((await a.get('admin', '/api/send_account_balance_mail', { customer_ids: mixed })).statusCode).toBe(404);
    expect((await a.get('admin', '/api/send_contract_pdf', { customer_ids: mixed })).statusCode).toBe(404);
    const bad = await a.post('admin', '/api/bollettino/actions/email_pdf', {
      customers_ids: '[]',
      amount: '-3',
      studio_service_id: 'x',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['amount', 'customers_ids', 'studio_service_id']);
    const dates = await a.get('admin', '/api/send_account_balance_mail', {
      customer_ids: JSON.stringify([ready[0]!.id]),
      from: '2026-12-31',
      to: '2026-01-01',
    });
    expect(dates.statusCode).toBe(422);
    expect(dates.json().errors.from).toEqual(['La data di inizio intervallo è maggiore di quella di fine']);
    const none = await a.get('admin', '/api/send_contract_pdf', { customer_ids: '[]' });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.customer_ids).toEqual(['Seleziona almeno un cliente']);
    const missing = await a.get('admin', '/api/send_account_balance_mail', {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.customer_ids).toEqual(['Seleziona uno o più elementi validi']);
    const many = await a.get('admin', '/api/send_contract_pdf', {
      customer_ids: JSON.stringify(Array.from({ length: 1001 }, (_, i) => i + 1)),
    });
    expect(many.statusCode).toBe(422);
    expect(many.json().errors.customer_ids[0]).toContain('Al massimo 1000 clienti');
    expect(await outboxCount()).toBe(before);
    // the role floor of the documents: Utente may not send them
    const utente = await a.utente('utente.mail@studiodemo.test');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/send_contract_pdf?customer_ids=[${ready[0]!.id}]`,
      headers: utente,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('delivery: retries, outages, crashes, several workers', () => {
  it('a temporary refusal (451) is retried with backoff: delivered at the second try, the error kept on the row', async () => {
    sink.refuse(451, 'Riprova più tardi', 1);
    const refusedBefore = sink.refused;
    const res = await a.get('admin', '/api/send_account_balance_mail', {
      customer_ids: JSON.stringify([ready[8]!.id]),
    });
    const id = res.json().data.ids[0] as number;
    await until('the refusal', () => sink.refused > refusedBefore);
    await delivered(id);
    const row = await until('sent', async () => {
      const r = await rowOf(id);
      return r.status === 'sent' && r;
    });
    expect(row.tries).toBe(2);
    expect(row.last_error).toContain('451');
    expect(deliveredOf(id)).toHaveLength(1);
  });

  it('the mail server down at first (connection reset): retried until it is back, then delivered once', async () => {
    sink.down();
    const res = await a.get('admin', '/api/send_account_balance_mail', {
      customer_ids: JSON.stringify([ready[9]!.id]),
    });
    const id = res.json().data.ids[0] as number;
    const failed = await until('a failed try', async () => {
      const r = await rowOf(id);
      return r.last_error ? r : null;
    });
    expect(failed.last_error).toMatch(/^Server SMTP non raggiungibile/);
    sink.up();
    await delivered(id);
    const row = await until('sent', async () => {
      const r = await rowOf(id);
      return r.status === 'sent' && r;
    });
    expect(row.tries).toBeGreaterThan(1);
    await settled([id]);
    expect(deliveredOf(id)).toHaveLength(1);
  });

  it("a permanent refusal (550) fails at once with the server's answer; 'Riprova' queues it again and it is delivered", async () => {
    sink.refuse(550, 'Casella inesistente', 1);
    const res = await a.get('admin', '/api/send_account_balance_mail', {
      customer_ids: JSON.stringify([ready[10]!.id]),
    });
    const id = res.json().data.ids[0] as number;
    const row = await until('failed', async () => {
      const r = await rowOf(id);
      return r.status === 'failed' && r;
    });
    expect(row.tries).toBe(1);
    expect(row.last_error).toBe('Il server SMTP ha rifiutato il messaggio (550): Casella inesistente');
    expect(deliveredOf(id)).toHaveLength(0);
    // the outbox shows it, the admin retries
    const list = await a.get('admin', '/api/mail_outbox', { status: 'failed' });
    expect(list.json().data.map((r: { id: number }) => r.id)).toContain(id);
    const retry = await a.post('admin', `/api/mail_outbox/${id}/actions/retry`);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().message).toBe('Messaggio inserito nella coda di invio');
    await delivered(id);
    const sent = await until('sent', async () => {
      const r = await rowOf(id);
      return r.status === 'sent' && r;
    });
    expect(sent.tries).toBe(2);
    // a sent message is not retried
    const again = await a.post('admin', `/api/mail_outbox/${id}/actions/retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain("'Inviata'");
  });

  it("a process stopped between the commit and the hand-off: the rows wait, the next worker's sweep sends each exactly once", async () => {
    await stopWorker(t.app.mail.worker!);
    const res = await a.get('admin', '/api/send_contract_pdf', {
      customer_ids: JSON.stringify([ready[0]!.id, ready[1]!.id, ready[11]!.id]),
    });
    expect(res.statusCode, res.body).toBe(200);
    const ids = res.json().data.ids as number[];
    // a message left 'sending' by a process that died mid-send is sent again after its lease
    const [stale] = await enqueueIn(async (exec) =>
      enqueueMails(exec, [
        { studioId: demoId, kind: 'contract', to: [ready[0]!.email], subject: 'Interrotto', text: 'Invio interrotto' },
      ]),
    );
    await a.sql(
      `UPDATE "mail_outbox" SET "status" = 'sending', "tries" = 1, "updated_at" = LOCALTIMESTAMP - interval '11 minutes' WHERE "id" = $1`,
      [stale!],
    );
    // no worker runs (nor any job queue): nothing but the request could have sent them, and it answered
    for (const id of ids) expect(await statusOf(id)).toBe('queued');
    expect(ids.flatMap(deliveredOf)).toHaveLength(0);
    await startWorker();
    for (const id of [...ids, stale!]) await delivered(id);
    await settled([...ids, stale!]);
    for (const id of [...ids, stale!]) {
      expect(deliveredOf(id), `message ${id}`).toHaveLength(1);
      expect(await statusOf(id)).toBe('sent');
    }
    expect((await rowOf(stale!)).tries).toBe(2);
  });

  it('two workers on one database (two server processes) with sweeps racing: every message is sent exactly once', async () => {
    const second = await startWorker({ attach: false, sweepIntervalMs: 300 });
    const third = await startWorker({ attach: false, sweepIntervalMs: 300 });
    const ids = ready.slice(0, 8).map((c) => c.id);
    const res = await a.get('admin', '/api/send_account_balance_mail', { customer_ids: JSON.stringify(ids) });
    expect(res.statusCode, res.body).toBe(200);
    const queued = res.json().data.ids as number[];
    for (const id of queued) await delivered(id);
    await settled(queued);
    for (const id of queued) {
      expect(deliveredOf(id), `message ${id}`).toHaveLength(1);
      expect((await rowOf(id)).tries).toBe(1);
    }
    await stopWorker(second);
    await stopWorker(third);
  });

  it('without SMTP_URL messages are kept (not sent), shown as kept; once a mail server is set, Riprova sends them', async () => {
    await stopWorker(t.app.mail.worker!);
    // one committed while no worker ran
    const [waiting] = await enqueueIn(async (exec) =>
      enqueueMails(exec, [
        { studioId: demoId, kind: 'contract', to: [ready[3]!.email], subject: 'In attesa', text: 'x' },
      ]),
    );
    const keeper = await startWorker({ smtp: false });
    expect(keeper.sends).toBe(false);
    expect(await statusOf(waiting!)).toBe('kept');
    const res = await a.get('admin', '/api/send_contract_pdf', { customer_ids: JSON.stringify([ready[2]!.id]) });
    const id = res.json().data.ids[0] as number;
    expect(await statusOf(id)).toBe('kept');
    const list = await a.get('admin', '/api/mail_outbox', { status: 'kept' });
    expect(list.json().data.find((r: { id: number }) => r.id === id)).toMatchObject({
      status: 'kept',
      status_label: 'Trattenuta (SMTP non configurato)',
      tries: 0,
      sent_at: null,
    });
    // Riprova without a mail server: kept again
    expect((await a.post('admin', `/api/mail_outbox/${id}/actions/retry`)).statusCode).toBe(200);
    expect(await statusOf(id)).toBe('kept');
    // the only worker keeps messages, it has no job queue: nothing can send it
    expect(deliveredOf(id)).toHaveLength(0);
    // the server restarted with SMTP_URL: kept messages wait for Riprova
    await stopWorker(keeper);
    await startWorker();
    // its sweep at start (done before startWorker answers) gave a job to no kept message
    await settled([id]);
    expect(await statusOf(id)).toBe('kept');
    expect((await a.post('admin', `/api/mail_outbox/${id}/actions/retry`)).statusCode).toBe(200);
    await delivered(id);
    expect(await until('sent', async () => (await statusOf(id)) === 'sent')).toBe(true);
  });
});

/** Runs `fn` in a transaction of the test database (as a request does). */
const enqueueIn = <T>(fn: (exec: ReturnType<typeof execOn>) => Promise<T>) => inTransaction(t.database, fn);

describe("'Posta in uscita' API", () => {
  it('Admin and above only: Collaboratore gets 403 on every call', async () => {
    const [{ id }] = await a.sql<{ id: number }>(
      'SELECT "id" FROM "mail_outbox" WHERE "studio_id" = $1 ORDER BY "id" LIMIT 1',
      [demoId],
    );
    expect((await a.get('collab', '/api/mail_outbox')).statusCode).toBe(403);
    expect((await a.get('collab', `/api/mail_outbox/${id}`)).statusCode).toBe(403);
    expect((await a.get('collab', `/api/mail_outbox/${id}/eml`)).statusCode).toBe(403);
    expect((await a.post('collab', `/api/mail_outbox/${id}/actions/retry`)).statusCode).toBe(403);
    expect((await a.get('collab', '/api/mail_outbox')).json().message).toBe('Operazione non consentita (403)');
  });

  it('the list: newest first, filtered by status, paged, with the count of each status; bad filters are 422', async () => {
    const all = await a.get('admin', '/api/mail_outbox', { items_per_page: '200' });
    expect(all.statusCode, all.body).toBe(200);
    const body = all.json();
    const ids = body.data.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((x: number, y: number) => y - x));
    expect(body.meta.total).toBe(ids.length);
    expect(body.meta.counts.sent).toBeGreaterThan(5);
    expect(body.meta.smtp_configured).toBe(true);
    expect(body.data.every((r: { studio_id: number }) => r.studio_id === demoId)).toBe(true);
    const first = body.data.find((r: { kind: string }) => r.kind === 'contract');
    expect(first).toMatchObject({
      kind_label: 'Contratto',
      attachments: 1,
      from: expect.stringContaining('<noreply@localhost>'),
    });
    expect(first.created_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const page2 = await a.get('admin', '/api/mail_outbox', { items_per_page: '5', page: '2' });
    expect(page2.json().data.map((r: { id: number }) => r.id)).toEqual(ids.slice(5, 10));
    expect(page2.json().meta).toMatchObject({ current_page: 2, per_page: 5, last_page: Math.ceil(ids.length / 5) });
    const sent = await a.get('admin', '/api/mail_outbox', { status: 'sent' });
    expect(
      sent
        .json()
        .data.every(
          (r: { status: string; status_label: string }) => r.status === 'sent' && r.status_label === 'Inviata',
        ),
    ).toBe(true);
    const bad = await a.get('admin', '/api/mail_outbox', { status: 'boh', page: '0', items_per_page: '1e3' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['items_per_page', 'page', 'status']);
  });

  it('one message with its attachments; the attachment and the .eml download (parsed: the same message, its PDF attached)', async () => {
    const [{ id }] = await a.sql<{ id: number }>(
      `SELECT "id" FROM "mail_outbox" WHERE "studio_id" = $1 AND "kind" = 'contract' AND "status" = 'sent' ORDER BY "id" LIMIT 1`,
      [demoId],
    );
    const detail = await a.get('admin', `/api/mail_outbox/${id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const d = detail.json().data;
    expect(d.files).toEqual([
      { id: expect.any(Number), filename: 'Contratto.pdf', content_type: 'application/pdf', size: expect.any(Number) },
    ]);
    expect(d.body_text).toContain('Gentile ');
    expect(d.created_by_name).toBeTruthy();
    const file = await a.get('admin', `/api/mail_outbox/${id}/attachments/${d.files[0].id}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('filename="Contratto.pdf"');
    expect(file.rawPayload.length).toBe(d.files[0].size);
    expect(pdfText(file.rawPayload)).toContain('Lettera di incarico professionale');
    const eml = await a.get('admin', `/api/mail_outbox/${id}/eml`);
    expect(eml.statusCode).toBe(200);
    expect(eml.headers['content-type']).toMatch(/^message\/rfc822/);
    expect(eml.headers['content-disposition']).toContain(`filename="Messaggio_${id}.eml"`);
    const parsed = await simpleParser(eml.rawPayload);
    expect(parsed.messageId).toBe(d.message_id);
    expect(parsed.subject).toBe(d.subject);
    expect(addresses(parsed.to)).toEqual(d.to);
    expect(addresses(parsed.cc)).toEqual(d.cc);
    expect(parsed.attachments.map((x) => x.filename)).toEqual(['Contratto.pdf']);
    expect(Buffer.compare(parsed.attachments[0]!.content, file.rawPayload)).toBe(0);
    // the same message as the one the SMTP server received
    const received = deliveredOf(id)[0]!;
    expect(parsed.date?.getTime()).toBe(received.mail.date?.getTime());
    expect(parsed.text).toBe(received.mail.text);
    expect(eml.rawPayload.toString('latin1').replace(/\r\n/g, '\n').trim()).toBe(
      received.raw.toString('latin1').replace(/\r\n/g, '\n').trim(),
    );
  });

  it("studio scope: another studio's Admin sees none of Studio Demo's messages (404 on each); the SuperAdmin sees every studio's and the vendor's mail", async () => {
    const [{ id }] = await a.sql<{ id: number }>(
      'SELECT "id" FROM "mail_outbox" WHERE "studio_id" = $1 ORDER BY "id" LIMIT 1',
      [demoId],
    );
    const [{ aid }] = await a.sql<{ aid: number }>(
      'SELECT "id" AS "aid" FROM "mail_attachments" WHERE "mail_id" = $1',
      [id],
    );
    const list = await a.get('bianchi', '/api/mail_outbox');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.filter((r: { studio_id: number }) => r.studio_id !== bianchiId)).toEqual([]);
    expect(list.json().meta.total).toBe(list.json().data.length);
    for (const url of [
      `/api/mail_outbox/${id}`,
      `/api/mail_outbox/${id}/eml`,
      `/api/mail_outbox/${id}/attachments/${aid}`,
    ]) {
      expect((await a.get('bianchi', url)).statusCode, url).toBe(404);
    }
    expect((await a.post('bianchi', `/api/mail_outbox/${id}/actions/retry`)).statusCode).toBe(404);
    expect((await a.get('admin', '/api/mail_outbox/abc')).statusCode).toBe(404);
    expect((await a.get('admin', `/api/mail_outbox/${id}/attachments/99999999`)).statusCode).toBe(404);
    // vendor mail (no studio) and a Bianchi message
    const [vendor, own] = await enqueueIn(async (exec) =>
      enqueueMails(exec, [
        {
          studioId: null,
          kind: 'contact_form',
          to: ['fornitore@gestionale.test'],
          subject: 'Contatto dal sito',
          text: 'Richiesta',
        },
        {
          studioId: bianchiId,
          kind: 'contract',
          to: ['cliente@bianchi.test'],
          cc: ['cliente@bianchi.test', 'copia@bianchi.test'],
          subject: 'Bianchi',
          text: 'x',
        },
      ]),
    );
    expect((await rowOf(own!)).cc_addresses).toEqual(['copia@bianchi.test']);
    await t.app.mail.handOff([vendor!, own!]);
    const sa = await a.get('superadmin', '/api/mail_outbox', { items_per_page: '200' });
    const studios = new Set(sa.json().data.map((r: { studio_id: number | null }) => r.studio_id));
    expect(studios).toEqual(new Set([demoId, bianchiId, null]));
    expect(sa.json().data.find((r: { id: number }) => r.id === vendor)).toMatchObject({
      studio_id: null,
      studio_name: null,
      kind: 'contact_form',
    });
    expect((await a.get('superadmin', `/api/mail_outbox/${id}`)).json().data.studio_name).toBe('Studio Demo');
    expect((await a.get('bianchi', '/api/mail_outbox')).json().data.map((r: { id: number }) => r.id)).toContain(own);
    expect((await a.get('admin', `/api/mail_outbox/${vendor}`)).statusCode).toBe(404);
    await until('both sent', async () => (await statusOf(vendor!)) === 'sent' && (await statusOf(own!)) === 'sent');
  });

  it('a worker stops gracefully and starts again (its queue survives)', async () => {
    const w = t.app.mail.worker!;
    await stopWorker(w);
    await startWorker();
    const res = await a.get('admin', '/api/send_account_balance_mail', {
      customer_ids: JSON.stringify([ready[4]!.id]),
    });
    await delivered(res.json().data.ids[0]);
    // the database is the app's: stopping a worker leaves it open
    expect((await execOn(t.database.db)(sql`SELECT 1 AS "one"`))[0]).toEqual({ one: 1 });
  });
});
