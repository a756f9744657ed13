/**
 * The AML declaration to renew, e-mailed by the reminders' daily run (issue 48 item 3): the rule is
 * one setting of 'Solleciti' (days before, 0 never, 0–90 checked in Italian); each customer whose
 * check or document falls due within those days gets one e-mail for that date with his declaration
 * (PDF) through the outbox — never twice, not even from two runs at once; a ceased customer or one
 * without an e-mail gets none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, romeToday, type Api } from '../helpers/api.js';
import { sendAmlRenewals } from '../../server/areas/aml/index.js';
import { storageOf } from '../../server/storage/select.js';
import { addDays } from '../../model/dates.js';

let t: TestApp;
let a: Api;
let demo: number;
const today = romeToday();

beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
  demo = await a.studioId('Studio Demo');
});
afterAll(async () => {
  await t?.close();
});

const deps = () => ({ database: t.database, storage: storageOf(t.settings), mail: t.app.mail });

/** An assessment made long ago whose next check falls on `nextCheck`. */
async function assessedLongAgo(customer: number, nextCheck: string) {
  await a.sql(
    `INSERT INTO "aml_assessments" ("studio_id", "customer_id", "services", "customer_scores", "flags", "inherent",
      "specific", "effective", "computed_level", "level", "reasons", "next_check", "created_by_name", "created_at")
     VALUES ($1, $2, '["tenuta-contabilita"]', '{}', '{}', 3, 1.25, 1.78, 'semplificata', 'semplificata', '[]', $3::date,
      'Marco Rossi', $4::timestamp)`,
    [demo, customer, nextCheck, `${addDays(today, -1000)} 10:00:00`],
  );
}

const outboxOf = async (email: string) =>
  (await a.sql(
    `SELECT m."id", m."subject", m."kind", (SELECT count(*)::int FROM "mail_attachments" x WHERE x."mail_id" = m."id") AS "files"
     FROM "mail_outbox" m WHERE m."to_addresses"::text LIKE $1`,
    [`%${email}%`],
  )) as Array<{ id: number; subject: string; kind: string; files: number }>;

describe('issue 48 the declaration to renew, by the daily run', () => {
  it("the rule is a setting of 'Solleciti': 0–90 days, refused in Italian beyond", async () => {
    const base = { enabled: false, run_time: '08:00', link_days: 30, levels: [] };
    const bad = await a.put('admin', '/api/reminders/settings', { ...base, aml_renewal_days: 91 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.aml_renewal_days).toEqual([
      'I giorni di anticipo della dichiarazione antiriciclaggio vanno da 0 (mai) a 90',
    ]);
    const ok = await a.put('admin', '/api/reminders/settings', { ...base, aml_renewal_days: 30 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.aml_renewal_days).toBe(30);
    // not given: never (the default)
    const none = await a.put('admin', '/api/reminders/settings', base);
    expect(none.json().data.aml_renewal_days).toBe(0);
  });

  it('a check due in 10 days: one e-mail with the declaration within 30 days, none within 5; never twice, even from two runs at once', async () => {
    const c = await a.newCustomer('Rinnovo Dichiarazione AML S.r.l.', { email: 'rinnovo.aml@cliente.test' });
    const due = addDays(today, 10);
    await assessedLongAgo(c, due);
    expect(await sendAmlRenewals(deps(), demo, today, 5)).toBeGreaterThanOrEqual(0);
    expect(await outboxOf('rinnovo.aml@cliente.test')).toEqual([]);

    await sendAmlRenewals(deps(), demo, today, 30);
    const mails = await outboxOf('rinnovo.aml@cliente.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      kind: 'aml_declaration',
      subject: 'Antiriciclaggio: aggiornamento dei dati di Rinnovo Dichiarazione AML S.r.l.',
      files: 1,
    });
    const [mail] = (await a.sql(`SELECT "body_text" AS "text" FROM "mail_outbox" WHERE "id" = $1`, [
      mails[0]!.id,
    ])) as Array<{
      text: string;
    }>;
    expect(mail!.text).toContain(`è in scadenza il ${due.split('-').reverse().join('/')}`);
    const [claim] = (await a.sql(
      `SELECT to_char("due_on", 'YYYY-MM-DD') AS "due_on", "mail_id" FROM "aml_renewal_mails" WHERE "customer_id" = $1`,
      [c],
    )) as Array<{ due_on: string; mail_id: number }>;
    expect(claim).toEqual({ due_on: due, mail_id: mails[0]!.id });

    // again: nothing new for the same date
    await sendAmlRenewals(deps(), demo, today, 30);
    expect(await outboxOf('rinnovo.aml@cliente.test')).toHaveLength(1);

    // a new assessment with a new (late) date: two runs at once send one e-mail
    await assessedLongAgo(c, addDays(today, -3));
    await Promise.all([sendAmlRenewals(deps(), demo, today, 30), sendAmlRenewals(deps(), demo, today, 30)]);
    const after = await outboxOf('rinnovo.aml@cliente.test');
    expect(after).toHaveLength(2);
  });

  it('a ceased customer gets none', async () => {
    const ceased = await a.newCustomer('Cessato AML', { email: 'cessato.aml@cliente.test', ceased: 1 });
    await assessedLongAgo(ceased, addDays(today, 2));
    await sendAmlRenewals(deps(), demo, today, 30);
    expect(await outboxOf('cessato.aml@cliente.test')).toEqual([]);
  });
});
