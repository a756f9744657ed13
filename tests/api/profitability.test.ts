/**
 * 'Redditività' through the HTTP interface (issue 49 item 5): a small studio's year built by hand
 * in Studio Bianchi (2019, a year the demo data leave empty) — three customers, two services and a
 * charge without one, payments in and after the year, time of three collaborators with hourly costs
 * that change in the year (one with none) and service rates that change too — and every figure
 * worked by hand to the cent: per customer, per service, per collaborator; collected and open
 * against each customer's account statement of the same period; the ranking by margin and the other
 * sorts; the under-paying set and the simulated update; the filters; the CSV, the PDF's text; the
 * home page's summary; customers in the trash, movements and entries in the trash never counted; the Admin's only (403 to the Collaboratore and the Utente); another studio's
 * rows never counted (not even its rows naming this studio's customers or users); bad input 422
 * under its field, in Italian.
 *
 * The studio invoices with cassa (4 %) and VAT (22 %), no withholding (the customers have no VAT
 * number), no stamp: a fee's payable is fee × 1.04 × 1.22 — 1,000.00 → 1,268.80; 500.00 → 634.40;
 * 250.00 → 317.20; 200.00 → 253.76; 100.00 → 126.88.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, USERS, type Api } from '../helpers/api.js';

let t: TestApp;
let a: Api;
const FROM = '2019-01-01';
const TO = '2019-12-31';
const Y = { from: FROM, to: TO };

const ids = {
  bianchi: 0,
  demo: 0,
  giulia: 0,
  luca: 0,
  sara: 0,
  alfa: 0,
  beta: 0,
  gamma: 0,
  s1: 0,
  s2: 0,
  demoCustomer: 0,
};

const dir = mkdtempSync(join(tmpdir(), 'gs-profitability-'));
const pdfText = (body: Buffer) => {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, body);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
};

async function created(who: 'bianchi' | 'admin' | 'collab', url: string, body: Record<string, unknown>) {
  const r = await a.post(who, url, body);
  expect(r.statusCode, r.body).toBe(201);
  return Number(r.json().data.id);
}
const move = (customer_id: number, type: string, amount: number, date: string, studio_service_id?: number) =>
  created('bianchi', '/api/transactions', {
    customer_id,
    type,
    amount,
    date: `${date} 10:00:00`,
    ...(studio_service_id ? { studio_service_id } : {}),
  });
async function newUser(studio: number, name: string, cognome: string, email: string) {
  const [u] = await a.sql<{ id: number }>(
    `INSERT INTO "users" ("studio_id", "role_id", "name", "cognome", "email", "password", "active")
    SELECT $1::int, r."id", $2::varchar, $3::varchar, $4::varchar, c."password", TRUE FROM "roles" r, "users" c
    WHERE r."name" = 'Collaboratore' AND c."email" = $5 RETURNING "id"`,
    [studio, name, cognome, email, USERS.collab],
  );
  return Number(u!.id);
}
async function entry(studio: number, user: number, customer: number, service: number, date: string, minutes: number) {
  await a.sql(
    `INSERT INTO "time_entries" ("studio_id", "user_id", "customer_id", "studio_service_id", "date", "minutes", "note") VALUES ($1, $2, $3, $4, $5, $6, 'prova')`,
    [studio, user, customer, service, date, minutes],
  );
}

beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
  ids.bianchi = await a.studioId('Studio Bianchi');
  ids.demo = await a.studioId('Studio Demo');
  // the demo data leave 2019 empty in Studio Bianchi: the figures below are the test's alone
  const [pre] = await a.sql<{ n: number }>(
    `SELECT (SELECT count(*) FROM "transactions" WHERE "studio_id" = $1 AND "date" < '2021-01-01')
      + (SELECT count(*) FROM "time_entries" WHERE "studio_id" = $1 AND "date" < '2021-01-01') AS "n"`,
    [ids.bianchi],
  );
  expect(Number(pre!.n)).toBe(0);
  await a.sql(
    `UPDATE "studios" SET "fiscal_regime" = 'RF01', "cassa_previdenza" = 1, "withholding_tax" = 1, "stamp_duty_charged" = 0 WHERE "id" = $1`,
    [ids.bianchi],
  );
  ids.giulia = Number(
    (await a.sql<{ id: number }>(`SELECT "id" FROM "users" WHERE "email" = $1`, [USERS.bianchi]))[0]!.id,
  );
  await a.sql(`UPDATE "users" SET "name" = 'Giulia', "cognome" = 'Bianchi' WHERE "id" = $1`, [ids.giulia]);
  ids.luca = await newUser(ids.bianchi, 'Luca', 'Verdi', 'luca.verdi@studiobianchi.test');
  ids.sara = await newUser(ids.bianchi, 'Sara', 'Neri', 'sara.neri@studiobianchi.test');

  const rep = (await a.firstRow('legal_representatives', ids.bianchi)).id;
  const customer = (business_name: string, collaborator: number) =>
    created('bianchi', '/api/customers', {
      business_name,
      email: 'cliente@prova.test',
      yearly_accounting_amount: 1000,
      legal_representative_id: rep,
      collaborator_accounting_id: collaborator,
    });
  ids.alfa = await customer('Alfa S.r.l.', ids.giulia);
  ids.beta = await customer('Beta S.n.c.', ids.luca);
  ids.gamma = await customer('Gamma S.p.A.', ids.giulia);
  ids.s1 = await created('bianchi', '/api/studio_services', {
    cod: 'CO49',
    description: 'Contabilità ordinaria',
    cost: 100,
  });
  ids.s2 = await created('bianchi', '/api/studio_services', { cod: 'CN49', description: 'Consulenza', cost: 100 });

  // hourly costs: Giulia 30,00 then 32,50 from July; Luca 20,00; Sara none
  for (const [user_id, valid_from, cost] of [
    [ids.giulia, '2018-01-01', 30],
    [ids.giulia, '2019-07-01', 32.5],
    [ids.luca, '2019-01-01', 20],
  ] as const)
    await created('bianchi', '/api/hourly_costs', { user_id, valid_from, cost });
  // rates: Contabilità 50,00; Consulenza 80,00 then 90,00 from June
  for (const [studio_service_id, valid_from, rate] of [
    [ids.s1, '2019-01-01', 50],
    [ids.s2, '2018-01-01', 80],
    [ids.s2, '2019-06-01', 90],
  ] as const)
    await created('bianchi', '/api/service_rates', { studio_service_id, valid_from, rate });

  // charges and payments
  await move(ids.alfa, 'CHARGE', 1000, '2019-02-01', ids.s1);
  await move(ids.alfa, 'CHARGE', 500, '2019-08-01', ids.s2);
  await move(ids.beta, 'CHARGE', 250, '2019-03-01', ids.s1);
  await move(ids.beta, 'CHARGE', 100, '2019-04-01');
  await move(ids.gamma, 'CHARGE', 200, '2019-11-01', ids.s1);
  await move(ids.alfa, 'PAYMENT', 1268.8, '2019-02-20');
  await move(ids.beta, 'PAYMENT', 200, '2019-05-10');
  // after the year: a charge (not counted) and a payment that settles 300,00 of Alfa's August charge
  await move(ids.alfa, 'CHARGE', 999, '2020-01-15', ids.s1);
  await move(ids.alfa, 'PAYMENT', 300, '2020-01-10');
  // a charge in the trash: not counted
  const trashed = await move(ids.alfa, 'CHARGE', 777, '2019-06-01', ids.s1);
  expect((await a.del('bianchi', `/api/transactions/${trashed}`)).statusCode).toBe(200);

  // time
  const b = ids.bianchi;
  await entry(b, ids.giulia, ids.alfa, ids.s1, '2019-03-10', 120); // 2 h × 30,00 = 60,00; × 50 = 100,00
  await entry(b, ids.giulia, ids.alfa, ids.s1, '2019-07-05', 300); // with the next: 10 h 30 min × 32,50 = 341,25
  await entry(b, ids.giulia, ids.alfa, ids.s1, '2019-09-10', 330); //   and × 50,00 = 525,00
  await entry(b, ids.luca, ids.beta, ids.s2, '2019-05-02', 900); // 15 h × 20 = 300,00; × 80 = 1.200,00
  await entry(b, ids.luca, ids.beta, ids.s2, '2019-06-15', 600); // 10 h × 20 = 200,00; × 90 = 900,00
  await entry(b, ids.sara, ids.beta, ids.s1, '2019-04-01', 90); // no cost; 1 h 30 min × 50 = 75,00
  await entry(b, ids.giulia, ids.beta, ids.s2, '2019-10-01', 45); // 0,75 h × 32,50 = 24,375 → 24,38; × 90 = 67,50
  await entry(b, ids.luca, ids.gamma, ids.s1, '2019-11-05', 300); // 5 h × 20 = 100,00; × 50 = 250,00
  await entry(b, ids.giulia, ids.alfa, ids.s1, '2020-01-02', 60); // after the year
  await a.sql(
    `INSERT INTO "time_entries" ("studio_id", "user_id", "customer_id", "studio_service_id", "date", "minutes", "deleted_at")
    VALUES ($1, $2, $3, $4, '2019-05-05', 600, LOCALTIMESTAMP)`,
    [b, ids.giulia, ids.alfa, ids.s1],
  );

  // a customer in the trash, with a charge and time in the year: never counted
  const trashedCustomer = await customer('Delta Cestinato S.r.l.', ids.luca);
  await move(trashedCustomer, 'CHARGE', 400, '2019-03-03', ids.s1);
  await move(trashedCustomer, 'PAYMENT', 100, '2019-03-04');
  await entry(b, ids.luca, trashedCustomer, ids.s1, '2019-03-03', 240);
  expect((await a.del('bianchi', `/api/customers/${trashedCustomer}`)).statusCode).toBe(200);

  // another studio: its own customer with a charge and time in 2019, and rows that name this
  // studio's customer and collaborator (never to be read as this studio's)
  const demoRep = (await a.firstRow('legal_representatives', ids.demo)).id;
  ids.demoCustomer = await created('admin', '/api/customers', {
    business_name: 'Altro Studio Cliente S.r.l.',
    email: 'altro@prova.test',
    yearly_accounting_amount: 1000,
    legal_representative_id: demoRep,
  });
  const demoService = (await a.firstRow('studio_services', ids.demo)).id;
  await a.sql(
    `INSERT INTO "transactions" ("studio_id", "customer_id", "type", "amount", "date", "studio_service_id") VALUES
      ($1, $2, 'CHARGE', 5000, '2019-05-01 00:00:00', $3), ($1, $4, 'CHARGE', 4000, '2019-05-01 00:00:00', NULL)`,
    [ids.demo, ids.demoCustomer, demoService, ids.alfa],
  );
  await entry(ids.demo, ids.giulia, ids.alfa, ids.s1, '2019-05-01', 480);
  await a.sql(
    `INSERT INTO "hourly_costs" ("studio_id", "user_id", "valid_from", "cost") VALUES ($1, $2, '2019-01-01', 999)`,
    [ids.demo, ids.luca],
  );
});
afterAll(async () => {
  await t?.close();
});

const get = async (query: Record<string, unknown>, who: 'bianchi' | 'admin' | 'collab' = 'bianchi') => {
  const r = await a.get(who, '/api/profitability', query);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as {
    collected_basis: string;
    rows: Array<Record<string, any>>;
    totals: Record<string, any>;
    simulation: Record<string, any> | null;
    from: string;
    to: string;
  };
};

const ALFA = {
  name: 'Alfa S.r.l.',
  collaborator: 'Giulia Bianchi',
  charged: 1500,
  payable: 1903.2,
  collected: 1268.8,
  open: 334.4,
  minutes: 750,
  hours: 12.5,
  cost: 401.25,
  value: 625,
  margin: 1098.75,
  margin_per_hour: 87.9,
  uncosted_minutes: 0,
  unrated_minutes: 0,
  under_paying: false,
};
const BETA = {
  name: 'Beta S.n.c.',
  collaborator: 'Luca Verdi',
  charged: 350,
  payable: 444.08,
  collected: 200,
  open: 244.08,
  minutes: 1635,
  hours: 27.25,
  cost: 524.38,
  value: 2242.5,
  margin: -174.38,
  // −174,38 × 60 / 1.635 = −6,3993 → −6,40
  margin_per_hour: -6.4,
  uncosted_minutes: 90,
  unrated_minutes: 0,
  under_paying: true,
};
const GAMMA = {
  name: 'Gamma S.p.A.',
  collaborator: 'Giulia Bianchi',
  charged: 200,
  payable: 253.76,
  collected: 0,
  open: 253.76,
  minutes: 300,
  hours: 5,
  cost: 100,
  value: 250,
  margin: 100,
  margin_per_hour: 20,
  uncosted_minutes: 0,
  unrated_minutes: 0,
  // a positive margin, but 200,00 of fees for 250,00 of hours at the service's rate
  under_paying: true,
};

describe('issue 49 GET /api/profitability by customer', () => {
  it('every figure to the cent, the worst margin first', async () => {
    const d = await get(Y);
    expect(d).toMatchObject({ from: FROM, to: TO, collected_basis: 'payments', simulation: null });
    expect(d.rows.map((r) => r.id)).toEqual([ids.beta, ids.gamma, ids.alfa]);
    expect(d.rows[0]).toMatchObject({ ...BETA, id: ids.beta, update_amount: null });
    expect(d.rows[1]).toMatchObject({ ...GAMMA, id: ids.gamma });
    expect(d.rows[2]).toMatchObject({ ...ALFA, id: ids.alfa });
    expect(d.totals).toEqual({
      rows: 3,
      under_paying: 2,
      charged: 2050,
      payable: 2601.04,
      collected: 1468.8,
      open: 832.24,
      minutes: 2685,
      hours: 44.75,
      cost: 1025.63,
      value: 3117.5,
      margin: 1024.37,
      // 1.024,37 / 44,75 h = 22,891 → 22,89
      margin_per_hour: 22.89,
      uncosted_minutes: 90,
      unrated_minutes: 0,
    });
  });

  it("collected and open agree to the cent with each customer's account statement of the period", async () => {
    const d = await get(Y);
    for (const row of d.rows) {
      const s = await a.get('bianchi', `/api/customer/${row.id}/statement`, Y);
      expect(s.statusCode, s.body).toBe(200);
      const st = s.json().data;
      expect(row.payable).toBe(st.charges);
      expect(row.collected).toBe(st.payments);
      const open = Object.values(st.items as Record<string, { open: number }>).reduce(
        (sum, i) => sum + Math.round(i.open * 100),
        0,
      );
      expect(Math.round(row.open * 100)).toBe(open);
    }
  });

  it('sorted by name, by margin best first, by margin per hour', async () => {
    expect((await get({ ...Y, sort: 'name' })).rows.map((r) => r.name)).toEqual([
      'Alfa S.r.l.',
      'Beta S.n.c.',
      'Gamma S.p.A.',
    ]);
    expect((await get({ ...Y, order: 'desc' })).rows.map((r) => r.id)).toEqual([ids.alfa, ids.gamma, ids.beta]);
    expect((await get({ ...Y, sort: 'margin_per_hour', order: 'desc' })).rows.map((r) => r.margin_per_hour)).toEqual([
      87.9, 20, -6.4,
    ]);
  });

  it('the update of 12,5 % on the under-paying customers: Beta 43,75 + Gamma 25,00 = 68,75', async () => {
    const d = await get({ ...Y, update_percent: '12,5' });
    expect(d.simulation).toEqual({ percent: 12.5, customers: 2, charged: 550, amount: 68.75 });
    const by = new Map(d.rows.map((r) => [r.id, r.update_amount]));
    expect(by.get(ids.beta)).toBe(43.75);
    expect(by.get(ids.gamma)).toBe(25);
    expect(by.get(ids.alfa)).toBeNull();
    // 3,33 %: 350 × 3,33 % = 11,655 → 11,66; 200 × 3,33 % = 6,66: the total is the sum of the rounded ones
    expect((await get({ ...Y, update_percent: '3.33' })).simulation).toMatchObject({ amount: 18.32 });
  });

  it('one customer: the same figures; a collaborator: his customers and his own hours', async () => {
    const one = await get({ ...Y, customer_id: ids.beta });
    expect(one.rows).toHaveLength(1);
    expect(one.rows[0]).toMatchObject(BETA);
    // Luca: Beta's charges and payments (his customer), his hours on Beta (25 h) and on Gamma (5 h)
    const luca = await get({ ...Y, user_id: ids.luca });
    expect(luca.rows.map((r) => [r.name, r.charged, r.collected, r.minutes, r.cost])).toEqual([
      ['Beta S.n.c.', 350, 200, 1500, 500],
      ['Gamma S.p.A.', 0, 0, 300, 100],
    ]);
  });
});

describe('issue 49 GET /api/profitability by service and by collaborator', () => {
  it('by service: what of the charges is settled is the collected; collected + open = payable', async () => {
    const d = await get({ ...Y, group: 'service', sort: 'name' });
    expect(d.collected_basis).toBe('settled');
    expect(d.rows.map((r) => r.name)).toEqual(['Consulenza', 'Contabilità ordinaria', 'Senza servizio']);
    expect(d.rows[0]).toMatchObject({
      id: ids.s2,
      charged: 500,
      payable: 634.4,
      // the 300,00 paid in January 2020 settled it
      collected: 300,
      open: 334.4,
      minutes: 1545,
      cost: 524.38,
      value: 2167.5,
      margin: -24.38,
      under_paying: true,
      collaborator: null,
    });
    expect(d.rows[1]).toMatchObject({
      id: ids.s1,
      charged: 1450,
      payable: 1839.76,
      collected: 1468.8,
      open: 370.96,
      minutes: 1140,
      cost: 501.25,
      value: 950,
      margin: 948.75,
      uncosted_minutes: 90,
      under_paying: false,
    });
    expect(d.rows[2]).toMatchObject({
      id: null,
      charged: 100,
      payable: 126.88,
      collected: 0,
      open: 126.88,
      minutes: 0,
      margin: 100,
      margin_per_hour: null,
    });
    expect(d.totals).toMatchObject({ charged: 2050, payable: 2601.04, collected: 1768.8, open: 832.24, cost: 1025.63 });
    for (const r of d.rows)
      expect(Math.round(r.collected * 100) + Math.round(r.open * 100)).toBe(Math.round(r.payable * 100));
  });

  it('a service filtered: each customer with that service only, collected as settled', async () => {
    const d = await get({ ...Y, studio_service_id: ids.s2, sort: 'name' });
    expect(d.collected_basis).toBe('settled');
    expect(d.rows.map((r) => [r.name, r.charged, r.collected, r.open, r.minutes, r.cost])).toEqual([
      ['Alfa S.r.l.', 500, 300, 334.4, 0, 0],
      ['Beta S.n.c.', 0, 0, 0, 1545, 524.38],
    ]);
    const none = await get({ ...Y, studio_service_id: 'none' });
    expect(none.rows.map((r) => [r.name, r.charged, r.minutes])).toEqual([['Beta S.n.c.', 100, 0]]);
  });

  it("by collaborator: a customer's fees go to its collaborator, the hours to whoever worked them", async () => {
    const d = await get({ ...Y, group: 'collaborator', sort: 'name' });
    expect(d.collected_basis).toBe('payments');
    expect(d.rows.map((r) => r.name)).toEqual(['Giulia Bianchi', 'Luca Verdi', 'Sara Neri']);
    expect(d.rows[0]).toMatchObject({
      id: ids.giulia,
      charged: 1700,
      collected: 1268.8,
      minutes: 795,
      cost: 425.63,
      margin: 1274.37,
      under_paying: false,
    });
    expect(d.rows[1]).toMatchObject({
      id: ids.luca,
      charged: 350,
      collected: 200,
      minutes: 1800,
      cost: 600,
      margin: -250,
      // −250 / 30 h
      margin_per_hour: -8.33,
      under_paying: true,
    });
    expect(d.rows[2]).toMatchObject({
      id: ids.sara,
      charged: 0,
      minutes: 90,
      cost: 0,
      value: 75,
      uncosted_minutes: 90,
      under_paying: true,
    });
    expect(d.totals).toMatchObject({ charged: 2050, collected: 1468.8, minutes: 2685, cost: 1025.63, margin: 1024.37 });
  });
});

describe('issue 49 GET /api/profitability.csv and .pdf', () => {
  it('the CSV: semicolons, decimal commas, a row each in the same order, the totals; the update column', async () => {
    const r = await a.get('bianchi', '/api/profitability.csv', { ...Y, update_percent: '12,5' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/csv/);
    expect(decodeURIComponent(String(r.headers['content-disposition']))).toContain(
      'Redditività per cliente 2019-01-01 2019-12-31.csv',
    );
    const lines = r.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines).toEqual([
      'Cliente;Collaboratore;Compensi addebitati;Dovuto (IVA e cassa incluse);Incassato;Da incassare;Ore;Costo delle ore;Valore a tariffa;Margine;Margine per ora;Sotto-remunerato;Ore senza costo orario;Aggiornamento 12,5 %',
      'Beta S.n.c.;Luca Verdi;350,00;444,08;200,00;244,08;27,25;524,38;2242,50;-174,38;-6,40;Sì;1,50;43,75',
      'Gamma S.p.A.;Giulia Bianchi;200,00;253,76;0,00;253,76;5,00;100,00;250,00;100,00;20,00;Sì;;25,00',
      'Alfa S.r.l.;Giulia Bianchi;1500,00;1903,20;1268,80;334,40;12,50;401,25;625,00;1098,75;87,90;No;;',
      'Totale;;2050,00;2601,04;1468,80;832,24;44,75;1025,63;3117,50;1024,37;22,89;2;1,50;68,75',
    ]);
  });

  it('the PDF on the letterhead: the period, the rows with the under-paying marked, the totals, the notes', async () => {
    const r = await a.get('bianchi', '/api/profitability.pdf', { ...Y, update_percent: '12,5' });
    expect(r.statusCode, r.body.slice(0, 200)).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    const text = pdfText(r.rawPayload);
    expect(text).toContain('Redditività');
    expect(text).toContain('Dal 01-01-2019 al 31-12-2019 · per cliente · importi in euro');
    expect(text).toMatch(
      /Beta S\.n\.c\. \(sotto-remunerato\) Luca Verdi 350,00 200,00 244,08 27:15 524,38 -174,38 -6,40 43,75/,
    );
    expect(text).toMatch(/Alfa S\.r\.l\. Giulia Bianchi 1\.500,00 1\.268,80 334,40 12:30 401,25 1\.098,75 87,90/);
    expect(text).toMatch(/Totale \(3 righe\) 2\.050,00 1\.468,80 832,24 44:45 1\.025,63 1\.024,37 22,89 68,75/);
    expect(text).toContain("Incassato: i pagamenti del periodo, come nell'estratto conto del cliente.");
    expect(text).toContain('Costo orario non indicato per 1:30 h di lavoro');
    expect(text).toContain(
      'Aggiornamento del 12,5 % dei compensi dei 2 clienti sotto-remunerati (550,00 €): 68,75 € in più.',
    );
  });
});

describe('issue 49 GET /api/profitability/summary', () => {
  it('the year: the better half best first, the rest worst first', async () => {
    const r = await a.get('bianchi', '/api/profitability/summary', { year: 2019 });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toEqual({
      year: 2019,
      best: [
        { customer_id: ids.alfa, business_name: 'Alfa S.r.l.', charged: 1500, cost: 401.25, margin: 1098.75 },
        { customer_id: ids.gamma, business_name: 'Gamma S.p.A.', charged: 200, cost: 100, margin: 100 },
      ],
      worst: [{ customer_id: ids.beta, business_name: 'Beta S.n.c.', charged: 350, cost: 524.38, margin: -174.38 }],
      customers: 3,
      margin: 1024.37,
    });
    const bad = await a.get('bianchi', '/api/profitability/summary', { year: 'duemila' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.year).toEqual(['Anno non valido: da 1900 a 2199']);
  });
});

describe('issue 49 profitability: roles, tenancy, bad input', () => {
  it('the Collaboratore and the Utente: 403 on every call (costs and margins are the Admin’s)', async () => {
    const utente = await a.utente('utente.redditivita@studiodemo.test');
    for (const url of [
      '/api/profitability',
      '/api/profitability.csv',
      '/api/profitability.pdf',
      '/api/profitability/summary',
    ]) {
      const c = await a.get('collab', url, Y);
      expect(c.statusCode, url).toBe(403);
      expect(c.body).not.toContain('margin');
      const u = await t.app.inject({ method: 'GET', url, headers: utente });
      expect(u.statusCode, url).toBe(403);
    }
  });

  it("another studio's rows are never counted, nor this studio's in another", async () => {
    // Studio Demo's charge and time on Bianchi's customer, its cost of Luca: Bianchi's figures above hold
    const d = await get({ ...Y, customer_id: ids.alfa });
    expect(d.rows[0]).toMatchObject({ charged: 1500, minutes: 750, cost: 401.25 });
    // Studio Demo sees its own customer only, never Alfa, Beta or Gamma
    const demo = await get(Y, 'admin');
    const names = demo.rows.map((r) => r.name);
    expect(names).toContain('Altro Studio Cliente S.r.l.');
    expect(names).not.toContain('Alfa S.r.l.');
    expect(names).not.toContain('Beta S.n.c.');
    expect(demo.rows.find((r) => r.name === 'Altro Studio Cliente S.r.l.')).toMatchObject({ charged: 5000 });
    // Bianchi asking for Demo's customer: nothing
    expect((await get({ ...Y, customer_id: ids.demoCustomer })).rows).toEqual([]);
  });

  it('bad periods and parameters: 422 under the field, in Italian, for the page and the files', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ from: '2019-12-31', to: '2019-01-01' }, 'to', 'La data di fine del periodo è precedente alla data di inizio'],
      [{ from: '2019-01-01', to: '2022-01-01' }, 'to', 'Il periodo può essere al massimo di 3 anni'],
      [{ from: '2019-02-30', to: '2019-12-31' }, 'from', 'Data non valida: usa il formato AAAA-MM-GG'],
      [{ from: '2019-01-01' }, 'to', 'Indica anche la data di fine del periodo'],
      [{ to: '2019-01-01' }, 'from', 'Indica anche la data di inizio del periodo'],
      [{ ...Y, group: 'cliente' }, 'group', 'Raggruppa per cliente, servizio o collaboratore'],
      [
        { ...Y, update_percent: '0' },
        'update_percent',
        "Indica la percentuale dell'aggiornamento, da 0,01 a 100 con al massimo due decimali",
      ],
      [
        { ...Y, update_percent: '100,01' },
        'update_percent',
        "Indica la percentuale dell'aggiornamento, da 0,01 a 100 con al massimo due decimali",
      ],
      [
        { ...Y, update_percent: '1,234' },
        'update_percent',
        "Indica la percentuale dell'aggiornamento, da 0,01 a 100 con al massimo due decimali",
      ],
      [{ ...Y, customer_id: 'x' }, 'customer_id', 'Cliente non valido'],
      [{ ...Y, user_id: '-1' }, 'user_id', 'Collaboratore non valido'],
      [{ ...Y, studio_service_id: '1.5' }, 'studio_service_id', 'Servizio non valido'],
      [{ ...Y, sort: 'profit' }, 'sort', 'Ordinamento non valido'],
      [{ ...Y, order: 'up' }, 'order', "Ordine non valido: 'asc' o 'desc'"],
    ];
    for (const [query, field, message] of cases)
      for (const url of ['/api/profitability', '/api/profitability.csv', '/api/profitability.pdf']) {
        const r = await a.get('bianchi', url, query);
        expect(r.statusCode, `${url} ${JSON.stringify(query)}`).toBe(422);
        expect(r.json().errors[field], JSON.stringify(query)).toEqual([message]);
      }
    // three years less a day is the longest period; without a period, this year
    expect((await a.get('bianchi', '/api/profitability', { from: '2019-01-01', to: '2021-12-31' })).statusCode).toBe(
      200,
    );
    const thisYear = await get({});
    expect(thisYear.from).toMatch(/^\d{4}-01-01$/);
    expect(thisYear.to).toBe(`${thisYear.from.slice(0, 4)}-12-31`);
  });
});
