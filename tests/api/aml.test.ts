/**
 * The customer's anti-money-laundering file through the HTTP interface (issue 48, first step): a
 * risk assessment computed as Regola Tecnica 2 says (figures worked by hand), kept as made — a new
 * one never replaces the earlier, the database refuses to change or delete one — a lower level only
 * by the Admin with a reason and never below the law's minimum, bad scores refused in Italian,
 * another studio's customer not found, the Utente refused; a customer with a file is neither trashed
 * nor deleted (Regola Tecnica 3).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, romeToday, type Api } from '../helpers/api.js';
import { A, B } from '../helpers/amlScores.js';

let t: TestApp;
let a: Api;
const today = romeToday();
const plusMonths = (d: string, n: number) => {
  const [y, m, day] = d.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + n;
  const last = new Date(Date.UTC(Math.floor(total / 12), (total % 12) + 1, 0)).getUTCDate();
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}-${String(Math.min(day, last)).padStart(2, '0')}`;
};

beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
});
afterAll(async () => {
  await t?.close();
});

describe('issue 48 the AML file: risk assessments', () => {
  let family: number;

  it('bookkeeping only: Tabella A alone, 3 × 30 % + 1,25 × 70 % = 1,78, semplificata, next check in 36 months; the reasons say each step', async () => {
    family = await a.newCustomer('Famiglia Rossi AML s.n.c.');
    const r = await a.post('collab', `/api/customer/${family}/aml/assessments`, {
      services: ['tenuta-contabilita'],
      customer: A(1, 2, 1, 1),
      purpose: 'Tenuta della contabilità semplificata e adempimenti fiscali',
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().data).toMatchObject({
      inherent: 3,
      specific: 1.25,
      effective: 1.78,
      computed_level: 'semplificata',
      level: 'semplificata',
      operation_scores: null,
      next_check: plusMonths(today, 36),
      created_by_name: expect.any(String),
    });
    const reasons = r.json().data.reasons.join(' | ');
    expect(reasons).toContain('Rischio inerente 3');
    expect(reasons).toContain('Rischio effettivo 1,78');
  });

  it('an extraordinary operation with Tabella B: a new assessment, the earlier kept; the file answers the current one and the history', async () => {
    const r = await a.post('collab', `/api/customer/${family}/aml/assessments`, {
      services: ['tenuta-contabilita', 'finanza-straordinaria'],
      customer: A(2, 2, 2, 2),
      operation: B(3),
    });
    expect(r.statusCode, r.body).toBe(201);
    // inherent 4 (finanza straordinaria); specific (8 + 18) / 10 = 2,60; effective 1,20 + 1,82 = 3,02
    expect(r.json().data).toMatchObject({ inherent: 4, specific: 2.6, effective: 3.02, level: 'ordinaria' });
    const file = (await a.get('collab', `/api/customer/${family}/aml`)).json().data;
    expect(file.current.id).toBe(r.json().data.id);
    expect(file.history.map((h: { effective: number }) => h.effective)).toEqual([3.02, 1.78]);
    expect(file.overdue).toBe(false);
  });

  it('a PEP is rafforzata whatever the scores; a lower level only by the Admin with a reason, never below the law', async () => {
    const pep = await a.newCustomer('Onorevole Bianchi AML');
    const low = { services: ['tenuta-contabilita'], customer: A(1, 1, 1, 1) };
    const r = await a.post('collab', `/api/customer/${pep}/aml/assessments`, { ...low, flags: { pep: true } });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().data).toMatchObject({ level: 'rafforzata', pep: true, next_check: plusMonths(today, 12) });
    const below = await a.post('admin', `/api/customer/${pep}/aml/assessments`, {
      ...low,
      flags: { pep: true },
      level: 'ordinaria',
      level_reason: 'Conosciuto da anni',
    });
    expect(below.statusCode).toBe(422);
    expect(below.json().errors.level[0]).toMatch(/obbligatoria per legge/);

    const other = await a.newCustomer('Verdi Straordinaria AML S.p.A.');
    const body = {
      services: ['finanza-straordinaria'],
      customer: A(2, 2, 2, 2),
      operation: B(3),
      level: 'semplificata',
    };
    const noReason = await a.post('admin', `/api/customer/${other}/aml/assessments`, body);
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.level_reason[0]).toMatch(/scrivere il motivo/);
    const collab = await a.post('collab', `/api/customer/${other}/aml/assessments`, {
      ...body,
      level_reason: 'Perché sì',
    });
    expect(collab.statusCode).toBe(422);
    expect(collab.json().errors.level[0]).toMatch(/Solo l'Admin/);
    const admin = await a.post('admin', `/api/customer/${other}/aml/assessments`, {
      ...body,
      level_reason: 'Operazione già verificata dal notaio',
    });
    expect(admin.statusCode, admin.body).toBe(201);
    expect(admin.json().data).toMatchObject({
      computed_level: 'ordinaria',
      level: 'semplificata',
      level_reason: 'Operazione già verificata dal notaio',
    });
    expect(admin.json().data.reasons.at(-1)).toMatch(/motivo registrato/);
  });

  it('bad input: scores out of 1–4, missing factors, unknown services, in Italian; nothing recorded', async () => {
    const c = await a.newCustomer('Errori AML');
    const bad = await a.post('collab', `/api/customer/${c}/aml/assessments`, {
      services: ['boh'],
      customer: { naturaGiuridica: 2 },
    });
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json())).toMatch(/Prestazione sconosciuta/);
    const five = await a.post('collab', `/api/customer/${c}/aml/assessments`, {
      services: ['tenuta-contabilita'],
      customer: A(5, 1, 1, 1),
    });
    expect(five.statusCode).toBe(400);
    const missing = await a.post('collab', `/api/customer/${c}/aml/assessments`, {
      services: ['finanza-straordinaria'],
      customer: A(1, 1, 1, 1),
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.operation.join(' ')).toMatch(/Tabella B/);
    expect((await a.get('collab', `/api/customer/${c}/aml`)).json().data.history).toEqual([]);
  });

  it('kept as made (Regola Tecnica 3): the database refuses to change or delete an assessment; a customer with a file is neither trashed nor deleted', async () => {
    await expect(a.sql(`UPDATE "aml_assessments" SET "level" = 'semplificata'`)).rejects.toThrow(/aml_append_only/);
    await expect(a.sql(`DELETE FROM "aml_assessments"`)).rejects.toThrow(/aml_append_only/);
    const trash = await a.del('admin', `/api/customers/${family}`);
    expect(trash.statusCode).toBe(409);
    expect(trash.json().message).toMatch(/va conservato per dieci anni dalla fine del rapporto/);
    expect((await a.get('collab', `/api/customer/${family}/aml`)).json().data.history).toHaveLength(2);
    // a customer without a file still goes to the trash
    const plain = await a.newCustomer('Senza fascicolo AML');
    expect((await a.del('admin', `/api/customers/${plain}`)).statusCode).toBe(200);
  });

  it("tenancy and roles: another studio's customer is not found, the Utente is refused", async () => {
    expect((await a.get('bianchi', `/api/customer/${family}/aml`)).statusCode).toBe(404);
    const post = await a.post('bianchi', `/api/customer/${family}/aml/assessments`, {
      services: ['tenuta-contabilita'],
      customer: A(1, 1, 1, 1),
    });
    expect(post.statusCode).toBe(404);
    const utente = await a.utente('utente.aml@studiodemo.test');
    const res = await a.t.app.inject({ method: 'GET', url: `/api/customer/${family}/aml`, headers: utente });
    expect(res.statusCode).toBe(403);
  });
});
