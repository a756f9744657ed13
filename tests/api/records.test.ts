/**
 * Records (C09–C11, C13, C17, C19): create, read, update, validation, optimistic lock,
 * trash and restore, unique codes, relations across studios, delete forever, audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, customerBody, romeToday, validVat, type Api } from '../helpers/api.js';

let t: TestApp;
let a: Api;
let demoId: number;
let bianchiId: number;
let repId: number;
let bianchiRepId: number;
beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
  demoId = await a.studioId('Studio Demo');
  bianchiId = await a.studioId('Studio Bianchi');
  repId = Number((await a.firstRow('legal_representatives', demoId)).id);
  bianchiRepId = Number((await a.firstRow('legal_representatives', bianchiId)).id);
});
afterAll(async () => {
  await t?.close();
});

const VALIDATION = 'Dati non validi: controlla i campi evidenziati';
const STALE = 'Il record è stato modificato da un altro utente: ricarica prima di salvare.';
const TRASHED_DUP = 'Stai cercando di inserire un elemento che è stato già cancellato.';
const REFERENCED = 'Elemento collegato ad altri dati: impossibile eliminarlo definitivamente';

async function newCustomer(extra: Record<string, unknown> = {}, who: 'admin' | 'collab' = 'admin') {
  const res = await a.post(who, '/api/customers', customerBody(repId, extra));
  if (res.statusCode !== 201) throw new Error(`create customer: ${res.statusCode} ${res.body}`);
  return res.json().data as Record<string, any>;
}
const dbCustomer = async (id: number) =>
  (
    await a.sql<Record<string, any>>(
      `SELECT *, to_char("deleted_at", 'YYYY-MM-DD HH24:MI:SS') AS "deleted_s" FROM "customers" WHERE "id" = $1`,
      [id],
    )
  )[0];

describe('C10 create', () => {
  it('C10 customers: create answers 201 with data.id and the stored values', async () => {
    const vat = validVat('0123456789');
    const res = await a.post(
      'admin',
      '/api/customers',
      customerBody(repId, { cod: 'NEW001', vat_id: vat, city: 'Roma' }),
    );
    expect(res.statusCode).toBe(201);
    const d = res.json().data;
    expect(Number.isInteger(d.id)).toBe(true);
    expect(d).toMatchObject({
      cod: 'NEW001',
      business_name: 'Prova Servizi S.r.l.',
      vat_id: vat,
      city: 'Roma',
      yearly_accounting_amount: 1234.5,
      legal_representative_id: repId,
    });
    const row = await dbCustomer(d.id);
    expect(row.business_name).toBe('Prova Servizi S.r.l.');
    expect(Number(row.studio_id)).toBe(demoId);
    expect(Number(row.yearly_accounting_amount)).toBe(1234.5);
  });

  it('C10 customers: defaults on create (sdi_code 0000000, ceased 0, acquisition_date today, cedolino_rate 0)', async () => {
    const d = await newCustomer();
    expect(d.sdi_code).toBe('0000000');
    expect(d.ceased).toBe(0);
    expect(d.acquisition_date).toBe(romeToday());
    expect(d.cedolino_rate).toBe(0);
    expect(d.yearly_number_of_installments).toBe(1);
    expect(d.trashed).toBe(false);
    expect(d.deleted_at).toBeNull();
    // explicit values win over defaults
    const e = await newCustomer({ sdi_code: 'KRRH6B9', acquisition_date: '2020-03-15', ceased: 1 });
    expect(e).toMatchObject({ sdi_code: 'KRRH6B9', acquisition_date: '2020-03-15', ceased: 1 });
  });

  it('C10 customers: the studio comes from the session, never from the body', async () => {
    const d = await newCustomer({ studio_id: bianchiId });
    expect(Number((await dbCustomer(d.id)).studio_id)).toBe(demoId);
  });

  it('C10 customers: missing required fields are 422 {message, errors} with Campo Obbligatorio', async () => {
    const before = Number((await a.sql<{ n: number }>('SELECT count(*)::int AS n FROM "customers"'))[0].n);
    const res = await a.post('admin', '/api/customers', {});
    expect(res.statusCode).toBe(422);
    const b = res.json();
    expect(b.message).toBe(VALIDATION);
    for (const f of ['business_name', 'email', 'yearly_accounting_amount', 'legal_representative_id']) {
      expect(b.errors[f], f).toEqual(['Campo Obbligatorio']);
    }
    // fields with defaults are not reported
    expect(b.errors).not.toHaveProperty('acquisition_date');
    expect(b.errors).not.toHaveProperty('cod');
    expect(Number((await a.sql<{ n: number }>('SELECT count(*)::int AS n FROM "customers"'))[0].n)).toBe(before);
  });

  it('C10 customers: invalid VAT, fiscal code, e-mail, phone and number give the Italian messages', async () => {
    const res = await a.post(
      'admin',
      '/api/customers',
      customerBody(repId, {
        vat_id: '12345678901',
        fiscal_code: 'RSSMRA80A01H501X',
        email: 'non-valida',
        pec: 'pec@',
        telephone: '12ab',
        yearly_accounting_amount: 'mille',
        acquisition_date: '2024-02-30',
      }),
    );
    expect(res.statusCode).toBe(422);
    const e = res.json().errors;
    expect(e.vat_id).toEqual(['Partita Iva Non Valida']);
    expect(e.fiscal_code).toEqual(['Codice Fiscale Non Valido']);
    expect(e.email).toEqual(['Email Non Valida']);
    expect(e.pec).toEqual(['Email Non Valida']);
    expect(e.telephone).toEqual(['Inserisci un Numero di Telefono Corretto']);
    expect(e.yearly_accounting_amount).toEqual(['Inserisci un Numero Decimale']);
    expect(e.acquisition_date).toEqual(['formato corretto DD-MM-YYYY']);
    expect(e).not.toHaveProperty('business_name');
  });

  it('C10 customers: too long values are 422 Numero massimo di caratteri superato', async () => {
    const res = await a.post(
      'admin',
      '/api/customers',
      customerBody(repId, { cod: 'X'.repeat(17), sdi_code: '12345678' }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.cod).toEqual(['Numero massimo di caratteri superato']);
    expect(res.json().errors.sdi_code).toEqual(['Numero massimo di caratteri superato']);
  });

  it('C10 payment_methods: cod longer than 6 is 422, required cod is Campo Obbligatorio; a good one is 201', async () => {
    const long = await a.post('admin', '/api/payment_methods', { cod: 'ABCDEFG', description: 'Troppo lungo' });
    expect(long.statusCode).toBe(422);
    expect(long.json()).toEqual({ message: VALIDATION, errors: { cod: ['Numero massimo di caratteri superato'] } });
    const none = await a.post('admin', '/api/payment_methods', { description: 'Senza codice' });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.cod).toEqual(['Campo Obbligatorio']);
    const ok = await a.post('admin', '/api/payment_methods', { cod: 'ABCDEF', description: 'Sei caratteri' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data).toMatchObject({ cod: 'ABCDEF', description: 'Sei caratteri' });
    expect(Number.isInteger(ok.json().data.id)).toBe(true);
  });

  it('C10 legal_statuses: create and read back; cod is required', async () => {
    const res = await a.post('collab', '/api/legal_statuses', {
      cod: 'STP',
      description: 'Società tra professionisti',
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id;
    const got = await a.get('collab', `/api/legal_statuses/${id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json().data).toMatchObject({ id, cod: 'STP', description: 'Società tra professionisti' });
    const bad = await a.post('collab', '/api/legal_statuses', { description: 'senza codice' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ cod: ['Campo Obbligatorio'] });
  });

  it('C10 legal_representatives: create with valid fiscal code; invalid one and missing name are 422', async () => {
    const ok = await a.post('admin', '/api/legal_representatives', {
      cod: 'LRX1',
      name: 'Mario',
      surname: 'Rossi',
      fiscal_code: 'RSSMRA80A01H501U',
      email: 'mario.rossi@mail.test',
      postal_code: '00184',
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data).toMatchObject({
      cod: 'LRX1',
      name: 'Mario',
      surname: 'Rossi',
      fiscal_code: 'RSSMRA80A01H501U',
      postal_code: '00184',
    });
    const bad = await a.post('admin', '/api/legal_representatives', {
      fiscal_code: 'RSSMRA80A01H501X',
      email: 'a@b',
      postal_code: '12a',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      name: ['Campo Obbligatorio'],
      fiscal_code: ['Codice Fiscale Non Valido'],
      email: ['Email Non Valida'],
      postal_code: ['Inserisci un Numero Intero'],
    });
  });
});

describe('C09 C13 read', () => {
  it('C09 C13 customer/{id} and customers/{id}: the same full record, relation ids included', async () => {
    const c = await newCustomer({ cod: 'READ1', note: 'Nota di prova' });
    for (const path of [`/api/customer/${c.id}`, `/api/customers/${c.id}`]) {
      const res = await a.get('collab', path);
      expect(res.statusCode, path).toBe(200);
      expect(res.json().data).toMatchObject({
        id: c.id,
        cod: 'READ1',
        note: 'Nota di prova',
        legal_representative_id: repId,
        studio_id: demoId,
      });
      expect(res.json().data.updated_at).toBe(c.updated_at);
    }
  });

  it('C09 read: unknown or malformed ids are 404', async () => {
    for (const id of ['999999', 'abc', '0', '-1', '1.5']) {
      const res = await a.get('admin', `/api/customers/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().message).toBe('Elemento non trovato');
    }
  });
});

describe('C11 update', () => {
  it('C11 customers: PUT changes only the fields sent and moves updated_at', async () => {
    const c = await newCustomer({ city: 'Roma', note: 'prima' });
    const res = await a.put('admin', `/api/customers/${c.id}`, { city: 'Milano', updated_at: c.updated_at });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.city).toBe('Milano');
    expect(d.note).toBe('prima');
    expect(d.business_name).toBe(c.business_name);
    expect(d.updated_at).not.toBe(c.updated_at);
    expect((await dbCustomer(c.id)).city).toBe('Milano');
  });

  it('C11 customers: invalid values on update are 422 and nothing is written', async () => {
    const c = await newCustomer();
    const res = await a.put('admin', `/api/customers/${c.id}`, { email: 'rotta', business_name: '', city: 'Torino' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: ['Email Non Valida'], business_name: ['Campo Obbligatorio'] });
    const row = await dbCustomer(c.id);
    expect(row.email).toBe(c.email);
    expect(row.city).toBeNull();
  });

  it('C11 optimistic lock: a stale updated_at is 412 and overwrites nothing', async () => {
    const c = await newCustomer({ city: 'Bari' });
    const first = await a.put('admin', `/api/customers/${c.id}`, { city: 'Lecce', updated_at: c.updated_at });
    expect(first.statusCode).toBe(200);
    const stale = await a.put('collab', `/api/customers/${c.id}`, {
      city: 'Pescara',
      business_name: 'Altro nome',
      updated_at: c.updated_at,
    });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toEqual({ message: STALE });
    const now = (await a.get('admin', `/api/customers/${c.id}`)).json().data;
    expect(now.city).toBe('Lecce');
    expect(now.business_name).toBe(c.business_name);
    expect(now.updated_at).toBe(first.json().data.updated_at);
    // with the fresh value the write goes through
    const fresh = await a.put('collab', `/api/customers/${c.id}`, { city: 'Pescara', updated_at: now.updated_at });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().data.city).toBe('Pescara');
  });

  it('C11 legal_statuses and payment_methods: update, unique cod checked against other rows only', async () => {
    const ls = (await a.post('admin', '/api/legal_statuses', { cod: 'UPD1', description: 'da aggiornare' })).json()
      .data;
    const same = await a.put('admin', `/api/legal_statuses/${ls.id}`, { cod: 'UPD1', description: 'aggiornata' });
    expect(same.statusCode).toBe(200);
    expect(same.json().data.description).toBe('aggiornata');
    const dup = await a.put('admin', `/api/legal_statuses/${ls.id}`, { cod: 'SRL' });
    expect(dup.statusCode).toBe(422);
    expect(Object.keys(dup.json().errors)).toEqual(['cod']);
    const pm = (await a.post('admin', '/api/payment_methods', { cod: 'PM1', description: 'x' })).json().data;
    const long = await a.put('admin', `/api/payment_methods/${pm.id}`, { cod: 'PM1234567' });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.cod).toEqual(['Numero massimo di caratteri superato']);
    expect((await a.get('admin', `/api/payment_methods/${pm.id}`)).json().data.cod).toBe('PM1');
  });

  it('C11 legal_representatives: update', async () => {
    const lr = (await a.post('admin', '/api/legal_representatives', { name: 'Anna', surname: 'Verdi' })).json().data;
    const res = await a.put('admin', `/api/legal_representatives/${lr.id}`, {
      surname: 'Verdini',
      city: 'Trento',
      updated_at: lr.updated_at,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Anna', surname: 'Verdini', city: 'Trento' });
  });
});

describe('C10 C11 unique codes', () => {
  it('C10 unique cod: a duplicate of an active row is 422 errors.cod', async () => {
    const existing = (
      await a.sql<{ cod: string }>(
        `SELECT "cod" FROM "customers" WHERE "studio_id" = $1 AND "deleted_at" IS NULL AND "cod" IS NOT NULL LIMIT 1`,
        [demoId],
      )
    )[0].cod;
    const res = await a.post('admin', '/api/customers', customerBody(repId, { cod: existing }));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(VALIDATION);
    expect(Object.keys(res.json().errors)).toEqual(['cod']);
    expect(res.json().errors.cod).toHaveLength(1);
    const ls = await a.post('admin', '/api/legal_statuses', { cod: 'SRL', description: 'doppione' });
    expect(ls.statusCode).toBe(422);
    expect(Object.keys(ls.json().errors)).toEqual(['cod']);
  });

  it('C10 unique cod: a duplicate of a trashed row is 409 with the seed message', async () => {
    const pm = (await a.post('admin', '/api/payment_methods', { cod: 'TRSH', description: 'da cestinare' })).json()
      .data;
    expect((await a.del('admin', `/api/payment_method/[${pm.id}]`)).json().data).toEqual({ trashed: 1, deleted: 0 });
    const res = await a.post('admin', '/api/payment_methods', { cod: 'TRSH', description: 'di nuovo' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: TRASHED_DUP });
    expect(await a.sql(`SELECT 1 FROM "payment_methods" WHERE "cod" = 'TRSH'`)).toHaveLength(1);
    const c = await newCustomer({ cod: 'CTRASH' });
    await a.del('admin', `/api/customer/[${c.id}]`);
    const again = await a.post('admin', '/api/customers', customerBody(repId, { cod: 'CTRASH' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(TRASHED_DUP);
  });

  it('C10 unique cod: codes are unique per studio, another studio may reuse them', async () => {
    const demoCod = (
      await a.sql<{ cod: string }>(`SELECT "cod" FROM "legal_statuses" WHERE "studio_id" = $1 LIMIT 1`, [demoId])
    )[0].cod;
    const mine = await a.post('bianchi', '/api/legal_statuses', { cod: 'SOLO_DEMO' });
    expect(mine.statusCode).toBe(201);
    const other = await a.post('admin', '/api/legal_statuses', { cod: 'SOLO_DEMO' });
    expect(other.statusCode).toBe(201);
    // Bianchi's own demo codes exist too (seeded per studio), so the same code lives twice
    expect(await a.sql(`SELECT 1 FROM "legal_statuses" WHERE "cod" = $1`, [demoCod])).toHaveLength(2);
  });
});

describe('C10 C11 relations', () => {
  it('C10 relations: a related row of another studio is 422 and nothing is created', async () => {
    const bianchiStatus = Number(
      (await a.sql<{ id: number }>('SELECT "id" FROM "legal_statuses" WHERE "studio_id" = $1 LIMIT 1', [bianchiId]))[0]
        .id,
    );
    const res = await a.post(
      'admin',
      '/api/customers',
      customerBody(bianchiRepId, { cod: 'XSTUDIO', legal_status_id: bianchiStatus }),
    );
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['legal_representative_id', 'legal_status_id']);
    expect(await a.sql(`SELECT 1 FROM "customers" WHERE "cod" = 'XSTUDIO'`)).toHaveLength(0);
  });

  it('C11 relations: updating to a related row of another studio, or to a missing one, is 422', async () => {
    const c = await newCustomer();
    const res = await a.put('admin', `/api/customers/${c.id}`, { legal_representative_id: bianchiRepId });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('legal_representative_id');
    const missing = await a.put('admin', `/api/customers/${c.id}`, { legal_status_id: 99999999 });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toHaveProperty('legal_status_id');
    expect(Number((await dbCustomer(c.id)).legal_representative_id)).toBe(repId);
  });

  it('C10 relations: a trashed related row cannot be chosen', async () => {
    const lr = (await a.post('admin', '/api/legal_representatives', { name: 'Cestinato' })).json().data;
    await a.del('admin', `/api/legal_representative/[${lr.id}]`);
    const res = await a.post('admin', '/api/customers', customerBody(lr.id));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('legal_representative_id');
  });
});

describe('C11 C17 C19 trash, restore, delete', () => {
  it('C19 C11 trash then restore with {restore: true, deleted_at: null}', async () => {
    const c = await newCustomer({ cod: 'RESTORE1' });
    const del = await a.del('admin', `/api/customer/${c.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ data: { trashed: 1, deleted: 0 } });
    const trashed = await a.get('admin', `/api/customers/${c.id}`);
    expect(trashed.statusCode).toBe(200);
    expect(trashed.json().data.trashed).toBe(true);
    expect(trashed.json().data.deleted_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await dbCustomer(c.id)).deleted_s).not.toBeNull();
    const res = await a.put('admin', `/api/customers/${c.id}`, { restore: true, deleted_at: null });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.trashed).toBe(false);
    expect(res.json().data.deleted_at).toBeNull();
    expect((await dbCustomer(c.id)).deleted_s).toBeNull();
  });

  it('C17 force_delete=auto trashes active rows and deletes trashed ones in one call', async () => {
    const active = await newCustomer();
    const old = await newCustomer();
    expect((await a.del('admin', `/api/customer/[${old.id}]`, { force_delete: 'auto' })).json().data).toEqual({
      trashed: 1,
      deleted: 0,
    });
    // the trashed one as the list showed it (its version): deleted forever
    const res = await a.del('admin', `/api/customer/${encodeURIComponent(JSON.stringify([active.id, old.id]))}`, {
      force_delete: 'auto',
      versions: await a.versions('admin', 'customers', [old.id]),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { trashed: 1, deleted: 1 } });
    expect((await dbCustomer(active.id)).deleted_s).not.toBeNull();
    expect(await dbCustomer(old.id)).toBeUndefined();
    expect((await a.get('admin', `/api/customers/${old.id}`)).statusCode).toBe(404);
  });

  it('C17 delete forever a legal status still used by a customer is 409 and changes nothing', async () => {
    const ls = (await a.post('admin', '/api/legal_statuses', { cod: 'USED', description: 'in uso' })).json().data;
    const c = await newCustomer({ legal_status_id: ls.id });
    const spare = (await a.post('admin', '/api/legal_statuses', { cod: 'SPARE', description: 'libera' })).json().data;
    expect((await a.del('admin', `/api/legal_status/[${ls.id}]`)).json().data).toEqual({ trashed: 1, deleted: 0 });
    const res = await a.del('admin', `/api/legal_status/[${ls.id},${spare.id}]`, {
      force_delete: 'auto',
      versions: await a.versions('admin', 'legal_statuses', [ls.id]),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: REFERENCED });
    const rows = await a.sql<{ id: number; trashed: boolean }>(
      'SELECT "id", ("deleted_at" IS NOT NULL) AS "trashed" FROM "legal_statuses" WHERE "id" IN ($1, $2) ORDER BY "id"',
      [ls.id, spare.id],
    );
    // the referenced one is still there (trashed) and the other one was not trashed either: one transaction
    expect(rows.map((r) => [Number(r.id), r.trashed])).toEqual([
      [ls.id, true],
      [spare.id, false],
    ]);
    expect(Number((await dbCustomer(c.id)).legal_status_id)).toBe(ls.id);
    const audit = await a.sql(
      `SELECT 1 FROM "audit_log" WHERE "model" = 'LegalStatus' AND "record_id" = $1 AND "action" IN ('delete')`,
      [ls.id],
    );
    expect(audit).toHaveLength(0);
  });

  it('C17 a Collaboratore may trash but not delete forever (403, nothing changed)', async () => {
    const c = await newCustomer({}, 'collab');
    const trash = await a.del('collab', `/api/customer/[${c.id}]`, { force_delete: 'auto' });
    expect(trash.statusCode).toBe(200);
    expect(trash.json().data).toEqual({ trashed: 1, deleted: 0 });
    const other = await newCustomer({}, 'collab');
    const res = await a.del('collab', `/api/customer/[${c.id},${other.id}]`, {
      force_delete: 'auto',
      versions: await a.versions('admin', 'customers', [c.id]),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Operazione non consentita (403)');
    expect((await dbCustomer(c.id)).deleted_s).not.toBeNull();
    expect((await dbCustomer(other.id)).deleted_s).toBeNull();
    // the Admin may
    expect(
      (
        await a.del('admin', `/api/customer/[${c.id}]`, { versions: await a.versions('admin', 'customers', [c.id]) })
      ).json().data,
    ).toEqual({ trashed: 0, deleted: 1 });
  });

  it('C17 a list with an unknown id is 404 and changes nothing; a malformed list is 400', async () => {
    const c = await newCustomer();
    const res = await a.del('admin', `/api/customer/[${c.id},99999999]`);
    expect(res.statusCode).toBe(404);
    expect((await dbCustomer(c.id)).deleted_s).toBeNull();
    const bad = await a.del('admin', '/api/customer/[1,"x"]');
    expect(bad.statusCode).toBe(400);
    expect(typeof bad.json().message).toBe('string');
  });

  it('C19 DELETE on legal_representative and payment_method snake paths', async () => {
    const lr = (await a.post('admin', '/api/legal_representatives', { name: 'Da eliminare' })).json().data;
    expect((await a.del('admin', `/api/legal_representative/${lr.id}`)).json().data).toEqual({
      trashed: 1,
      deleted: 0,
    });
    expect(
      (
        await a.del('admin', `/api/legal_representative/${lr.id}`, {
          versions: await a.versions('admin', 'legal_representatives', [lr.id]),
        })
      ).json().data,
    ).toEqual({ trashed: 0, deleted: 1 });
    expect(await a.sql('SELECT 1 FROM "legal_representatives" WHERE "id" = $1', [lr.id])).toHaveLength(0);
  });
});

describe('audit log', () => {
  it('C10 C11 C17 audit_log/Customer/{id}: create, update, trash and restore with user and changes', async () => {
    const c = await newCustomer({ city: 'Parma' });
    await a.put('collab', `/api/customers/${c.id}`, { city: 'Modena', note: 'spostato' });
    await a.del('admin', `/api/customer/[${c.id}]`);
    await a.put('admin', `/api/customers/${c.id}`, { restore: true, deleted_at: null });
    const res = await a.get('admin', `/api/audit_log/Customer/${c.id}`);
    expect(res.statusCode).toBe(200);
    const log = res.json().data as Array<{
      action: string;
      user_name: string;
      user_id: number;
      at: string;
      changes: Record<string, [unknown, unknown]> | null;
    }>;
    // newest first
    expect(log.map((l) => l.action)).toEqual(['restore', 'trash', 'update', 'create']);
    const [restore, trash, update, create] = log;
    expect(create.user_name).toBe('Marco');
    expect(create.changes!.city).toEqual([null, 'Parma']);
    expect(create.changes!.business_name).toEqual([null, 'Prova Servizi S.r.l.']);
    expect(update.user_name).toBe('Laura');
    expect(update.changes).toEqual({ city: ['Parma', 'Modena'], note: [null, 'spostato'] });
    expect(trash.user_name).toBe('Marco');
    expect(restore.user_name).toBe('Marco');
    for (const l of log) expect(l.at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const users = await a.sql<{ id: number; email: string }>('SELECT "id", "email" FROM "users"');
    expect(users.find((u) => Number(u.id) === Number(update.user_id))?.email).toBe('collaboratore@studiodemo.test');
  });

  it('C11 audit_log: an update that changes nothing writes no update entry; a rejected one none either', async () => {
    const c = await newCustomer({ city: 'Verona' });
    await a.put('admin', `/api/customers/${c.id}`, { city: 'Verona' });
    await a.put('admin', `/api/customers/${c.id}`, { city: 'Padova', updated_at: '2000-01-01 00:00:00.000000' });
    const log = (await a.get('admin', `/api/audit_log/Customer/${c.id}`)).json().data as Array<{ action: string }>;
    expect(log.map((l) => l.action)).toEqual(['create']);
  });

  it("C09 audit_log: another studio's record is 404, an unknown model 404", async () => {
    const c = await newCustomer();
    expect((await a.get('bianchi', `/api/audit_log/Customer/${c.id}`)).statusCode).toBe(404);
    expect((await a.get('admin', `/api/audit_log/Nope/${c.id}`)).statusCode).toBe(404);
  });
});
