/**
 * The studio's anti-money-laundering self-assessment (CNDCEC Regola Tecnica 1) and the staff's
 * training log through the HTTP interface (issue 48 item 5): the residual risk computed as the rule
 * says (figures worked by hand), due again three years after the date assessed, overdue when none
 * or past; every self-assessment kept (the database refuses to change or delete one); bad input
 * refused in Italian under its field; the Admin's only (the Collaboratore and the Utente refused,
 * another studio sees its own file); trainings of the studio's users or of a named person, newest
 * first. The self-assessments are made in Studio Bianchi (the demo data give Studio Demo one of its
 * own and a few trainings), the trainings in Studio Demo (its Collaboratore is a user to name).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, romeToday, USERS, type Api } from '../helpers/api.js';

let t: TestApp;
let a: Api;
const today = romeToday();
const plusYears = (d: string, n: number) => `${Number(d.slice(0, 4)) + n}${d.slice(4)}`;
/** A day after today (a week on). */
const future = (() => {
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 7);
  return d.toISOString().slice(0, 10);
})();

const I = (tc: number, ag: number, cd: number, so: number) => ({
  tipologiaClientela: tc,
  areaGeografica: ag,
  canaliDistributivi: cd,
  serviziOfferti: so,
});
const V = (f: number, av: number, c: number, s: number) => ({
  formazione: f,
  adeguataVerifica: av,
  conservazione: c,
  segnalazioni: s,
});

const userId = async (email: string) =>
  Number((await a.sql<{ id: number }>('SELECT "id" FROM "users" WHERE "email" = $1', [email]))[0]!.id);

beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
});
afterAll(async () => {
  await t?.close();
});

describe('issue 48 the AML self-assessment of the studio (Regola Tecnica 1)', () => {
  it('none yet: no assessment in force, no due date, overdue', async () => {
    const r = await a.get('bianchi', '/api/aml/self_assessments');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toEqual({ current: null, history: [], next_due: null, overdue: true, trainings: [] });
  });

  it('an old one (29-02-2020): 1,00 and 1,50 → residual 0,40 + 0,90 = 1,30, non significativo; due 28-02-2023, so overdue', async () => {
    const r = await a.post('bianchi', '/api/aml/self_assessments', {
      inherent: I(1, 1, 1, 1),
      vulnerability: V(1, 2, 1, 2),
      assessed_on: '2020-02-29',
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().data).toMatchObject({
      inherent: 1,
      vulnerability: 1.5,
      residual: 1.3,
      band: 'non-significativo',
      band_label: 'Non significativo',
      mitigation: null,
      assessed_on: '2020-02-29',
      // three years on, the day clamped to the end of February
      next_due: '2023-02-28',
      created_by_name: expect.any(String),
    });
    const file = (await a.get('bianchi', '/api/aml/self_assessments')).json().data;
    expect(file.current.id).toBe(r.json().data.id);
    expect(file).toMatchObject({ next_due: '2023-02-28', overdue: true });
  });

  it('today: inherent 2,2,3,1 → 2,00, vulnerability 2,3,2,2 → 2,25, residual 0,80 + 1,35 = 2,15 (poco significativo), due in three years; the earlier kept', async () => {
    const r = await a.post('bianchi', '/api/aml/self_assessments', {
      // a factor the rules do not have is left out
      inherent: { ...I(2, 2, 3, 1), boh: 3 },
      vulnerability: V(2, 3, 2, 2),
      mitigation: '  Formazione annuale del personale; procedure scritte di adeguata verifica  ',
    });
    expect(r.statusCode, r.body).toBe(201);
    const made = r.json().data;
    expect(made.inherent_scores).toEqual(I(2, 2, 3, 1));
    expect(made).toMatchObject({
      inherent: 2,
      vulnerability: 2.25,
      residual: 2.15,
      band: 'poco-significativo',
      band_label: 'Poco significativo',
      inherent_scores: I(2, 2, 3, 1),
      vulnerability_scores: V(2, 3, 2, 2),
      mitigation: 'Formazione annuale del personale; procedure scritte di adeguata verifica',
      assessed_on: today,
      next_due: plusYears(today, 3),
    });
    const file = (await a.get('bianchi', '/api/aml/self_assessments')).json().data;
    expect(file.current.id).toBe(made.id);
    expect(file.next_due).toBe(plusYears(today, 3));
    expect(file.overdue).toBe(false);
    expect(file.history.map((h: { residual: number }) => h.residual)).toEqual([2.15, 1.3]);
  });

  it('an edge of the bands: all 3 and all 2 → 1,20 + 1,20 = 2,40 poco; all 3 and 3,3,3,2 → 1,20 + 1,65 = 2,85 abbastanza', async () => {
    const poco = await a.post('bianchi', '/api/aml/self_assessments', {
      inherent: I(3, 3, 3, 3),
      vulnerability: V(2, 2, 2, 2),
      assessed_on: '2019-01-10',
    });
    expect(poco.json().data).toMatchObject({ residual: 2.4, band: 'poco-significativo' });
    const abbastanza = await a.post('bianchi', '/api/aml/self_assessments', {
      inherent: I(3, 3, 3, 3),
      vulnerability: V(3, 3, 3, 2),
      assessed_on: '2019-01-11',
    });
    expect(abbastanza.json().data).toMatchObject({
      vulnerability: 2.75,
      residual: 2.85,
      band: 'abbastanza-significativo',
      band_label: 'Abbastanza significativo',
    });
    // older dates go below in the history: the one in force is still today's
    const file = (await a.get('bianchi', '/api/aml/self_assessments')).json().data;
    expect(file.history.map((h: { assessed_on: string }) => h.assessed_on)).toEqual([
      today,
      '2020-02-29',
      '2019-01-11',
      '2019-01-10',
    ]);
    expect(file.current.residual).toBe(2.15);
  });

  it('bad input: a missing factor, a score of 5, a date in the future, in Italian under each field; nothing recorded', async () => {
    const before = (await a.get('bianchi', '/api/aml/self_assessments')).json().data.history.length;
    const missing = await a.post('bianchi', '/api/aml/self_assessments', {
      inherent: { tipologiaClientela: 2, areaGeografica: 2, canaliDistributivi: 2 },
      vulnerability: V(2, 2, 2, 2),
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.inherent).toEqual(['Rischio inerente: manca il punteggio di «Servizi offerti».']);
    expect(missing.json().errors.vulnerability).toBeUndefined();

    const five = await a.post('bianchi', '/api/aml/self_assessments', {
      inherent: I(2, 2, 2, 2),
      vulnerability: V(5, 2, 2, 2),
    });
    expect(five.statusCode).toBe(422);
    expect(five.json().errors.vulnerability[0]).toBe(
      'Vulnerabilità: il punteggio di «Formazione» deve essere un intero da 1 a 4 (ricevuto 5).',
    );

    const later = await a.post('bianchi', '/api/aml/self_assessments', {
      inherent: I(2, 2, 2, 2),
      vulnerability: V(2, 2, 2, 2),
      assessed_on: future,
    });
    expect(later.statusCode).toBe(422);
    expect(later.json().errors).toEqual({ assessed_on: ['La data della valutazione non può essere futura'] });

    const notADay = await a.post('bianchi', '/api/aml/self_assessments', {
      inherent: I(2, 2, 2, 2),
      vulnerability: V(2, 2, 2, 2),
      assessed_on: '2025-02-30',
    });
    expect(notADay.statusCode).toBe(422);
    expect(notADay.json().errors.assessed_on).toEqual(['Data non valida (GG-MM-AAAA)']);

    // every problem at once
    const all = await a.post('bianchi', '/api/aml/self_assessments', {
      inherent: {},
      vulnerability: V(1.5, 2, 2, 2),
      assessed_on: future,
    });
    expect(all.statusCode).toBe(422);
    expect(Object.keys(all.json().errors).sort()).toEqual(['assessed_on', 'inherent', 'vulnerability']);
    expect(all.json().errors.inherent).toHaveLength(4);

    expect((await a.get('bianchi', '/api/aml/self_assessments')).json().data.history).toHaveLength(before);
  });

  it('kept as made: the database refuses to change or delete a self-assessment', async () => {
    await expect(a.sql(`UPDATE "aml_self_assessments" SET "residual" = 1`)).rejects.toThrow(/aml_append_only/);
    await expect(a.sql(`DELETE FROM "aml_self_assessments"`)).rejects.toThrow(/aml_append_only/);
    expect((await a.get('bianchi', '/api/aml/self_assessments')).json().data.current.residual).toBe(2.15);
  });

  it("the Admin's only: the Collaboratore and the Utente are refused; another studio does not see them", async () => {
    const body = { inherent: I(1, 1, 1, 1), vulnerability: V(1, 1, 1, 1) };
    expect((await a.get('collab', '/api/aml/self_assessments')).statusCode).toBe(403);
    expect((await a.post('collab', '/api/aml/self_assessments', body)).statusCode).toBe(403);
    const utente = await a.utente('utente.amlself@studiodemo.test');
    for (const [method, url, payload] of [
      ['GET', '/api/aml/self_assessments', undefined],
      ['POST', '/api/aml/self_assessments', body],
      ['POST', '/api/aml/trainings', { person_name: 'X', held_on: today, topic: 'Y', hours: 1 }],
    ] as const) {
      const res = await a.t.app.inject({ method, url, headers: utente, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    // Studio Demo's Admin reads Studio Demo's file: none of Studio Bianchi's self-assessments
    const theirs = (await a.get('bianchi', '/api/aml/self_assessments')).json().data;
    expect(theirs.history).toHaveLength(4);
    const ours = await a.get('admin', '/api/aml/self_assessments');
    expect(ours.statusCode).toBe(200);
    const ids = new Set(theirs.history.map((h: { id: number }) => h.id));
    expect(ours.json().data.history.filter((h: { id: number }) => ids.has(h.id))).toEqual([]);
  });
});

describe("issue 48 the staff's AML training log", () => {
  it("a user of the studio (the name is the user's) and a named person; the list newest first", async () => {
    const collab = await userId(USERS.collab);
    const [{ name }] = await a.sql<{ name: string }>(
      `SELECT concat_ws(' ', NULLIF(btrim("name"), ''), NULLIF(btrim("cognome"), '')) AS "name" FROM "users" WHERE "id" = $1`,
      [collab],
    );
    const r = await a.post('admin', '/api/aml/trainings', {
      user_id: collab,
      person_name: 'ignorato',
      held_on: '2026-03-10',
      topic: 'Adeguata verifica: le Regole Tecniche 2025',
      provider: 'Ordine dei Commercialisti',
      hours: 4,
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().data).toMatchObject({
      user_id: collab,
      person_name: name,
      held_on: '2026-03-10',
      topic: 'Adeguata verifica: le Regole Tecniche 2025',
      provider: 'Ordine dei Commercialisti',
      hours: 4,
      created_by_name: expect.any(String),
    });
    const named = await a.post('admin', '/api/aml/trainings', {
      person_name: '  Giulia Verdi (praticante)  ',
      held_on: '2026-05-20',
      topic: 'Segnalazione di operazioni sospette',
      hours: 2.5,
    });
    expect(named.statusCode, named.body).toBe(201);
    expect(named.json().data).toMatchObject({
      user_id: null,
      person_name: 'Giulia Verdi (praticante)',
      provider: null,
      hours: 2.5,
    });
    const older = await a.post('admin', '/api/aml/trainings', {
      user_id: collab,
      held_on: '2025-11-02',
      topic: 'Conservazione dei documenti',
      hours: 1.25,
    });
    expect(older.statusCode, older.body).toBe(201);
    // with the demo's own trainings: the whole log newest first, ours in their places
    const list: Array<{ id: number; held_on: string; hours: number }> = (
      await a.get('admin', '/api/aml/self_assessments')
    ).json().data.trainings;
    const days = list.map((x) => x.held_on);
    expect(days).toEqual([...days].sort().reverse());
    const made = [r, named, older].map((x) => x.json().data.id as number);
    const ours = list.filter((x) => made.includes(x.id));
    expect(ours.map((x) => x.held_on)).toEqual(['2026-05-20', '2026-03-10', '2025-11-02']);
    expect(ours.map((x) => x.hours)).toEqual([2.5, 4, 1.25]);
  });

  it("bad input in Italian: another studio's user, no one named, no topic, hours 0 or over 200, a future day", async () => {
    const before = (await a.get('admin', '/api/aml/self_assessments')).json().data.trainings.length;
    const theirs = await userId(USERS.bianchi);
    const other = await a.post('admin', '/api/aml/trainings', {
      user_id: theirs,
      held_on: today,
      topic: 'Antiriciclaggio',
      hours: 2,
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors).toEqual({ user_id: ['Utente non trovato nello studio'] });

    const nobody = await a.post('admin', '/api/aml/trainings', {
      person_name: '   ',
      held_on: future,
      topic: ' ',
      hours: 0,
    });
    expect(nobody.statusCode).toBe(422);
    expect(nobody.json().errors).toEqual({
      person_name: ['Indica chi ha seguito la formazione'],
      held_on: ['La data della formazione non può essere futura'],
      topic: ['Indica l’argomento'],
      hours: ['Indica le ore'],
    });
    const long = await a.post('admin', '/api/aml/trainings', {
      person_name: 'Mario',
      held_on: today,
      topic: 'Corso',
      hours: 201,
    });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({ hours: ['Al massimo 200 ore'] });

    // the Collaboratore neither writes nor reads the log; another studio's log is its own
    expect(
      (await a.post('collab', '/api/aml/trainings', { person_name: 'X', held_on: today, topic: 'Y', hours: 1 }))
        .statusCode,
    ).toBe(403);
    expect((await a.get('bianchi', '/api/aml/self_assessments')).json().data.trainings).toEqual([]);
    expect((await a.get('admin', '/api/aml/self_assessments')).json().data.trainings).toHaveLength(before);
  });

  it('kept as made: the database refuses to change or delete a training', async () => {
    await expect(a.sql(`UPDATE "aml_trainings" SET "hours" = 1`)).rejects.toThrow(/aml_append_only/);
    await expect(a.sql(`DELETE FROM "aml_trainings"`)).rejects.toThrow(/aml_append_only/);
  });
});
