/**
 * Engagements through the HTTP interface (issue 49 items 1, 3, 6, 7): the services of an engagement
 * checked as the form checks them (by field path) plus what needs the database (another engagement
 * of the customer with the same service over the same dates, a payslips service on a customer who
 * is already charged per payslip); only a draft changes; the billing plan's preview and run — each
 * period once (a second run makes nothing), the fee in force (a fixed update on the anniversary, an
 * ISTAT update from the indices entered, held back while one is missing), per-unit counts typed by
 * hand, hours × rate of a by-time service; an engagement that has billed cannot be deleted; the
 * Collaboratore sees his customers' engagements and cannot run the billing. Dates are relative to
 * today, so that the figures hold whatever day the suite runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, romeToday, type Api } from '../helpers/api.js';

let t: TestApp;
let a: Api;
let demo: number;
const today = romeToday();
const year = Number(today.slice(0, 4));
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
const pad = (n: number) => String(n).padStart(2, '0');

beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
  demo = await a.studioId('Studio Demo');
});
afterAll(async () => {
  await t?.close();
});

async function newService(description: string, cost = 100): Promise<number> {
  const res = await a.post('admin', '/api/studio_services', { description, cost });
  expect(res.statusCode, res.body).toBe(201);
  return Number(res.json().data.id);
}

async function newEngagement(customerId: number, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await a.post('admin', '/api/engagements', {
    title: 'Contabilità ordinaria',
    customer_id: customerId,
    start_date: `${year - 1}-01-01`,
    billing_day: 31,
    payment_days: 30,
    notice_days: 90,
    update_kind: 'none',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().data.status).toBe('draft');
  return Number(res.json().data.id);
}

const putServices = (id: number, services: unknown[]) => a.put('admin', `/api/engagement/${id}/services`, { services });
const sign = (id: number) => a.sql(`UPDATE "engagements" SET "status" = 'signed' WHERE "id" = $1`, [id]);
const preview = async (day = today) => {
  const res = await a.get('admin', '/api/engagements/billing/preview', { day });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    charges: Array<{
      engagement_id: number;
      billing_date: string;
      amount: number;
      fee: number;
      quantity: number | null;
      note: string;
      label: string;
    }>;
    updates: Array<{
      engagement_id: number;
      old_fee: number;
      new_fee: number;
      percent: number;
      effective_date: string;
    }>;
    problems: Array<{ engagement_id: number; message: string }>;
  };
};
const run = async () => {
  const res = await a.post('admin', '/api/engagements/billing/run');
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { charges: number; amount: number; updates: number; ran: boolean };
};

describe('issue 49 engagements: services and the billing plan', () => {
  it('issue 49 PUT /api/engagement/{id}/services: bad input by field path, nothing written; then saved with the treatment', async () => {
    const customer = await a.newCustomer('Incarichi Alfa Srl', { vat_id: '01234567897', withholding_agent: 'si' });
    const service = await newService('Tenuta contabilità ordinaria');
    const id = await newEngagement(customer);
    const bad = await putServices(id, [
      { studio_service_id: service, rule: 'quarterly', fee: '-5' },
      { studio_service_id: service, rule: 'monthly', fee: '2000000' },
      { studio_service_id: null, rule: 'per_unit', fee: '15' },
      { studio_service_id: 999999, rule: 'weekly', fee: '10,555' },
    ]);
    expect(bad.statusCode).toBe(422);
    const errors = bad.json().errors as Record<string, string[]>;
    expect(errors['services.0.fee']![0]).toMatch(/maggiore di zero/);
    expect(errors['services.1.studio_service_id']![0]).toMatch(/due volte/);
    expect(errors['services.1.fee']![0]).toBe(
      'Il compenso di 2.000.000,00 € è fuori misura: al massimo 500.000,00 € per periodo',
    );
    expect(errors['services.2.studio_service_id']![0]).toMatch(/Scegli il servizio/);
    expect(errors['services.2.unit_source']![0]).toMatch(/cedolini o inserito a mano/);
    expect(errors['services.3.rule']![0]).toMatch(/come si fattura/);
    expect(errors['services.3.fee']).toBeDefined();
    expect(errors['services.3.studio_service_id']![0]).toMatch(/non trovato/);
    expect(await a.sql(`SELECT 1 FROM "engagement_services" WHERE "engagement_id" = $1`, [id])).toEqual([]);

    const ok = await putServices(id, [{ studio_service_id: service, rule: 'quarterly', fee: '600,00' }]);
    expect(ok.statusCode, ok.body).toBe(200);
    const d = ok.json().data;
    expect(d.services).toMatchObject([
      {
        position: 1,
        studio_service_id: service,
        description: 'Tenuta contabilità ordinaria',
        rule: 'quarterly',
        fee: 600,
        current_fee: 600,
      },
    ]);
    // the demo studio applies VAT 22 %, the cassa and the withholding; the customer is a withholding agent
    expect(d.treatment).toMatchObject({ vat: 22, cassa: true, withholding: true });
    expect(d.treatment.text).toMatch(/IVA 22 %.*cassa previdenza 4 %.*ritenuta d'acconto 20 %/);
  });

  it('issue 49 overlapping engagements of a customer for the same service are refused, with the other engagement named', async () => {
    const customer = await a.newCustomer('Incarichi Beta Srl');
    const service = await newService('Dichiarazione dei redditi');
    const first = await newEngagement(customer, {
      title: 'Dichiarativi',
      start_date: `${year}-01-01`,
      end_date: `${year}-12-31`,
    });
    expect((await putServices(first, [{ studio_service_id: service, rule: 'yearly', fee: 300 }])).statusCode).toBe(200);
    const second = await newEngagement(customer, { title: 'Nuovo', start_date: `${year}-06-01` });
    const res = await putServices(second, [{ studio_service_id: service, rule: 'yearly', fee: 350 }]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['services.0.studio_service_id'][0]).toBe(
      `Il servizio è già nell'incarico «Dichiarativi» (dal 01/01/${year} al 31/12/${year}): le date si sovrappongono`,
    );
    // starting after the first ends, it is accepted
    const moved = await a.put('admin', `/api/engagements/${second}`, { start_date: `${year + 1}-01-01` });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await putServices(second, [{ studio_service_id: service, rule: 'yearly', fee: 350 }])).statusCode).toBe(
      200,
    );
    // and the end before the start is refused on the engagement itself
    const back = await a.put('admin', `/api/engagements/${second}`, { end_date: `${year}-12-31` });
    expect(back.statusCode).toBe(422);
    expect(back.json().errors.end_date[0]).toBe('La data di fine è precedente alla data di inizio');
  });

  it('issue 49 a payslips service is refused on a customer already charged per payslip', async () => {
    const customer = await a.newCustomer('Incarichi Cedolini Srl', { cedolino_rate: 15 });
    const service = await newService('Elaborazione cedolini');
    const id = await newEngagement(customer);
    const res = await putServices(id, [
      { studio_service_id: service, rule: 'per_unit', fee: 18, unit_source: 'payslips' },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['services.0.unit_source'][0]).toMatch(/'Costo cedolino' di 15,00 €/);
  });

  it('issue 49 the billing run: each period once, the fixed yearly update, a second run makes nothing, no delete once billed', async () => {
    const customer = await a.newCustomer('Incarichi Gamma Srl');
    const service = await newService('Consulenza annuale');
    const id = await newEngagement(customer, { update_kind: 'fixed', update_percent: 5 });
    expect((await putServices(id, [{ studio_service_id: service, rule: 'yearly', fee: '1200' }])).statusCode).toBe(200);
    // a draft bills nothing
    expect((await preview()).charges.filter((c) => c.engagement_id === id)).toEqual([]);
    await sign(id);
    const p = await preview();
    const mine = p.charges.filter((c) => c.engagement_id === id);
    // last year's on 31/01, and this year's (raised 5 % on the anniversary, 01/01) if its 31/01 has come
    const expected = [{ billing_date: `${year - 1}-01-31`, fee: 1200, amount: 1200, label: `anno ${year - 1}` }];
    if (today >= `${year}-01-31`)
      expected.push({ billing_date: `${year}-01-31`, fee: 1260, amount: 1260, label: `anno ${year}` });
    expect(mine).toMatchObject(expected);
    expect(p.updates.filter((u) => u.engagement_id === id)).toMatchObject([
      { effective_date: `${year}-01-01`, percent: 5, old_fee: 1200, new_fee: 1260 },
    ]);
    const first = await run();
    expect(first.ran).toBe(true);
    const moves = await a.sql<{
      amount: string;
      date: string;
      due_date: string;
      transaction_note: string;
      studio_service_id: number;
    }>(
      `SELECT "amount"::text, to_char("date", 'YYYY-MM-DD') AS "date", "due_date"::text, "transaction_note", "studio_service_id"
       FROM "transactions" WHERE "customer_id" = $1 AND "type" = 'CHARGE' ORDER BY "date"`,
      [customer],
    );
    expect(moves.map((m) => [m.date, m.amount, m.due_date])).toEqual(
      expected.map((e) => [e.billing_date, `${e.amount}.00`, `${e.billing_date.slice(0, 4)}-03-02`]),
    );
    expect(moves[0]!.transaction_note).toBe(`Consulenza annuale — anno ${year - 1}`);
    expect(moves.every((m) => Number(m.studio_service_id) === service)).toBe(true);
    // a second run: nothing more
    await run();
    const again = await a.sql(`SELECT 1 FROM "transactions" WHERE "customer_id" = $1 AND "type" = 'CHARGE'`, [
      customer,
    ]);
    expect(again.length).toBe(expected.length);
    expect((await preview()).charges.filter((c) => c.engagement_id === id)).toEqual([]);
    // the detail shows the change and the charges made
    const detail = (await a.get('admin', `/api/engagement/${id}/services`)).json().data;
    expect(detail.fee_changes).toMatchObject([{ kind: 'fixed', percent: 5, old_fee: 1200, new_fee: 1260 }]);
    expect(detail.services[0].current_fee).toBe(1260);
    expect(detail.charges.length).toBe(expected.length);
    // billed: it is ended, not deleted; and once sent it no longer changes
    const del = await a.del('admin', `/api/engagement/${id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toMatch(/Consulenza|Contabilità ordinaria/);
    const change = await a.put('admin', `/api/engagements/${id}`, { billing_day: 5 });
    expect(change.statusCode).toBe(422);
    expect(change.json().errors.billing_day[0]).toMatch(/non è in bozza/);
    expect((await putServices(id, [{ studio_service_id: service, rule: 'yearly', fee: '1' }])).statusCode).toBe(409);
  });

  it('issue 49 the ISTAT update: held back while an index is missing, then 75 % of the yearly variation (one decimal) on the anniversary', async () => {
    const customer = await a.newCustomer('Incarichi Delta Srl');
    const service = await newService('Paghe e contributi forfait');
    const id = await newEngagement(customer, { update_kind: 'istat', istat_share: 75 });
    expect((await putServices(id, [{ studio_service_id: service, rule: 'yearly', fee: '1000' }])).statusCode).toBe(200);
    await sign(id);
    // the demo's indices of those months taken away: the update cannot be made
    await a.sql(`DELETE FROM "istat_indices" WHERE "studio_id" = $1 AND "month" = 12 AND "year" IN ($2, $3)`, [
      demo,
      year - 2,
      year - 1,
    ]);
    const held = await preview();
    // the update on 01/01 compares December of the year before last with December of last year
    expect(held.problems.filter((x) => x.engagement_id === id).map((x) => x.message)).toEqual([
      `Indice ISTAT FOI di dicembre ${year - 2} e di dicembre ${year - 1} non inserito: serve per aggiornare i compensi dal 01/01/${year} (menu Tempi e redditività → Indici ISTAT FOI); gli addebiti da quella data attendono`,
    ]);
    expect(held.charges.filter((c) => c.engagement_id === id).map((c) => c.billing_date)).toEqual([
      `${year - 1}-01-31`,
    ]);
    // the indices entered (Admin), the update is made: 120,0 → 121,8 is +1,5 %; 75 % of it is 1,125 %
    for (const [y, value] of [
      [year - 2, '120.0'],
      [year - 1, '121.8'],
    ] as const) {
      const res = await a.post('admin', '/api/istat_indices', { year: y, month: 12, value });
      expect(res.statusCode, res.body).toBe(201);
    }
    const p = await preview();
    expect(p.problems.filter((x) => x.engagement_id === id)).toEqual([]);
    expect(p.updates.filter((u) => u.engagement_id === id)).toMatchObject([
      { effective_date: `${year}-01-01`, percent: 1.125, old_fee: 1000, new_fee: 1011.25 },
    ]);
    if (today >= `${year}-01-31`)
      expect(p.charges.filter((c) => c.engagement_id === id).map((c) => c.amount)).toEqual([1000, 1011.25]);
  });

  it('issue 49 per-unit counts typed by hand and hours × rate of a by-time service', async () => {
    const customer = await a.newCustomer('Incarichi Epsilon Srl');
    const f24 = await newService('Invio F24');
    const advice = await newService('Consulenza a tempo');
    // a month that has ended and whose billing day (the 10th of the next) has come
    const [py, pm] =
      Number(today.slice(8)) >= 10 ? [year, Number(today.slice(5, 7)) - 1] : [year, Number(today.slice(5, 7)) - 2];
    const [y, m] = pm >= 1 ? [py, pm] : [py - 1, pm + 12];
    const month = `${y}-${pad(m)}`;
    const id = await newEngagement(customer, {
      start_date: `${month}-01`,
      end_date: `${month}-${lastDay(y, m)}`,
      billing_day: 10,
    });
    const saved = await putServices(id, [
      { studio_service_id: f24, rule: 'per_unit', fee: '7,50', unit_source: 'manual' },
      { studio_service_id: advice, rule: 'by_time', fee: '65' },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    await sign(id);
    const collab = Number(
      (await a.sql<{ id: number }>(`SELECT "id" FROM "users" WHERE "email" = 'collaboratore@studiodemo.test'`))[0]!.id,
    );
    // 1 h 30 + 2 h 15 = 3 h 45 of the service in the month, and 20 minutes of another service (not billed here)
    for (const [minutes, sid] of [
      [90, advice],
      [135, advice],
      [20, f24],
    ] as const)
      await a.sql(
        `INSERT INTO "time_entries" ("studio_id", "user_id", "customer_id", "studio_service_id", "date", "minutes") VALUES ($1, $2, $3, $4, $5, $6)`,
        [demo, collab, customer, sid, `${month}-05`, minutes],
      );
    const before = await preview();
    expect(before.problems.filter((x) => x.engagement_id === id).map((x) => x.message)).toEqual([
      `Numero di «Invio F24» di ${new Intl.DateTimeFormat('it-IT', { month: 'long' }).format(new Date(Date.UTC(y, m - 1, 15)))} ${y} non inserito: indicalo in 'Addebiti degli incarichi'`,
    ]);
    const byTime = before.charges.filter((c) => c.engagement_id === id);
    // 3,75 h × 65,00 € = 243,75 €
    expect(byTime).toMatchObject([{ quantity: 3.75, fee: 65, amount: 243.75 }]);
    expect(byTime[0]!.note).toMatch(/\(3:45 ore × 65,00 €\/h\)$/);
    const services = (await a.get('admin', `/api/engagement/${id}/services`)).json().data.services as Array<{
      id: number;
    }>;
    const units = await a.put('admin', '/api/engagements/units', {
      month,
      units: [{ engagement_service_id: services[0]!.id, units: '12' }],
    });
    expect(units.statusCode, units.body).toBe(200);
    const badUnits = await a.put('admin', '/api/engagements/units', {
      month,
      units: [{ engagement_service_id: services[0]!.id, units: '-3' }],
    });
    expect(badUnits.statusCode).toBe(422);
    expect(badUnits.json().errors['units.0.units'][0]).toMatch(/da 0 a 100.000/);
    const after = await preview();
    // 12 × 7,50 € = 90,00 €
    expect(after.charges.filter((c) => c.engagement_id === id).map((c) => [c.quantity, c.amount])).toEqual([
      [12, 90],
      [3.75, 243.75],
    ]);
  });

  it('issue 49 roles: the Collaboratore sees his customers’ engagements only and cannot run the billing; another studio sees none', async () => {
    const collab = Number(
      (await a.sql<{ id: number }>(`SELECT "id" FROM "users" WHERE "email" = 'collaboratore@studiodemo.test'`))[0]!.id,
    );
    const his = await a.newCustomer('Incarichi Suo Srl', { collaborator_accounting_id: collab });
    const other = await a.newCustomer('Incarichi Altrui Srl', {
      collaborator_accounting_id: null,
      collaborator_studio_jobs_id: null,
    });
    const mine = await newEngagement(his);
    const theirs = await newEngagement(other);
    expect((await a.get('collab', `/api/engagements/${mine}`)).statusCode).toBe(200);
    expect((await a.get('collab', `/api/engagements/${theirs}`)).statusCode).toBe(404);
    expect((await a.post('collab', '/api/engagements/billing/run')).statusCode).toBe(403);
    expect((await a.get('bianchi', `/api/engagements/${mine}`)).statusCode).toBe(404);
    expect((await a.get('bianchi', `/api/engagement/${mine}/services`)).statusCode).toBe(404);
  });
});
