/**
 * Master data (C09–C11, C14, C17, C19, C23, C43, C50): legal representatives, customers,
 * studio services, legal statuses, payment methods, bank accounts and tasks — create, read,
 * update, required fields, codes of trashed rows, delete forever, CSV and PDF; the
 * collaborators select list; the money limit of seed A (8 significant digits).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, customerBody, romeToday, type Api } from '../helpers/api.js';
import { MONEY_MESSAGE } from '../../model/validate.js';
import { isValidIban } from '../../model/validators.js';

let t: TestApp;
let a: Api;
let demoId: number;
let bianchiId: number;
let repId: number;
let bankId: number;
let bankName: string;
beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
  demoId = await a.studioId('Studio Demo');
  bianchiId = await a.studioId('Studio Bianchi');
  repId = Number((await a.firstRow('legal_representatives', demoId)).id);
  const bank = await a.firstRow<{ id: number; name: string }>('bank_accounts', demoId, '"id", "name"');
  bankId = Number(bank.id);
  bankName = bank.name;
});
afterAll(async () => {
  await t?.close();
});

const VALIDATION = 'Dati non validi: controlla i campi evidenziati';
const REQUIRED = 'Campo Obbligatorio';
const TOO_LONG = 'Numero massimo di caratteri superato';
const TRASHED_DUP = 'Stai cercando di inserire un elemento che è stato già cancellato.';
const REFERENCED = 'Elemento collegato ad altri dati: impossibile eliminarlo definitivamente';
const VALID_IBAN = 'IT60X0542811101000000123456';

const parseCsv = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((l) => l.split(';'));

interface Spec {
  model: string;
  resource: string;
  snake: string;
  /** a valid body; `cod` is added by the tests (unique per call) */
  body: () => Record<string, unknown>;
  /** code length allowed by the model */
  codMax: number;
  update: Record<string, unknown>;
  /** fields reported 'Campo Obbligatorio' for an empty body */
  required: string[];
  /** exported fields, their header labels and the cells expected for `body()` + cod */
  csv: { fields: string[]; header: string[]; cells: (cod: string) => string[] };
}

const SPECS: Spec[] = [
  {
    model: 'LegalRepresentative',
    resource: 'legal_representatives',
    snake: 'legal_representative',
    codMax: 16,
    body: () => ({
      name: 'Mario',
      surname: 'Rossi',
      fiscal_code: 'RSSMRA80A01H501U',
      postal_code: '00184',
      city: 'Roma',
      email: 'mario.rossi@mail.test',
      note: 'Nota',
    }),
    update: { surname: 'Rossini', city: 'Milano' },
    required: ['name'],
    csv: {
      fields: ['cod', 'name', 'surname', 'fiscal_code', 'postal_code', 'city', 'email'],
      header: ['Codice', 'Nome', 'Cognome', 'Codice fiscale', 'CAP', 'Città', 'Email'],
      cells: (cod) => [cod, 'Mario', 'Rossi', 'RSSMRA80A01H501U', '00184', 'Roma', 'mario.rossi@mail.test'],
    },
  },
  {
    model: 'Customer',
    resource: 'customers',
    snake: 'customer',
    codMax: 16,
    body: () =>
      customerBody(repId, {
        yearly_accounting_amount: 1234.5,
        cedolino_rate: 12,
        acquisition_date: '2020-03-15',
        city: 'Parma',
      }),
    update: { business_name: 'Prova Aggiornata S.r.l.', yearly_accounting_amount: 99999999 },
    required: ['business_name', 'email', 'yearly_accounting_amount', 'legal_representative_id'],
    csv: {
      fields: [
        'cod',
        'business_name',
        'yearly_accounting_amount',
        'cedolino_rate',
        'acquisition_date',
        'city',
        'ceased',
      ],
      header: [
        'Codice',
        'Ragione Sociale',
        'Tariffa annuale',
        'Costo cedolino',
        'Data acquisizione',
        'Città',
        'Cessato',
      ],
      cells: (cod) => [cod, 'Prova Servizi S.r.l.', '1234,50', '12,00', '15-03-2020', 'Parma', 'No'],
    },
  },
  {
    model: 'StudioService',
    resource: 'studio_services',
    snake: 'studio_service',
    codMax: 16,
    body: () => ({ description: 'Revisione contabile', cost: 1250.75, bank_account_id: bankId, note: 'Annuale' }),
    update: { description: 'Revisione legale dei conti', cost: 999999.99 },
    required: ['description', 'cost'],
    csv: {
      fields: ['cod', 'description', 'cost', 'bank_account_id', 'note'],
      header: ['Codice', 'Descrizione', 'Costo', 'Conto bancario', 'Note'],
      cells: (cod) => [cod, 'Revisione contabile', '1250,75', bankName, 'Annuale'],
    },
  },
  {
    model: 'LegalStatus',
    resource: 'legal_statuses',
    snake: 'legal_status',
    codMax: 16,
    body: () => ({ description: 'Società tra professionisti' }),
    update: { description: 'STP' },
    required: ['cod'],
    csv: {
      fields: ['cod', 'description'],
      header: ['Codice', 'Descrizione'],
      cells: (cod) => [cod, 'Società tra professionisti'],
    },
  },
  {
    model: 'PaymentMethod',
    resource: 'payment_methods',
    snake: 'payment_method',
    codMax: 6,
    body: () => ({ description: 'Bonifico istantaneo' }),
    update: { description: 'Bonifico SEPA istantaneo' },
    required: ['cod'],
    csv: {
      fields: ['cod', 'description'],
      header: ['Codice', 'Descrizione'],
      cells: (cod) => [cod, 'Bonifico istantaneo'],
    },
  },
  {
    model: 'BankAccount',
    resource: 'bank_accounts',
    snake: 'bank_account',
    codMax: 16,
    body: () => ({ name: 'Banca di prova', iban: VALID_IBAN, note: 'Conto secondario' }),
    update: { name: 'Banca di prova (chiuso)', iban: 'IT86N0306903204260101000001' },
    required: ['name'],
    csv: {
      fields: ['cod', 'name', 'iban', 'note'],
      header: ['Codice', 'Nome', 'IBAN', 'Note'],
      cells: (cod) => [cod, 'Banca di prova', VALID_IBAN, 'Conto secondario'],
    },
  },
  {
    model: 'Task',
    resource: 'tasks',
    snake: 'task',
    codMax: 255,
    body: () => ({ name: 'Verifica versamenti', note: 'Controllo F24 pagati' }),
    update: { name: 'Verifica versamenti e ravvedimenti' },
    required: [],
    csv: {
      fields: ['cod', 'name', 'note'],
      header: ['Codice', 'Nome', 'Note'],
      cells: (cod) => [cod, 'Verifica versamenti', 'Controllo F24 pagati'],
    },
  },
];

let seq = 0;
/** A fresh code that fits the model's limit. */
const code = (s: Spec) => `${s.codMax <= 6 ? 'Q' : 'QA'}${String(++seq).padStart(s.codMax <= 6 ? 5 : 6, '0')}`;

async function create(s: Spec, extra: Record<string, unknown> = {}, who: 'admin' | 'collab' = 'admin') {
  const res = await a.post(who, `/api/${s.resource}`, { ...s.body(), cod: code(s), ...extra });
  if (res.statusCode !== 201) throw new Error(`create ${s.resource}: ${res.statusCode} ${res.body}`);
  return res.json().data as Record<string, any>;
}

for (const s of SPECS) {
  describe(`master data ${s.resource}`, () => {
    it(`C10 C09 C11 ${s.resource}: create answers 201 with data.id, read back, update`, async () => {
      const cod = code(s);
      const res = await a.post('collab', `/api/${s.resource}`, { ...s.body(), cod });
      expect(res.statusCode, res.body).toBe(201);
      const d = res.json().data;
      expect(Number.isInteger(d.id)).toBe(true);
      expect(d).toMatchObject({ cod, trashed: false, deleted_at: null, studio_id: demoId });
      const got = await a.get('collab', `/api/${s.resource}/${d.id}`);
      expect(got.statusCode).toBe(200);
      // one record read also carries computed values (a customer's balance, C13: 0 without movements)
      const { balance, ...read } = got.json().data;
      expect(read).toEqual(d);
      if (s.resource === 'customers') expect(balance).toBe(0);
      else expect(balance).toBeUndefined();
      const put = await a.put('collab', `/api/${s.resource}/${d.id}`, { ...s.update, updated_at: d.updated_at });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json().data).toMatchObject({ ...s.update, cod });
      const again = (await a.get('admin', `/api/${s.resource}/${d.id}`)).json().data;
      expect(again).toMatchObject(s.update);
      expect(again.updated_at).not.toBe(d.updated_at);
      // the studio comes from the session
      const row = await a.sql<{ studio_id: number }>(`SELECT "studio_id" FROM "${s.resource}" WHERE "id" = $1`, [d.id]);
      expect(Number(row[0].studio_id)).toBe(demoId);
    });

    if (s.required.length) {
      it(`C10 C11 ${s.resource}: required fields are 422 Campo Obbligatorio (${s.required.join(', ')}), nothing written`, async () => {
        const before = Number((await a.sql<{ n: number }>(`SELECT count(*)::int AS n FROM "${s.resource}"`))[0].n);
        const res = await a.post('admin', `/api/${s.resource}`, {});
        expect(res.statusCode).toBe(422);
        expect(res.json().message).toBe(VALIDATION);
        expect(res.json().errors).toEqual(Object.fromEntries(s.required.map((f) => [f, [REQUIRED]])));
        expect(Number((await a.sql<{ n: number }>(`SELECT count(*)::int AS n FROM "${s.resource}"`))[0].n)).toBe(
          before,
        );
        // emptied on update: the same message
        const d = await create(s);
        const blank = Object.fromEntries(s.required.map((f) => [f, '']));
        const put = await a.put('admin', `/api/${s.resource}/${d.id}`, blank);
        expect(put.statusCode).toBe(422);
        expect(put.json().errors).toEqual(Object.fromEntries(s.required.map((f) => [f, [REQUIRED]])));
      });
    }

    it(`C10 ${s.resource}: cod longer than ${s.codMax} is 422 Numero massimo di caratteri superato`, async () => {
      const res = await a.post('admin', `/api/${s.resource}`, { ...s.body(), cod: 'X'.repeat(s.codMax + 1) });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ cod: [TOO_LONG] });
      const fits = await a.post('admin', `/api/${s.resource}`, { ...s.body(), cod: 'Y'.repeat(s.codMax) });
      expect(fits.statusCode, fits.body).toBe(201);
    });

    it(`C10 ${s.resource}: the code of a trashed row is 409, of an active row 422 errors.cod`, async () => {
      const d = await create(s);
      const dup = await a.post('admin', `/api/${s.resource}`, { ...s.body(), cod: d.cod });
      expect(dup.statusCode).toBe(422);
      expect(Object.keys(dup.json().errors)).toEqual(['cod']);
      expect((await a.del('admin', `/api/${s.snake}/[${d.id}]`)).json().data).toEqual({ trashed: 1, deleted: 0 });
      const res = await a.post('admin', `/api/${s.resource}`, { ...s.body(), cod: d.cod });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: TRASHED_DUP });
      expect(
        await a.sql(`SELECT 1 FROM "${s.resource}" WHERE "cod" = $1 AND "studio_id" = $2`, [d.cod, demoId]),
      ).toHaveLength(1);
      // another studio may use the same code
      expect(
        (
          await a.post('bianchi', `/api/${s.resource}`, {
            ...s.body(),
            cod: d.cod,
            ...(s.model === 'Customer' || s.model === 'StudioService' ? await bianchiRefs(s) : {}),
          })
        ).statusCode,
      ).toBe(201);
    });

    it(`C17 C19 ${s.snake}: force_delete=auto trashes, then deletes forever`, async () => {
      const d = await create(s);
      const first = await a.del('admin', `/api/${s.snake}/${encodeURIComponent(JSON.stringify([d.id]))}`, {
        force_delete: 'auto',
      });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ data: { trashed: 1, deleted: 0 } });
      const trashed = await a.get('admin', `/api/${s.resource}/${d.id}`);
      expect(trashed.json().data.trashed).toBe(true);
      const list = await a.get('admin', `/api/list/${s.model}/${s.model}ResourceListCollection`, {
        filters: [{ name: 'id', type: 'OR', val: [d.id] }],
      });
      expect(list.json().meta.total).toBe(0);
      const withTrash = await a.get('admin', `/api/list/${s.model}/${s.model}ResourceListCollection`, {
        with_trashed: 1,
        filters: [{ name: 'id', type: 'OR', val: [d.id] }],
      });
      expect(withTrash.json().data.map((r: { id: number; trashed: boolean }) => [r.id, r.trashed])).toEqual([
        [d.id, true],
      ]);
      // a Collaboratore may trash but not delete forever
      expect(
        (
          await a.del('collab', `/api/${s.snake}/[${d.id}]`, {
            force_delete: 'auto',
            versions: await a.versions('admin', s.resource, [d.id]),
          })
        ).statusCode,
      ).toBe(403);
      // deleted forever: the caller saw it in the trash (its version, as the list sends it)
      const second = await a.del('admin', `/api/${s.snake}/[${d.id}]`, {
        force_delete: 'auto',
        versions: await a.versions('admin', s.resource, [d.id]),
      });
      expect(second.statusCode).toBe(200);
      expect(second.json()).toEqual({ data: { trashed: 0, deleted: 1 } });
      expect((await a.get('admin', `/api/${s.resource}/${d.id}`)).statusCode).toBe(404);
      expect(await a.sql(`SELECT 1 FROM "${s.resource}" WHERE "id" = $1`, [d.id])).toHaveLength(0);
    });

    it(`C14 ${s.model}: CSV has the field labels as header and the row's values in Italian formats`, async () => {
      const d = await create(s);
      const res = await a.get('admin', `/api/list/${s.model}/${s.model}ResourceListCollection`, {
        format: 'csv',
        fields: s.csv.fields.join(','),
        filters: [{ name: 'id', type: 'OR', val: [d.id] }],
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(String(res.headers['content-disposition'])).toContain(`filename="${s.snake}_${romeToday()}.csv"`);
      expect(res.body.startsWith('\uFEFF')).toBe(true);
      expect(parseCsv(res.body)).toEqual([s.csv.header, s.csv.cells(d.cod)]);
    });

    it(`C14 ${s.model}: format=pdf prints the list (application/pdf, %PDF)`, async () => {
      const d = await create(s);
      const res = await a.get('admin', `/api/list/${s.model}/${s.model}ResourceListCollection`, {
        format: 'pdf',
        filters: [{ name: 'id', type: 'OR', val: [d.id] }],
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/pdf/);
      expect(String(res.headers['content-disposition'])).toContain('Riepilogo Prenotazioni.pdf');
      expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    });
  });
}

/** Related rows of Studio Bianchi for the bodies that need them. */
async function bianchiRefs(s: Spec): Promise<Record<string, unknown>> {
  if (s.model === 'Customer') {
    const rep = await a.firstRow('legal_representatives', bianchiId);
    return { legal_representative_id: Number(rep.id) };
  }
  const bank = await a.firstRow('bank_accounts', bianchiId);
  return { bank_account_id: Number(bank.id) };
}

describe('master data: rules of single models', () => {
  const spec = (model: string) => SPECS.find((s) => s.model === model)!;

  it('C10 payment_methods: cod of 7 characters is Numero massimo di caratteri superato; cod is required', async () => {
    const res = await a.post('admin', '/api/payment_methods', { cod: 'BONIFIC', description: 'Troppo lungo' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: VALIDATION, errors: { cod: [TOO_LONG] } });
    const none = await a.post('admin', '/api/payment_methods', { description: 'Senza codice' });
    expect(none.json().errors).toEqual({ cod: [REQUIRED] });
  });

  it('C10 C11 bank_accounts: an invalid IBAN is 422 Inserisci IBAN valido; an empty one is allowed', async () => {
    for (const iban of ['IT60X0542811101000000123457', 'IT60X05428111010000001234', 'XX00000', 'non un iban']) {
      const res = await a.post('admin', '/api/bank_accounts', {
        cod: code(spec('BankAccount')),
        name: 'Conto errato',
        iban,
      });
      expect(res.statusCode, iban).toBe(422);
      expect(res.json().errors, iban).toEqual({ iban: ['Inserisci IBAN valido'] });
    }
    const d = await create(spec('BankAccount'), { iban: '' });
    expect(d.iban).toBeNull();
    const bad = await a.put('admin', `/api/bank_accounts/${d.id}`, { iban: 'IT00A0000000000000000000000' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ iban: ['Inserisci IBAN valido'] });
    const lower = await a.put('admin', `/api/bank_accounts/${d.id}`, { iban: VALID_IBAN.toLowerCase() });
    expect(lower.statusCode).toBe(200);
  });

  it('C10 studio_services: cost must be a decimal; the bank account must be one of the studio, not trashed', async () => {
    const s = spec('StudioService');
    const nan = await a.post('admin', '/api/studio_services', { ...s.body(), cod: code(s), cost: 'cento' });
    expect(nan.statusCode).toBe(422);
    expect(nan.json().errors).toEqual({ cost: ['Inserisci un Numero Decimale'] });
    const other = await a.post('admin', '/api/studio_services', {
      ...s.body(),
      cod: code(s),
      ...(await bianchiRefs(s)),
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors).toHaveProperty('bank_account_id');
    const bank = await create(spec('BankAccount'));
    await a.del('admin', `/api/bank_account/[${bank.id}]`);
    const trashed = await a.post('admin', '/api/studio_services', {
      ...s.body(),
      cod: code(s),
      bank_account_id: bank.id,
    });
    expect(trashed.statusCode).toBe(422);
    expect(trashed.json().errors).toHaveProperty('bank_account_id');
    // a comma decimal is accepted and stored as a number
    const comma = await create(s, { cost: '80,5' });
    expect(comma.cost).toBe(80.5);
  });

  it('C17 bank_account: an account still used by a studio service cannot be deleted forever (409)', async () => {
    const bank = await create(spec('BankAccount'));
    const service = await create(spec('StudioService'), { bank_account_id: bank.id });
    expect((await a.del('admin', `/api/bank_account/[${bank.id}]`)).json().data).toEqual({ trashed: 1, deleted: 0 });
    const res = await a.del('admin', `/api/bank_account/[${bank.id}]`, {
      force_delete: 'auto',
      versions: await a.versions('admin', 'bank_accounts', [bank.id]),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: REFERENCED });
    expect(await a.sql('SELECT 1 FROM "bank_accounts" WHERE "id" = $1', [bank.id])).toHaveLength(1);
    // the list of services shows the account's label
    const list = await a.get('admin', '/api/list/StudioService/StudioServiceResourceListCollection', {
      filters: [{ name: 'id', type: 'OR', val: [service.id] }],
    });
    expect(list.json().data[0].bank_account).toMatchObject({ id: bank.id, label: 'Banca di prova', cod: bank.cod });
  });

  it('C10 tasks: no field is required (seed A §5 lists none for tasks)', async () => {
    const res = await a.post('admin', '/api/tasks', { name: 'Solo nome' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ cod: null, name: 'Solo nome' });
  });

  it('C09 C17 permissions: bank_accounts, studio_services and tasks have their five permissions; Collaboratore gets all but force_delete, Utente none', async () => {
    const perms = await a.sql<{ name: string }>(
      `SELECT "name" FROM "permissions" WHERE "name" LIKE 'bank_accounts.%' OR "name" LIKE 'studio_services.%' OR "name" LIKE 'tasks.%' ORDER BY "name"`,
    );
    const verbs = ['create', 'delete', 'force_delete', 'update', 'view'];
    expect(perms.map((p) => p.name)).toEqual(
      ['bank_accounts', 'studio_services', 'tasks'].flatMap((r) => verbs.map((v) => `${r}.${v}`)),
    );
    const collab = await a.sql<{
      name: string;
    }>(`SELECT p."name" FROM "permissions" p JOIN "role_permissions" rp ON rp."permission_id" = p."id"
      JOIN "roles" r ON r."id" = rp."role_id" WHERE r."name" = 'Collaboratore' AND p."name" LIKE 'tasks.%' ORDER BY 1`);
    expect(collab.map((p) => p.name)).toEqual(['tasks.create', 'tasks.delete', 'tasks.update', 'tasks.view']);
    const utente = await a.sql(`SELECT 1 FROM "permissions" p JOIN "role_permissions" rp ON rp."permission_id" = p."id"
      JOIN "roles" r ON r."id" = rp."role_id" WHERE r."name" = 'Utente' AND p."name" LIKE 'bank_accounts.%'`);
    expect(utente).toHaveLength(0);
  });
});

describe('master data: lists and demo data', () => {
  it('C43 C50 GET /api/tasks and /api/studio_services answer the active rows of the studio as data', async () => {
    for (const [path, table] of [
      ['/api/tasks', 'tasks'],
      ['/api/studio_services', 'studio_services'],
      ['/api/bank_accounts', 'bank_accounts'],
    ]) {
      const res = await a.get('collab', path);
      expect(res.statusCode, path).toBe(200);
      const ids = (res.json().data as Array<{ id: number }>).map((r) => r.id).sort((x, y) => x - y);
      const db = (
        await a.sql<{ id: number }>(
          `SELECT "id" FROM "${table}" WHERE "studio_id" = $1 AND "deleted_at" IS NULL ORDER BY "id"`,
          [demoId],
        )
      ).map((r) => Number(r.id));
      expect(ids, path).toEqual(db);
    }
  });

  it('C14 demo data: every demo studio has bank accounts with valid IBANs, studio services with costs and accounts, tasks', async () => {
    // rows made by the other tests of this file have the codes of code() (or Y…Y, or none)
    const seeded = (rows: Array<Record<string, any>>) =>
      rows.filter((r) => r.cod && !/^(Q\d{5}|QA\d{6}|Y+)$/.test(String(r.cod)));
    const ibans: string[] = [];
    for (const who of ['admin', 'bianchi'] as const) {
      const banks = seeded(
        (await a.get(who, '/api/list/BankAccount/BankAccountResourceListCollection', { items_per_page: -1 })).json()
          .data,
      );
      expect(banks.length, who).toBeGreaterThanOrEqual(2);
      for (const b of banks) expect(isValidIban(String(b.iban)), String(b.iban)).toBe(true);
      // within a studio every account has its own IBAN; one is the studio's own ('Il mio studio'), which the
      // SDD collections credit (issue 47: the demo studios share that IBAN, as they always did)
      const own = banks.map((b) => String(b.iban));
      expect(new Set(own).size, who).toBe(own.length);
      expect(own, who).toContain('IT60X0542811101000000123456');
      ibans.push(...own.filter((i) => i !== 'IT60X0542811101000000123456'));
      const services = seeded(
        (await a.get(who, '/api/list/StudioService/StudioServiceResourceListCollection', { items_per_page: -1 })).json()
          .data,
      );
      const names = services.map((x) => x.description);
      expect(names).toEqual(
        expect.arrayContaining([
          'Tenuta contabilità ordinaria',
          'Dichiarazione dei redditi',
          'Elaborazione cedolini',
          'Consulenza fiscale',
        ]),
      );
      expect(services.every((x) => typeof x.cost === 'number' && x.cost > 0)).toBe(true);
      expect(services.filter((x) => x.bank_account).length).toBeGreaterThan(0);
      const bankIds = new Set(banks.map((b) => b.id));
      expect(services.filter((x) => x.bank_account).every((x) => bankIds.has(x.bank_account.id))).toBe(true);
      const tasks = seeded(
        (await a.get(who, '/api/list/Task/TaskResourceListCollection', { items_per_page: -1 })).json().data,
      );
      expect(tasks.map((x) => x.name)).toEqual(
        expect.arrayContaining(['Raccolta documenti', 'Invio telematico', 'Quadratura']),
      );
    }
    // the other accounts are each studio's own
    expect(new Set(ibans).size).toBe(ibans.length);
  });

  it('C14 master data lists: search_text and sort on the new models', async () => {
    const res = await a.get('admin', '/api/list/StudioService/StudioServiceResourceListCollection', {
      search_text: 'dichiarazione redditi',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((r: { description: string }) => r.description)).toEqual(['Dichiarazione dei redditi']);
    const sorted = await a.get('admin', '/api/list/StudioService/StudioServiceResourceListCollection', {
      items_per_page: -1,
      sort_by: 'cost',
      sort_desc: 1,
    });
    const costs = sorted.json().data.map((r: { cost: number }) => r.cost);
    expect(costs).toEqual([...costs].sort((x: number, y: number) => y - x));
    const tasks = await a.get('admin', '/api/list/Task/TaskResourceListCollection', { search_text: 'telematico' });
    expect(tasks.json().data.map((r: { name: string }) => r.name)).toEqual(['Invio telematico']);
    const sel = await a.get('admin', '/api/list/BankAccount/BankAccountResource4SelectCollection', {
      items_per_page: 1,
      sort_by: 'name',
    });
    expect(Object.keys(sel.json().data[0]).sort()).toEqual(['cod', 'id', 'label', 'trashed']);
  });
});

describe('C23 collaborators', () => {
  let roles: Record<string, number>;
  beforeAll(async () => {
    roles = Object.fromEntries(
      (await a.sql<{ id: number; name: string }>('SELECT "id", "name" FROM "roles"')).map((r) => [
        r.name,
        Number(r.id),
      ]),
    );
    const user = async (who: 'admin' | 'bianchi', body: Record<string, unknown>) => {
      const res = await a.post(who, '/api/user/users', { password: 'Password123!', active: true, ...body });
      if (res.statusCode !== 201) throw new Error(`user: ${res.statusCode} ${res.body}`);
      return res.json().data as { id: number };
    };
    await user('admin', {
      name: 'Anna',
      cognome: 'Bruni',
      email: 'anna.bruni@studiodemo.test',
      role_id: roles.Collaboratore,
    });
    await user('admin', {
      name: 'Bruno',
      cognome: 'Amministratore',
      email: 'bruno@studiodemo.test',
      role_id: roles.Admin,
    });
    await user('admin', { name: 'Dario', email: 'dario@studiodemo.test', role_id: roles.Collaboratore });
    await user('admin', {
      name: 'Zeno',
      cognome: 'Inattivo',
      email: 'zeno@studiodemo.test',
      role_id: roles.Collaboratore,
      active: false,
    });
    await user('admin', { name: 'Ugo', cognome: 'Utente', email: 'ugo@studiodemo.test', role_id: roles.Utente });
    const gone = await user('admin', {
      name: 'Carla',
      cognome: 'Cestinata',
      email: 'carla@studiodemo.test',
      role_id: roles.Collaboratore,
    });
    expect((await a.del('admin', `/api/user/[${gone.id}]`)).json().data).toEqual({ trashed: 1, deleted: 0 });
    await user('bianchi', {
      name: 'Elisa',
      cognome: 'Bianchi',
      email: 'elisa@studiobianchi.test',
      role_id: roles.Collaboratore,
    });
  });

  const names = (res: { json(): any }) => (res.json().data as Array<{ name: string }>).map((r) => r.name);

  it('C23 collaborators: {data: [{id, name}]}, active Collaboratore and Admin users of the studio, name + cognome, sorted by name', async () => {
    const res = await a.get('admin', '/api/collaborators');
    expect(res.statusCode).toBe(200);
    const data = res.json().data as Array<{ id: number; name: string }>;
    expect(names(res)).toEqual(['Anna Bruni', 'Bruno Amministratore', 'Dario', 'Laura Neri', 'Marco Rossi']);
    for (const r of data) expect(Object.keys(r).sort()).toEqual(['id', 'name']);
    const laura = await a.sql<{ id: number }>(
      `SELECT "id" FROM "users" WHERE "email" = 'collaboratore@studiodemo.test'`,
    );
    expect(data.find((r) => r.name === 'Laura Neri')!.id).toBe(Number(laura[0].id));
  });

  it("C23 collaborators: only the caller's studio (Bianchi, the vendor studio)", async () => {
    const res = await a.get('bianchi', '/api/collaborators');
    expect(res.statusCode).toBe(200);
    expect(names(res)).toEqual(['Elisa Bianchi', 'Giulia Bianchi']);
    // the vendor studio has only its SuperAdmin, who is no collaborator
    const sa = await a.get('superadmin', '/api/collaborators');
    expect(sa.statusCode).toBe(200);
    expect(sa.json().data).toEqual([]);
  });

  it('C23 collaborators: a Collaboratore may call it, a Utente is 403, without a session 401', async () => {
    const collab = await a.get('collab', '/api/collaborators');
    expect(collab.statusCode).toBe(200);
    expect(names(collab)).toEqual(['Anna Bruni', 'Bruno Amministratore', 'Dario', 'Laura Neri', 'Marco Rossi']);
    const h = await t.login('ugo@studiodemo.test', 'Password123!');
    const utente = await t.app.inject({ url: '/api/collaborators', headers: h });
    expect(utente.statusCode).toBe(403);
    expect(utente.json().message).toBe('Operazione non consentita (403)');
    // nor does a Utente see the master data
    const list = await t.app.inject({ url: '/api/list/BankAccount/BankAccountResourceListCollection', headers: h });
    expect(list.statusCode).toBe(403);
    expect((await a.get(null, '/api/collaborators')).statusCode).toBe(401);
  });

  it("C23 C14 collaborators: the customers' collaborator filter takes its ids", async () => {
    const laura = (await a.get('admin', '/api/collaborators'))
      .json()
      .data.find((r: { name: string }) => r.name === 'Laura Neri');
    const res = await a.get('admin', '/api/list/Customer/CustomerResourceListCollection', {
      items_per_page: 1,
      filters: [{ name: 'collaborator_accounting_id', type: 'OR', val: [laura.id] }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().meta.total).toBeGreaterThan(0);
  });
});

describe('money limit (seed A: 8 significant digits, 2 decimals)', () => {
  it('C10 C11 customers: yearly_accounting_amount 99999999999 is 422 with the MoneyInput message, not a 500', async () => {
    const res = await a.post('admin', '/api/customers', customerBody(repId, { yearly_accounting_amount: 99999999999 }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: VALIDATION, errors: { yearly_accounting_amount: [MONEY_MESSAGE] } });
    expect(MONEY_MESSAGE).toBe('Importo non valido: massimo 8 cifre e 2 decimali');
    const c = (await a.post('admin', '/api/customers', customerBody(repId))).json().data;
    for (const v of [99999999999, '123456789', 1e21, 123456.789, '1234,567', 12345678.5]) {
      const put = await a.put('admin', `/api/customers/${c.id}`, { yearly_accounting_amount: v, cedolino_rate: v });
      expect(put.statusCode, String(v)).toBe(422);
      expect(put.json().errors, String(v)).toEqual({
        yearly_accounting_amount: [MONEY_MESSAGE],
        cedolino_rate: [MONEY_MESSAGE],
      });
    }
    expect((await a.get('admin', `/api/customers/${c.id}`)).json().data.yearly_accounting_amount).toBe(1234.5);
  });

  it('C10 C11 money: the largest amounts that fit are accepted and stored exactly', async () => {
    const c = (await a.post('admin', '/api/customers', customerBody(repId))).json().data;
    for (const [v, stored] of [
      [99999999, 99999999],
      [999999.99, 999999.99],
      ['12345678,00', 12345678],
      ['0001234,50', 1234.5],
      [0, 0],
    ] as const) {
      const put = await a.put('admin', `/api/customers/${c.id}`, { yearly_accounting_amount: v });
      expect(put.statusCode, `${v}: ${put.body}`).toBe(200);
      expect(put.json().data.yearly_accounting_amount, String(v)).toBe(stored);
    }
    // a money field that may be negative keeps the largest negative amount exactly too
    const e = await a.post('admin', '/api/entita_esempios', { descrizione: 'Importo negativo', valuta: -999999.99 });
    expect(e.statusCode, e.body).toBe(201);
    expect(e.json().data.valuta).toBe(-999999.99);
  });

  it('C10 studio_services: cost over the limit is 422 with the same message', async () => {
    const res = await a.post('admin', '/api/studio_services', {
      cod: 'BIG',
      description: 'Troppo caro',
      cost: 123456789,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ cost: [MONEY_MESSAGE] });
    const text = await a.post('admin', '/api/studio_services', { cod: 'BIG', description: 'Testo', cost: '1e12' });
    expect(text.statusCode).toBe(422);
    expect(text.json().errors).toEqual({ cost: ['Inserisci un Numero Decimale'] });
  });
});
