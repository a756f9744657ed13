/**
 * Following up (issue 30), through the HTTP interface on PGlite and (with DATABASE_URL) PostgreSQL:
 * the aging equal to the statements to the cent, its filters, CSV and PDF; the reminder rules and
 * their checks; the day's run (what is due proposed, a second run the same day proposes nothing,
 * the scheduled run claimed once a day); the review and 'Invia' (one e-mail each with the letter,
 * the statement and the link); the customer's page (opening recorded; forged, altered and expired
 * links get the error page and no data); a payment, a dispute or an SDD batch withdraw a pending
 * reminder; roles and tenancy.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { ownDatabaseUrl, startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, romeToday, type Api } from '../helpers/api.js';
import { startReminderWorker, type ReminderWorker } from '../../server/areas/reminders/worker.js';
import { runReminders } from '../../server/areas/reminders/service.js';
import { reminderToken } from '../../server/areas/reminders/link.js';
import { MAX_PDF_ROWS } from '../../server/areas/reminders/routes.js';
import { storageOf } from '../../server/storage/select.js';
import { inTransaction } from '../../server/records/exec.js';
import type { Aging, Reminder } from '../../model/api/reminders.js';

let t: TestApp;
let a: Api;
let demoId: number;
let worker: ReminderWorker;
const dir = mkdtempSync(join(tmpdir(), 'gs-reminders-'));

beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
  demoId = await a.studioId('Studio Demo');
  // the settling of charges is tested here: a studio whose payable is the fee (the payable: payable.test.ts)
  await a.feeIsPayable(demoId);
  worker = await startReminderWorker({
    database: t.database,
    settings: { databaseUrl: await ownDatabaseUrl(t) },
    storage: storageOf(t.settings),
    mail: t.app.mail,
    serverBaseUrl: 'https://gestionale.example.it',
    secret: t.settings.jwtSecret,
    pollingIntervalSeconds: 0.5,
  });
  t.app.reminders.attach(worker);
});
afterAll(async () => {
  t?.app.reminders.attach(null);
  await worker?.stop(5000);
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const cents = (n: number | string) => Math.round(Number(n) * 100);
const LEVELS = [
  {
    days: 7,
    subject: 'Promemoria {studio_nome}',
    text: 'Gentile {cliente_ragione_sociale}, risultano scaduti € {sollecito_totale}:\n{sollecito_partite}\nPaghi qui: {sollecito_link}',
    min_amount: 1,
    auto: false,
  },
  {
    days: 30,
    subject: 'Sollecito {studio_nome}',
    text: 'Gentile {cliente_ragione_sociale}, di nuovo: € {sollecito_totale}. IBAN {sollecito_iban}. {sollecito_link}',
    min_amount: 1,
    auto: false,
  },
];
const rules = (extra: Record<string, unknown> = {}, levels: unknown[] = LEVELS) =>
  a.put('admin', '/api/reminders/settings', { enabled: false, run_time: '08:00', link_days: 30, levels, ...extra });
const pending = async (who: 'admin' | 'bianchi' = 'admin') =>
  (await a.get(who, '/api/reminders', { status: 'pending' })).json().data as Reminder[];
const aging = async (query: Record<string, unknown> = {}, who: 'admin' | 'collab' | 'bianchi' = 'collab') => {
  const res = await a.get(who, '/api/aging', query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Aging;
};
async function until<T>(what: string, fn: () => Promise<T | undefined | false>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('aging', () => {
  it("aging: every customer's buckets add up to its statement's open and overdue amounts, to the cent; totals and collaborators add up", async () => {
    const data = await aging();
    expect(data.as_of).toBe(romeToday());
    expect(data.rows.length).toBeGreaterThan(20);
    const overdueCustomers = data.rows.filter((r) => r.total - r.not_due > 0);
    expect(overdueCustomers.length, 'the demo data has overdue customers').toBeGreaterThan(10);
    for (const r of data.rows) {
      const s = (await a.get('collab', `/api/customer/${r.customer_id}/statement`)).json().data;
      expect(cents(r.total), r.business_name).toBe(cents(s.open));
      expect(cents(r.d1_30) + cents(r.d31_60) + cents(r.d61_90) + cents(r.over_90), r.business_name).toBe(
        cents(s.overdue),
      );
      expect(cents(r.not_due) + cents(s.overdue)).toBe(cents(s.open));
    }
    for (const k of ['not_due', 'd1_30', 'd31_60', 'd61_90', 'over_90', 'total'] as const) {
      expect(cents(data.totals[k])).toBe(data.rows.reduce((x, r) => x + cents(r[k]), 0));
      expect(cents(data.totals[k])).toBe(data.by_collaborator.reduce((x, r) => x + cents(r[k]), 0));
    }
    // the home page's chart shows the same totals
    const home = (await a.get('collab', '/api/receivables')).json().data;
    expect(cents(home.aging.over_90)).toBe(cents(data.totals.over_90));
    expect(cents(home.aging.total)).toBe(cents(data.totals.total));
  });

  it('aging filters: bucket, SDD mandate, collaborator, legal status, name; a bad filter is a 422 in Italian', async () => {
    const all = await aging();
    const over = await aging({ bucket: 'over_90' });
    expect(over.rows.length).toBeGreaterThan(0);
    expect(over.rows.every((r) => r.over_90 > 0)).toBe(true);
    expect(over.rows.length).toBe(all.rows.filter((r) => r.over_90 > 0).length);
    const withM = await aging({ mandate: 'with' });
    const without = await aging({ mandate: 'without' });
    expect(withM.rows.length).toBeGreaterThan(0);
    expect(withM.rows.every((r) => r.has_mandate)).toBe(true);
    expect(without.rows.every((r) => !r.has_mandate)).toBe(true);
    expect(withM.rows.length + without.rows.length).toBe(all.rows.length);
    const someone = all.rows.find((r) => r.collaborator_id !== null)!;
    const mine = await aging({ collaborator_id: someone.collaborator_id });
    expect(mine.rows.every((r) => r.collaborator_id === someone.collaborator_id)).toBe(true);
    expect(mine.rows.length).toBe(all.rows.filter((r) => r.collaborator_id === someone.collaborator_id).length);
    const none = await aging({ collaborator_id: 'none' });
    expect(none.rows.every((r) => r.collaborator_id === null)).toBe(true);
    const byName = await aging({ q: all.rows[0]!.business_name.slice(0, 6) });
    expect(byName.rows.map((r) => r.customer_id)).toContain(all.rows[0]!.customer_id);
    const [ls] = await a.sql<{ id: number; description: string }>(
      `SELECT l."id", l."description" FROM "legal_statuses" l JOIN "customers" c ON c."legal_status_id" = l."id" WHERE c."id" = $1`,
      [all.rows[0]!.customer_id],
    );
    if (ls) {
      const byStatus = await aging({ legal_status_id: ls.id });
      expect(byStatus.rows.every((r) => r.legal_status === ls.description)).toBe(true);
    }
    const bad = await a.get('collab', '/api/aging', { bucket: '120' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.bucket[0]).toMatch(/Fascia non valida/);
    expect((await a.get('collab', '/api/aging', { collaborator_id: 'x' })).statusCode).toBe(422);
  });

  it('aging export: the CSV (BOM, Italian decimals, a totals row) and the PDF carry the same figures and the filters', async () => {
    const data = await aging({ mandate: 'without' });
    const csv = await a.get('collab', '/api/aging/export', { format: 'csv', mandate: 'without' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/Scadenzario\.csv/);
    const text = csv.body;
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/^Cliente;Collaboratore;Forma giuridica;Mandato SDD;Non scaduto;/);
    expect(lines.length).toBe(data.rows.length + 2);
    const total = lines.at(-1)!.split(';');
    expect(total[0]).toBe('Totale');
    expect(total.at(-1)).toBe(data.totals.total.toFixed(2).replace('.', ','));
    const pdf = await a.call('collab', 'GET', '/api/aging/export', { query: { format: 'pdf', mandate: 'without' } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    if (existsSync('/usr/bin/pdftotext')) {
      const f = join(dir, 'aging.pdf');
      writeFileSync(f, pdf.rawPayload);
      const out = execFileSync('/usr/bin/pdftotext', ['-layout', f, '-']).toString();
      expect(out).toContain('senza mandato SDD');
      expect(out).toContain(data.rows[0]!.business_name.slice(0, 20));
    }
  });
});

describe('reminder rules', () => {
  it('rules: saved by the Admin and read back; a Collaboratore reads them and may not change them; bad levels are 422 per field', async () => {
    const saved = await rules();
    expect(saved.statusCode, saved.body).toBe(200);
    const view = (await a.get('collab', '/api/reminders/settings')).json().data;
    expect(view.levels.map((l: { days: number }) => l.days)).toEqual([7, 30]);
    expect(view.keys.map((k: { key: string }) => k.key)).toEqual(
      expect.arrayContaining([
        'cliente_ragione_sociale',
        'sollecito_totale',
        'sollecito_partite',
        'sollecito_iban',
        'sollecito_link',
      ]),
    );
    expect((await a.put('collab', '/api/reminders/settings', { levels: LEVELS, run_time: '08:00' })).statusCode).toBe(
      403,
    );
    const bad = await rules({ run_time: '25:00' }, [
      { ...LEVELS[0], days: 30 },
      { ...LEVELS[1], days: 20, subject: '', text: 'Ciao {nome_inventato}' },
      LEVELS[0],
      LEVELS[1],
    ]);
    expect(bad.statusCode).toBe(422);
    const e = bad.json().errors as Record<string, string[]>;
    expect(e.run_time![0]).toMatch(/HH:MM/);
    expect(e.levels![0]).toMatch(/Al più 3 livelli/);
    expect(e['levels.1.subject']![0]).toMatch(/oggetto/);
    expect(e['levels.1.text']![0]).toMatch(/\{nome_inventato\} non è previsto/);
    expect(e['levels.1.days']![0]).toMatch(/più di quelli del livello 1/);
    // nothing was changed
    expect((await a.get('admin', '/api/reminders/settings')).json().data.levels).toHaveLength(2);
  });
});

describe('reminder rules with a Word letter (issue 45 item 7)', () => {
  it('rules: a level with a Word letter is saved and read back (it was a 500: the query named a studio_id the templates do not have); a template in the trash is refused per field', async () => {
    const [tpl] = await a.sql<{ id: number }>(
      `SELECT "id" FROM "word_templates" WHERE "deleted_at" IS NULL ORDER BY "id" LIMIT 1`,
    );
    expect(tpl).toBeDefined();
    const saved = await rules({}, [{ ...LEVELS[0], word_template_id: Number(tpl!.id) }, LEVELS[1]]);
    expect(saved.statusCode, saved.body).toBe(200);
    const view = (await a.get('admin', '/api/reminders/settings')).json().data;
    expect(view.levels[0].word_template_id).toBe(Number(tpl!.id));
    const gone = await rules({}, [{ ...LEVELS[0], word_template_id: 2_000_000_000 }, LEVELS[1]]);
    expect(gone.statusCode).toBe(422);
    expect(gone.json().errors['levels.0.word_template_id']).toEqual(['Il modello Word scelto non esiste più']);
    expect((await rules()).statusCode).toBe(200);
  });
});

describe('the daily run', () => {
  it('run: proposes one reminder per overdue customer at its level; a second run the same day proposes nothing; the scheduled run is claimed once a day', async () => {
    expect((await rules()).statusCode).toBe(200);
    const run = await a.post('collab', '/api/reminders/run');
    expect(run.statusCode, run.body).toBe(200);
    const r = run.json().data;
    expect(r.day).toBe(romeToday());
    expect(r.proposed).toBeGreaterThan(5);
    const list = await pending();
    expect(list).toHaveLength(r.proposed);
    expect(new Set(list.map((x) => x.customer_id)).size).toBe(list.length);
    // each is for a customer overdue by at least 7 days, with the level of its oldest item
    const ag = new Map((await aging()).rows.map((x) => [x.customer_id, x]));
    for (const x of list) {
      const row = ag.get(x.customer_id)!;
      expect(cents(x.amount)).toBe(cents(row.total - row.not_due));
      const days = dayjs(romeToday()).diff(dayjs(x.oldest_due!), 'day');
      expect(days).toBeGreaterThanOrEqual(7);
      expect(x.level).toBe(days >= 30 ? 2 : 1);
    }
    const again = (await a.post('collab', '/api/reminders/run')).json().data;
    expect(again).toMatchObject({ proposed: 0, queued: 0, withdrawn: 0 });
    expect(await pending()).toHaveLength(list.length);
    // the scheduled run: once per studio and day, whoever asks
    const tomorrow = dayjs(romeToday()).add(1, 'day').format('YYYY-MM-DD');
    const first = await inTransaction(t.database, (x) => runReminders(x, demoId, tomorrow, 'scheduled', null));
    const second = await inTransaction(t.database, (x) => runReminders(x, demoId, tomorrow, 'scheduled', null));
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    const [{ n }] = await a.sql<{ n: number }>(
      `SELECT count(*)::int AS "n" FROM "reminder_runs" WHERE "studio_id" = $1 AND "day" = $2 AND "kind" = 'scheduled'`,
      [demoId, tomorrow],
    );
    expect(n).toBe(1);
  });

  it("send: the chosen reminders go once each through the outbox with the letter, the statement and the customer's link; the page opens and counts", async () => {
    const list = (await pending()).filter((x) => x.email);
    const chosen = list.slice(0, 2);
    const res = await a.post('collab', '/api/reminders/send', { ids: [...chosen.map((x) => x.id), chosen[0]!.id] });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data.queued).toBe(2);
    const sent = await until('the reminders sent', async () => {
      const rows = await a.sql<{ id: number; status: string; mail_id: number }>(
        `SELECT "id", "status", "mail_id" FROM "reminders" WHERE "id" = ANY($1::int[])`,
        [chosen.map((x) => x.id)],
      );
      return rows.every((x) => x.status === 'sent') && rows;
    });
    // sending them again changes nothing
    const again = await a.post('collab', '/api/reminders/send', { ids: chosen.map((x) => x.id) });
    expect(again.json().data.queued).toBe(0);
    expect(again.json().data.skipped).toHaveLength(2);
    for (const s of sent) {
      const mails = await a.sql<{ id: number; kind: string; body_text: string; to_addresses: string[] }>(
        `SELECT "id", "kind", "body_text", "to_addresses" FROM "mail_outbox" WHERE "id" = $1`,
        [s.mail_id],
      );
      expect(mails).toHaveLength(1);
      expect(mails[0]!.kind).toBe('reminder');
      const atts = (
        await a.sql<{ filename: string }>(
          `SELECT "filename" FROM "mail_attachments" WHERE "mail_id" = $1 ORDER BY "id"`,
          [s.mail_id],
        )
      ).map((x) => x.filename);
      expect(atts).toEqual(['Sollecito.pdf', 'EstrattoConto.pdf']);
      const link = /https:\/\/gestionale\.example\.it(\/estratto\/[\w-]+)/.exec(mails[0]!.body_text)![1]!;
      const customer = chosen.find((x) => x.id === s.id)!;
      const page = await t.app.inject({ method: 'GET', url: link });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-security-policy']).toMatch(/default-src 'none'/);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.body).toContain(customer.business_name.replace(/&/g, '&amp;').replace(/'/g, '&#39;'));
      expect(page.body).not.toMatch(/<script/i);
      // the page asks what the e-mail asks: the items past due, the not-yet-due apart (issue 45 item 9)
      const asked = /(?:risultano scaduti|di nuovo): € ([\d.]*\d,\d{2})/.exec(mails[0]!.body_text)?.[1];
      expect(asked, mails[0]!.body_text).toBeDefined();
      expect(page.body).toContain(`<strong class="amount">${asked} €</strong>`);
      expect(page.body).toContain(`<dt>Importo</dt><dd>${asked} €</dd>`);
      const [{ opened_count }] = await a.sql<{ opened_count: number }>(
        `SELECT "opened_count" FROM "reminders" WHERE "id" = $1`,
        [s.id],
      );
      expect(opened_count).toBe(1);
    }
    // the history on the customer, and the letter as it was sent
    const h = (await a.get('collab', `/api/customer/${chosen[0]!.customer_id}/reminders`)).json().data;
    expect(h.reminders[0]).toMatchObject({ id: chosen[0]!.id, status: 'sent', opened_count: 1 });
    expect(h.reminders[0].opened_at).toBeTruthy();
    // the model Reminder reads the same row: sent, opened once, listed under its customer
    const model = await a.get('collab', '/api/list/Reminder/ReminderResourceListCollection', {
      filters: [{ name: 'customer_id', type: 'OR', val: [chosen[0]!.customer_id] }],
    });
    expect((model.json().data as Array<{ id: number }>).find((x) => x.id === chosen[0]!.id)).toMatchObject({
      status: 'sent',
      opened_count: 1,
    });
    // what became of its e-mail in the outbox shows in the history: as it is there, and a failure with its reason
    const mailId = sent.find((x) => x.id === chosen[0]!.id)!.mail_id;
    const [outbox] = await a.sql<{ status: string }>(`SELECT "status" FROM "mail_outbox" WHERE "id" = $1`, [mailId]);
    expect(h.reminders[0]).toMatchObject({ mail_id: mailId, mail_status: outbox!.status, mail_error: null });
    await a.sql(
      `UPDATE "mail_outbox" SET "status" = 'failed', "last_error" = '550 casella inesistente' WHERE "id" = $1`,
      [mailId],
    );
    const failed = (await a.get('collab', `/api/customer/${chosen[0]!.customer_id}/reminders`)).json().data;
    expect(failed.reminders[0]).toMatchObject({ mail_status: 'failed', mail_error: '550 casella inesistente' });
    const listed = (await a.get('collab', '/api/reminders', { status: 'done' })).json().data as Reminder[];
    expect(listed.find((x) => x.id === chosen[0]!.id)).toMatchObject({ mail_status: 'failed' });
    const pdf = await a.call('collab', 'GET', `/api/reminder/${chosen[0]!.id}/actions/pdf`);
    expect(pdf.statusCode).toBe(200);
    const [{ content }] = await a.sql<{ content: Uint8Array }>(
      `SELECT "content" FROM "mail_attachments" WHERE "mail_id" = $1 AND "filename" = 'Sollecito.pdf'`,
      [sent.find((x) => x.id === chosen[0]!.id)!.mail_id],
    );
    expect(Buffer.compare(pdf.rawPayload, Buffer.from(content))).toBe(0);
  });

  it('links: a forged, altered or unknown token and an expired link get the error page with no data', async () => {
    const [r] = await a.sql<{ id: number; nonce: string; link_expires: string; business_name: string }>(
      `SELECT r."id", r."nonce", to_char(r."link_expires", 'YYYY-MM-DD') AS "link_expires", c."business_name"
       FROM "reminders" r JOIN "customers" c ON c."id" = r."customer_id" WHERE r."status" = 'sent' ORDER BY r."id" LIMIT 1`,
    );
    const good = reminderToken(t.settings.jwtSecret, r!.id, r!.nonce, r!.link_expires);
    expect((await t.app.inject({ method: 'GET', url: `/estratto/${good}` })).statusCode).toBe(200);
    const name = r!.business_name.slice(0, 12);
    const bad = [
      reminderToken('another-secret'.padEnd(48, 'y'), r!.id, r!.nonce, r!.link_expires),
      reminderToken(t.settings.jwtSecret, r!.id, 'guessed-nonce', r!.link_expires),
      good.replace(/^\d+/, String(r!.id + 1)),
      // a later expiry day: the mac no longer matches
      reminderToken(t.settings.jwtSecret, r!.id, r!.nonce, '2099-12-31'),
      'abc',
      `${good}x`,
    ];
    for (const token of bad) {
      const res = await t.app.inject({ method: 'GET', url: `/estratto/${encodeURIComponent(token)}` });
      expect(res.statusCode, token).toBe(404);
      expect(res.body).toContain('Link non valido');
      expect(res.body).not.toContain(name);
    }
    // expired: the day it was valid until has passed
    const past = dayjs(romeToday()).subtract(1, 'day').format('YYYY-MM-DD');
    await a.sql(`UPDATE "reminders" SET "link_expires" = $2::date WHERE "id" = $1`, [r!.id, past]);
    const expired = await t.app.inject({
      method: 'GET',
      url: `/estratto/${reminderToken(t.settings.jwtSecret, r!.id, r!.nonce, past)}`,
    });
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('Link scaduto');
    expect(expired.body).not.toContain(name);
    await a.sql(`UPDATE "reminders" SET "link_expires" = $2::date WHERE "id" = $1`, [r!.id, r!.link_expires]);
  });

  it("withdrawal: a payment of everything overdue, a dispute or an SDD batch withdraw a pending reminder at the next day's run; nothing is proposed to them again", async () => {
    const list = await pending();
    const [paid, disputed] = list;
    // pays everything it owes
    const s = (await a.get('collab', `/api/customer/${paid!.customer_id}/statement`)).json().data;
    const pay = await a.post('collab', '/api/transactions', {
      customer_id: paid!.customer_id,
      type: 'PAYMENT',
      amount: s.closing,
      date: `${romeToday()} 00:00:00`,
    });
    expect(pay.statusCode, pay.body).toBe(201);
    // disputed: withdrawn at once
    const d = await a.put('collab', `/api/customer/${disputed!.customer_id}/actions/contested`, {
      contested: true,
      note: 'Contesta la parcella 2025',
    });
    expect(d.statusCode, d.body).toBe(200);
    expect(d.json().data.contested.note).toBe('Contesta la parcella 2025');
    expect(d.json().data.reminders[0]).toMatchObject({ status: 'withdrawn', reason: 'Cliente contestato' });
    // the next day's run (the scheduled one of the day after tomorrow: tomorrow's was claimed above)
    const day = dayjs(romeToday()).add(2, 'day').format('YYYY-MM-DD');
    const run = await inTransaction(t.database, (x) => runReminders(x, demoId, day, 'scheduled', null));
    expect(run!.withdrawn).toBeGreaterThanOrEqual(1);
    const after = await a.sql<{ id: number; status: string; reason: string }>(
      `SELECT "id", "status", "reason" FROM "reminders" WHERE "id" = ANY($1::int[]) ORDER BY "id"`,
      [[paid!.id, disputed!.id]],
    );
    expect(after.find((x) => x.id === paid!.id)).toMatchObject({
      status: 'withdrawn',
      reason: 'Pagato: non resta nulla di scaduto',
    });
    const again = await a.sql<{ n: number }>(
      `SELECT count(*)::int AS "n" FROM "reminders" WHERE "customer_id" = ANY($1::int[]) AND "status" IN ('proposed', 'queued')`,
      [[paid!.customer_id, disputed!.customer_id]],
    );
    expect(again[0]!.n).toBe(0);
    // the aging shows the mark
    expect((await aging()).rows.find((x) => x.customer_id === disputed!.customer_id)?.contested).toBe(true);
    // cleared: it is proposed again
    await a.put('collab', `/api/customer/${disputed!.customer_id}/actions/contested`, { contested: false });
    await a.post('collab', '/api/reminders/run');
    expect((await pending()).some((x) => x.customer_id === disputed!.customer_id)).toBe(true);
  });

  it('SDD: a customer whose charges are in a batch not yet settled gets no reminder; its pending one is withdrawn', async () => {
    const withMandate = new Set((await aging({ mandate: 'with' })).rows.map((r) => r.customer_id));
    const target = (await pending()).find((x) => withMandate.has(x.customer_id));
    expect(target, 'a pending reminder of a customer with a mandate').toBeDefined();
    const today = romeToday();
    const body = {
      due_from: dayjs(today).subtract(365, 'day').format('YYYY-MM-DD'),
      due_to: today,
      collection_date: dayjs(today).add(5, 'day').format('YYYY-MM-DD'),
      customer_ids: [target!.customer_id],
    };
    const plan = await a.post('collab', '/api/sdd/preview', body);
    expect(plan.statusCode, plan.body).toBe(200);
    expect(plan.json().data.debits).toHaveLength(1);
    const batch = await a.post('collab', '/api/sdd/batches', { ...body, fingerprint: plan.json().data.fingerprint });
    expect(batch.statusCode, batch.body).toBe(201);
    const day = dayjs(today).add(3, 'day').format('YYYY-MM-DD');
    await inTransaction(t.database, (x) => runReminders(x, demoId, day, 'scheduled', null));
    const [r] = await a.sql<{ status: string; reason: string }>(
      `SELECT "status", "reason" FROM "reminders" WHERE "id" = $1`,
      [target!.id],
    );
    expect(r).toMatchObject({ status: 'withdrawn', reason: 'Addebito SDD o RiBa in corso: si attende la banca' });
    await a.post('collab', '/api/reminders/run');
    expect((await pending()).some((x) => x.customer_id === target!.customer_id)).toBe(false);
  });

  it('automatic level: queued at the run and sent without review; a customer without e-mail waits for review with the reason', async () => {
    // The automatic level comes after more days than any overdue item of the demo data has reached, so
    // that the run queues the test's customer alone. At 180 days it queued every demo customer in
    // arrears (over 90 reminders, two PDFs each) and the sender, oldest first, reached the test's
    // customer last: 12 s on an idle machine, past the 30 s wait on a loaded one.
    const today = romeToday();
    const oldest = (await aging()).rows.reduce((m, r) => (r.oldest_due && r.oldest_due < m ? r.oldest_due : m), today);
    // calendar days (UTC midnights: no daylight-saving hour); a margin for a run made after midnight
    const autoDays =
      Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${oldest}T00:00:00Z`)) / 86_400_000) + 5;
    expect(autoDays, 'the demo data is older than a level may wait').toBeLessThanOrEqual(730);
    // a new customer with an old charge and no e-mail, one with an e-mail
    const rep = (await a.firstRow('legal_representatives', demoId)).id;
    const make = async (name: string, email: string) => {
      const c = await a.post('admin', '/api/customers', {
        business_name: name,
        email,
        yearly_accounting_amount: 1200,
        legal_representative_id: rep,
      });
      expect(c.statusCode, c.body).toBe(201);
      const id = c.json().data.id as number;
      const old = dayjs(today)
        .subtract(autoDays + 5, 'day')
        .format('YYYY-MM-DD');
      expect(
        (
          await a.post('collab', '/api/transactions', {
            customer_id: id,
            type: 'CHARGE',
            amount: 321.5,
            date: `${old} 00:00:00`,
          })
        ).statusCode,
      ).toBe(201);
      return id;
    };
    const withMail = await make('Sollecito Automatico S.r.l.', 'auto@prova.test');
    const noMail = await make('Senza Email S.r.l.', 'senza@prova.test');
    // an e-mail is required in the form; one imported or cleared before that rule has none
    await a.sql(`UPDATE "customers" SET "email" = '' WHERE "id" = $1`, [noMail]);
    expect((await rules({}, [...LEVELS, { ...LEVELS[1], days: autoDays, auto: true }])).statusCode).toBe(200);
    const run = (await a.post('collab', '/api/reminders/run')).json().data;
    // queued: the customer with an e-mail only (the one without waits for review)
    expect(run.queued).toBe(1);
    const row = await until('the automatic reminder sent', async () => {
      const [x] = await a.sql<{ status: string; level: number; mail_id: number }>(
        `SELECT "status", "level", "mail_id" FROM "reminders" WHERE "customer_id" = $1`,
        [withMail],
      );
      return x?.status === 'sent' && x;
    });
    expect(row.level).toBe(3);
    const [m] = await a.sql<{ to_addresses: string[] }>(`SELECT "to_addresses" FROM "mail_outbox" WHERE "id" = $1`, [
      row.mail_id,
    ]);
    expect(m!.to_addresses).toEqual(['auto@prova.test']);
    const [w] = await a.sql<{ status: string; reason: string }>(
      `SELECT "status", "reason" FROM "reminders" WHERE "customer_id" = $1`,
      [noMail],
    );
    expect(w).toMatchObject({ status: 'proposed', reason: expect.stringMatching(/Manca l'email/) });
    expect((await rules()).statusCode).toBe(200);
  });
});

describe('roles and tenancy', () => {
  it("another studio never reaches Studio Demo's reminders, customers or aging; an Utente is refused", async () => {
    const [r] = await pending();
    expect(r).toBeDefined();
    expect((await a.get('bianchi', `/api/customer/${r!.customer_id}/reminders`)).statusCode).toBe(404);
    expect(
      (await a.put('bianchi', `/api/customer/${r!.customer_id}/actions/contested`, { contested: true })).statusCode,
    ).toBe(404);
    expect((await a.get('bianchi', `/api/reminder/${r!.id}/actions/pdf`)).statusCode).toBe(404);
    const send = await a.post('bianchi', '/api/reminders/send', { ids: [r!.id] });
    expect(send.json().data.queued).toBe(0);
    expect((await a.post('bianchi', '/api/reminders/discard', { ids: [r!.id] })).json().data.discarded).toBe(0);
    const [still] = await a.sql<{ status: string }>(`SELECT "status" FROM "reminders" WHERE "id" = $1`, [r!.id]);
    expect(still!.status).toBe('proposed');
    expect((await pending('bianchi')).some((x) => x.id === r!.id)).toBe(false);
    const theirs = await aging({}, 'bianchi');
    expect(theirs.rows.some((x) => x.customer_id === r!.customer_id)).toBe(false);
    const utente = await a.utente('utente-solleciti@studiodemo.test');
    for (const url of ['/api/aging', '/api/reminders', '/api/reminders/settings'])
      expect((await t.app.inject({ method: 'GET', url, headers: utente })).statusCode, url).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/reminders/run', headers: utente })).statusCode).toBe(403);
  });
});

describe('bounds', () => {
  it('aging export: a PDF of more customers than it prints is a 422 naming the limit and the CSV; the CSV has them all', async () => {
    const [model] = await a.sql<{ id: number }>(
      `SELECT "id" FROM "customers" WHERE "studio_id" = $1 AND "deleted_at" IS NULL ORDER BY "id" LIMIT 1`,
      [demoId],
    );
    const cols = (
      await a.sql<{ c: string }>(
        `SELECT column_name AS c FROM information_schema.columns WHERE table_name = 'customers' AND column_name NOT IN ('id', 'cod', 'business_name', 'deleted_at', 'vat_id', 'fiscal_code') ORDER BY ordinal_position`,
      )
    ).map((r) => `"${r.c}"`);
    const ids = (
      await a.sql<{ id: number }>(
        `INSERT INTO "customers" (${cols.join(', ')}, "cod", "business_name")
        SELECT ${cols.map((c) => `c.${c}`).join(', ')}, 'L' || g, 'Limite ' || lpad(g::text, 4, '0') || ' S.r.l.'
        FROM "customers" c CROSS JOIN generate_series(1, ${MAX_PDF_ROWS + 1}) g WHERE c."id" = $1 RETURNING "id"`,
        [model!.id],
      )
    ).map((r) => Number(r.id));
    await a.sql(
      `INSERT INTO "transactions" ("studio_id", "customer_id", "type", "amount", "date")
      SELECT $1::int, c, 'CHARGE', 10, LOCALTIMESTAMP - interval '40 days' FROM unnest($2::int[]) c`,
      [demoId, `{${ids.join(',')}}`],
    );
    const pdf = await a.get('collab', '/api/aging/export', { format: 'pdf', q: 'Limite ' });
    expect(pdf.statusCode).toBe(422);
    expect(pdf.json().message).toMatch(new RegExp(`al più ${MAX_PDF_ROWS}.*CSV`));
    const csv = await a.get('collab', '/api/aging/export', { format: 'csv', q: 'Limite ' });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split(/\r?\n/)).toHaveLength(MAX_PDF_ROWS + 1 + 2);
  });
});
