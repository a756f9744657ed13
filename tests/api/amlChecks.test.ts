/**
 * 'Verifiche antiriciclaggio' through the HTTP interface (issue 48 item 3), with dates made by hand
 * around today: a customer never assessed (prima_verifica, due on its acquisition), one whose
 * controllo costante fell due 45 days ago (late by exactly 45), one whose identity document expires
 * in 20 days (the older identification's earlier expiry ignored), one billed a subject service its
 * assessment does not cover (nuova_prestazione, from the earliest such movement after the
 * assessment; trashed, older, covered and exempt ones ignored); ceased and trashed customers not
 * listed; each filter narrowing; paging; the CSV; the home page's counts; the Utente refused;
 * another studio's customers never seen. The assessments and identifications in the past are
 * inserted with SQL (the tables refuse UPDATE).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, romeToday, type Api } from '../helpers/api.js';

let t: TestApp;
let a: Api;
const T = romeToday();
const addDays = (d: string, n: number) => {
  const x = new Date(`${d}T00:00:00Z`);
  x.setUTCDate(x.getUTCDate() + n);
  return x.toISOString().slice(0, 10);
};
const slash = (d: string) => d.split('-').reverse().join('/');
/** every name of this file starts so: the demo customers (never assessed) stay out of the figures */
const P = 'AMLX';

interface Row {
  customer_id: number;
  business_name: string;
  collaborator_id: number | null;
  collaborator_name: string | null;
  level: string | null;
  reason: string;
  reason_text: string;
  due_on: string;
  late: boolean;
  days_late: number;
}
interface List {
  data: Row[];
  total: number;
  late: number;
}

let demo: number;
const ids = {} as Record<
  'never' | 'future' | 'control' | 'document' | 'newService' | 'ceased' | 'trashed' | 'other',
  number
>;
let collaboratorId: number;

async function list(query: Record<string, unknown> = {}, who: 'collab' | 'admin' | 'bianchi' = 'collab') {
  const res = await a.get(who, '/api/aml/checks', { q: P, ...query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as List;
}
const keys = (l: List) => l.data.map((r) => `${r.business_name}|${r.reason}`);

/** An assessment as made on `createdAt`, with its next check (SQL: the past cannot be posted). */
async function assessment(
  customer: number,
  o: { level: string; nextCheck: string; createdAt: string; services: string[] },
) {
  await a.sql(
    `INSERT INTO "aml_assessments" ("studio_id", "customer_id", "services", "customer_scores", "flags", "inherent",
      "specific", "effective", "computed_level", "level", "reasons", "next_check", "created_by_name", "created_at")
    VALUES ($1, $2, $3::jsonb, '{}'::jsonb, '{}'::jsonb, 3, 2, 2.3, $4, $4, '[]'::jsonb, $5::date, 'Test', $6::timestamp)`,
    [demo, customer, JSON.stringify(o.services), o.level, o.nextCheck, o.createdAt],
  );
}
async function identification(customer: number, expires: string, createdAt: string) {
  await a.sql(
    `INSERT INTO "aml_identifications" ("studio_id", "customer_id", "data", "identified_on", "documents_expire_on",
      "created_by_name", "created_at")
    VALUES ($1, $2, '{}'::jsonb, $3::date, $4::date, 'Test', $3::timestamp)`,
    [demo, customer, createdAt, expires],
  );
}
async function service(cod: string, aml: string) {
  const r = await a.post('collab', '/api/studio_services', {
    cod,
    description: `Servizio ${cod}`,
    cost: 100,
    aml_service: aml,
  });
  expect(r.statusCode, r.body).toBe(201);
  return r.json().data.id as number;
}

beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
  demo = await a.studioId('Studio Demo');
  const [collab] = await a.sql<{ id: number }>(
    `SELECT "id" FROM "users" WHERE "email" = 'collaboratore@studiodemo.test'`,
  );
  collaboratorId = Number(collab!.id);

  ids.never = await a.newCustomer(`${P} Mai valutato S.r.l.`, {
    acquisition_date: addDays(T, -10),
    collaborator_accounting_id: collaboratorId,
  });
  ids.future = await a.newCustomer(`${P} Futuro S.r.l.`, { acquisition_date: addDays(T, 100) });

  ids.control = await a.newCustomer(`${P} Controllo scaduto S.p.A.`, { acquisition_date: addDays(T, -900) });
  await assessment(ids.control, {
    level: 'ordinaria',
    nextCheck: addDays(T, -400),
    createdAt: `${addDays(T, -800)} 10:00:00`,
    services: ['tenuta-contabilita'],
  });
  // the latest assessment is in force: its next check, 45 days ago
  await assessment(ids.control, {
    level: 'rafforzata',
    nextCheck: addDays(T, -45),
    createdAt: `${addDays(T, -410)} 10:00:00`,
    services: ['tenuta-contabilita'],
  });

  ids.document = await a.newCustomer(`${P} Documento in scadenza S.n.c.`, { acquisition_date: addDays(T, -300) });
  await assessment(ids.document, {
    level: 'semplificata',
    nextCheck: addDays(T, 700),
    createdAt: `${addDays(T, -300)} 09:00:00`,
    services: ['tenuta-contabilita'],
  });
  // the older identification's document expired; the one in force expires in 20 days
  await identification(ids.document, addDays(T, -5), `${addDays(T, -300)} 09:00:00`);
  await identification(ids.document, addDays(T, 20), `${addDays(T, -100)} 09:00:00`);

  ids.newService = await a.newCustomer(`${P} Nuova prestazione S.r.l.`, { acquisition_date: addDays(T, -500) });
  await assessment(ids.newService, {
    level: 'ordinaria',
    nextCheck: addDays(T, 600),
    createdAt: `${addDays(T, -60)} 12:00:00`,
    services: ['tenuta-contabilita'],
  });
  const extraordinary = await service('AMLX-FS', 'finanza-straordinaria');
  const bookkeeping = await service('AMLX-TC', 'tenuta-contabilita');
  const returns = await service('AMLX-DF', 'dichiarazioni-fiscali');
  const move = (date: string, studio_service_id: number) =>
    a.newMove(ids.newService, 'CHARGE', 500, date, { studio_service_id });
  await move(addDays(T, -90), extraordinary); // before the assessment
  const trashed = await move(addDays(T, -30), extraordinary); // in the trash
  await move(addDays(T, -20), extraordinary); // the first after the assessment: due on it
  await move(addDays(T, -10), extraordinary);
  await move(addDays(T, -40), bookkeeping); // covered by the assessment
  await move(addDays(T, -50), returns); // not subject (art. 17 c. 7)
  expect((await a.del('collab', `/api/transactions/${trashed}`)).statusCode).toBe(200);

  ids.ceased = await a.newCustomer(`${P} Cessato S.r.l.`, {
    acquisition_date: addDays(T, -10),
    ceased: 1,
    ceased_on: addDays(T, -3),
  });
  ids.trashed = await a.newCustomer(`${P} Cestinato S.r.l.`, { acquisition_date: addDays(T, -10) });
  expect((await a.del('admin', `/api/customers/${ids.trashed}`)).statusCode).toBe(200);

  // Studio Bianchi's customer, never assessed, late
  const bianchi = await a.studioId('Studio Bianchi');
  const rep = (await a.firstRow('legal_representatives', bianchi)).id;
  const other = await a.post('bianchi', '/api/customers', {
    business_name: `${P} Bianchi S.r.l.`,
    email: 'bianchi@prova.test',
    yearly_accounting_amount: 1000,
    legal_representative_id: rep,
    acquisition_date: addDays(T, -7),
  });
  expect(other.statusCode, other.body).toBe(201);
  ids.other = other.json().data.id;
});
afterAll(async () => {
  await t?.close();
});

describe('issue 48 item 3: Verifiche antiriciclaggio', () => {
  it('the due list: each reason with its date, late and days late exact; the checks of the files kept by due date, then the customers never assessed', async () => {
    const l = await list();
    expect(keys(l)).toEqual([
      `${P} Controllo scaduto S.p.A.|controllo`,
      `${P} Nuova prestazione S.r.l.|nuova_prestazione`,
      `${P} Documento in scadenza S.n.c.|documento`,
      `${P} Mai valutato S.r.l.|prima_verifica`,
    ]);
    expect(l.total).toBe(4);
    expect(l.late).toBe(3);
    const by = Object.fromEntries(l.data.map((r) => [r.reason, r]));
    expect(by.controllo).toMatchObject({
      customer_id: ids.control,
      level: 'rafforzata',
      due_on: addDays(T, -45),
      late: true,
      days_late: 45,
      reason_text: 'Controllo costante',
    });
    expect(by.nuova_prestazione).toMatchObject({
      customer_id: ids.newService,
      level: 'ordinaria',
      due_on: addDays(T, -20),
      late: true,
      days_late: 20,
      reason_text: 'Nuova prestazione non valutata',
    });
    expect(by.prima_verifica).toMatchObject({
      customer_id: ids.never,
      level: null,
      due_on: addDays(T, -10),
      late: true,
      days_late: 10,
      collaborator_id: collaboratorId,
      collaborator_name: expect.any(String),
    });
    expect(by.documento).toMatchObject({
      customer_id: ids.document,
      level: 'semplificata',
      due_on: addDays(T, 20),
      late: false,
      days_late: 0,
    });
  });

  it('the window: what is due within `days` (and what is late whatever it)', async () => {
    expect(keys(await list({ days: 10 }))).not.toContain(`${P} Documento in scadenza S.n.c.|documento`);
    expect((await list({ days: 0 })).total).toBe(3);
    const year = await list({ days: 365 });
    expect(keys(year)).toContain(`${P} Futuro S.r.l.|prima_verifica`);
    expect(year.data.find((r) => r.customer_id === ids.future)).toMatchObject({
      due_on: addDays(T, 100),
      late: false,
      days_late: 0,
    });
    expect(year.total).toBe(5);
    expect((await a.get('collab', '/api/aml/checks', { days: 367 })).statusCode).toBe(400);
  });

  it('ceased and trashed customers are not listed', async () => {
    const all = await list({ days: 365 });
    const listed = new Set(all.data.map((r) => r.customer_id));
    expect(listed.has(ids.ceased)).toBe(false);
    expect(listed.has(ids.trashed)).toBe(false);
    expect((await list({ q: `${P} Cess` })).total).toBe(0);
  });

  it('each filter narrows: reason, collaborator, level, late, name (% and _ taken literally)', async () => {
    expect(keys(await list({ reason: 'controllo' }))).toEqual([`${P} Controllo scaduto S.p.A.|controllo`]);
    expect(keys(await list({ reason: 'documento' }))).toEqual([`${P} Documento in scadenza S.n.c.|documento`]);
    expect(keys(await list({ collaborator_id: collaboratorId }))).toEqual([`${P} Mai valutato S.r.l.|prima_verifica`]);
    expect(keys(await list({ level: 'ordinaria' }))).toEqual([`${P} Nuova prestazione S.r.l.|nuova_prestazione`]);
    const late = await list({ late: '1' });
    expect(late.total).toBe(3);
    expect(late.late).toBe(3);
    expect(late.data.every((r) => r.late)).toBe(true);
    expect(keys(await list({ q: `${P} documento` }))).toEqual([`${P} Documento in scadenza S.n.c.|documento`]);
    expect((await list({ q: `${P}%` })).total).toBe(0);
    expect((await list({ q: `${P}_Mai` })).total).toBe(0);
    expect((await a.get('collab', '/api/aml/checks', { reason: 'boh' })).statusCode).toBe(400);
  });

  it('paging: per_page rows from the page asked, the totals of the whole set; past the end no rows, same totals', async () => {
    const p2 = await list({ per_page: 3, page: 2 });
    expect(keys(p2)).toEqual([`${P} Mai valutato S.r.l.|prima_verifica`]);
    expect(p2.total).toBe(4);
    expect(p2.late).toBe(3);
    const past = await list({ per_page: 3, page: 5 });
    expect(past).toEqual({ data: [], total: 4, late: 3 });
  });

  it('the CSV: every row with the same filters, Italian headers, dd/mm/yyyy, semicolons, UTF-8 BOM', async () => {
    const res = await a.get('collab', '/api/aml/checks.csv', { q: P, per_page: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(String(res.headers['content-disposition'])).toMatch(/Verifiche/);
    expect(res.body.charCodeAt(0)).toBe(0xfeff);
    const lines = res.body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Cliente;Collaboratore;Livello;Motivo;Scadenza;In ritardo;Giorni di ritardo');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toBe(
      `${P} Controllo scaduto S.p.A.;;Rafforzata;Controllo costante;${slash(addDays(T, -45))};Sì;45`,
    );
    expect(lines[3]).toBe(
      `${P} Documento in scadenza S.n.c.;;Semplificata;Documento di identità scaduto o in scadenza;${slash(addDays(T, 20))};No;0`,
    );
    const filtered = await a.get('collab', '/api/aml/checks.csv', { q: P, reason: 'prima_verifica' });
    const rows = filtered.body.slice(1).trimEnd().split('\r\n');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatch(
      new RegExp(`^${P} Mai valutato S\\.r\\.l\\.;[^;]+;;Adeguata verifica mai fatta;${slash(addDays(T, -10))};Sì;10$`),
    );
  });

  it("the home page's counts: what is due within 30 days and how many are late, as the list finds them", async () => {
    const res = await a.get('collab', '/api/aml/checks/summary');
    expect(res.statusCode, res.body).toBe(200);
    const all = await a.get('collab', '/api/aml/checks', { per_page: 1 });
    const l = all.json() as List;
    expect(res.json().data).toEqual({ due: l.total, late: l.late });
    // this file's four rows are among them (the demo customers never assessed are too)
    expect(l.total).toBeGreaterThanOrEqual(4);
    expect(l.late).toBeGreaterThanOrEqual(3);
  });

  it("another studio's customers never appear; its own list has only its own", async () => {
    const demoAll = await a.get('admin', '/api/aml/checks', { days: 366, per_page: 500 });
    expect((demoAll.json() as List).data.some((r) => r.customer_id === ids.other)).toBe(false);
    const csv = await a.get('admin', '/api/aml/checks.csv', { days: 366 });
    expect(csv.body).not.toContain(`${P} Bianchi`);
    const theirs = await list({}, 'bianchi');
    expect(keys(theirs)).toEqual([`${P} Bianchi S.r.l.|prima_verifica`]);
    expect(theirs.data[0]).toMatchObject({ customer_id: ids.other, days_late: 7, late: true });
  });

  it('a service that over 500 assessments leave out is read by service, not customer by customer: the same rule', async () => {
    // Studio Bianchi: 520 customers assessed for bookkeeping only, one of them billed an
    // extraordinary operation after its assessment (and one before)
    const bianchi = await a.studioId('Studio Bianchi');
    const cols = (
      await a.sql<{ c: string }>(
        `SELECT column_name AS c FROM information_schema.columns WHERE table_name = 'customers'
          AND column_name NOT IN ('id', 'cod', 'business_name', 'deleted_at', 'vat_id', 'fiscal_code') ORDER BY ordinal_position`,
      )
    ).map((r) => `"${r.c}"`);
    const made = await a.sql<{ id: number }>(
      `INSERT INTO "customers" (${cols.join(', ')}, "business_name")
      SELECT ${cols.map((c) => `c.${c}`).join(', ')}, 'AMLY Massa ' || lpad(g::text, 3, '0')
      FROM "customers" c CROSS JOIN generate_series(1, 520) g WHERE c."id" = $1 RETURNING "id"`,
      [ids.other],
    );
    const massIds = made.map((r) => Number(r.id));
    await a.sql(
      `INSERT INTO "aml_assessments" ("studio_id", "customer_id", "services", "customer_scores", "flags", "inherent",
        "specific", "effective", "computed_level", "level", "reasons", "next_check", "created_by_name", "created_at")
      SELECT $1::int, c, '["tenuta-contabilita"]'::jsonb, '{}'::jsonb, '{}'::jsonb, 3, 2, 2.3, 'ordinaria', 'ordinaria',
        '[]'::jsonb, $3::date, 'Test', $4::timestamp FROM unnest($2::int[]) c`,
      [bianchi, `{${massIds.join(',')}}`, addDays(T, 700), `${addDays(T, -30)} 08:00:00`],
    );
    const [{ id: service }] = (await a.sql<{ id: number }>(
      `INSERT INTO "studio_services" ("studio_id", "cod", "description", "cost", "aml_service")
      VALUES ($1, 'AMLY-FS', 'Cessione d''azienda', 2000, 'finanza-straordinaria') RETURNING "id"`,
      [bianchi],
    )) as [{ id: number }];
    const billed = massIds[7]!;
    for (const d of [addDays(T, -40), addDays(T, -12), addDays(T, -5)])
      await a.sql(
        `INSERT INTO "transactions" ("studio_id", "customer_id", "type", "amount", "date", "studio_service_id")
        VALUES ($1, $2, 'CHARGE', 2000, $3::timestamp, $4)`,
        [bianchi, billed, `${d} 00:00:00`, service],
      );
    const l = await list({ q: 'AMLY' }, 'bianchi');
    expect(l.data).toEqual([
      expect.objectContaining({
        customer_id: billed,
        reason: 'nuova_prestazione',
        due_on: addDays(T, -12),
        late: true,
        days_late: 12,
      }),
    ]);
    expect(l.total).toBe(1);
    // Studio Demo sees none of them
    expect((await list({ q: 'AMLY', days: 366 })).total).toBe(0);
  });

  it('the Utente is refused (403) on the list, the CSV and the counts', async () => {
    const utente = await a.utente('utente.amlchecks@studiodemo.test');
    for (const url of ['/api/aml/checks', '/api/aml/checks.csv', '/api/aml/checks/summary']) {
      const res = await a.t.app.inject({ method: 'GET', url, headers: utente });
      expect(res.statusCode, url).toBe(403);
    }
    expect((await a.get(null, '/api/aml/checks')).statusCode).toBe(401);
  });
});
