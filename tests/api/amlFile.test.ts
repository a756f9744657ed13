/**
 * The customer's AML file beyond the risk (issue 48 items 1, 6, 7, 8) through the HTTP interface:
 * the identification (customer or esecutore, documents, beneficial owners, PEP, sanctions, purpose
 * and nature) saved as versions, the scans kept as uploaded with their SHA-256, the Admin's notes
 * seen by the Admin only; bad input refused in Italian with nothing saved; the file kept ten years
 * from the 'Data cessazione' — trash and force delete refused until then.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, romeToday, type Api } from '../helpers/api.js';
import { multipart } from '../helpers/multipart.js';
import { fiscalCodeCheckChar } from '../../model/validators.js';
import { addDays } from '../../model/dates.js';

let t: TestApp;
let a: Api;
const today = romeToday();
const cf = (first15: string) => first15 + fiscalCodeCheckChar(first15);
const ROSSI = cf('RSSMRA80A01H501');
const VERDI = cf('VRDLGU75C12F205');
const NERI = cf('NRESFO82D45L219');
const inYears = (n: number) => `${Number(today.slice(0, 4)) + n}${today.slice(4)}`;
// a PDF's first bytes are enough for the content check (file-type reads the signature)
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const company = (over: Record<string, unknown> = {}) => ({
  subject: 'persona_giuridica',
  executor: { name: 'Mario Rossi', tax_code: ROSSI, role: 'Legale rappresentante', birth_date: '1980-01-01' },
  documents: [
    {
      holder: 'esecutore',
      type: 'carta_identita',
      number: 'ca12345bb',
      issuer: 'Comune di Roma',
      issued_on: '2020-03-01',
      expires_on: inYears(2),
    },
  ],
  identified_on: today,
  method: 'presenza',
  owners: [
    { name: 'Luigi Verdi', tax_code: VERDI, share: 60, criterion: 'proprieta_diretta', source: 'registro_titolari' },
    { name: 'Sofia Neri', tax_code: NERI, share: 40, criterion: 'proprieta_diretta', source: 'registro_imprese' },
  ],
  pep: false,
  sanctions_checked_on: today,
  sanctions_outcome: 'negativo',
  sanctions_lists: 'Liste UE e ONU',
  purpose: 'Tenuta della contabilità e dichiarazioni',
  nature: 'Rapporto continuativo',
  services: ['tenuta-contabilita', 'dichiarazioni-fiscali'],
  ...over,
});

beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
});
afterAll(async () => {
  await t?.close();
});

const upload = async (who: 'admin' | 'collab', customer: number, kind: string, bytes = PDF, name = 'ci.pdf') => {
  const body = await multipart({ kind, description: 'Fronte e retro' }, [{ name, bytes }], 'file');
  return a.t.app.inject({
    method: 'POST',
    url: `/api/customer/${customer}/aml/files`,
    payload: body.payload,
    headers: { ...(await a.headers(who)), ...body.headers },
  });
};

describe('issue 48 the AML file: identification, files, notes, retention', () => {
  let srl: number;

  it('a company identified through its esecutore: the scan kept as uploaded with its SHA-256, the identification saved with its first expiry; a second version keeps the first', async () => {
    srl = await a.newCustomer('Alfa Identificata AML S.r.l.');
    const up = await upload('collab', srl, 'documento');
    expect(up.statusCode, up.body).toBe(201);
    const file = up.json().data;
    expect(file).toMatchObject({
      kind: 'documento',
      original_filename: 'ci.pdf',
      content_type: 'application/pdf',
      size: PDF.length,
      sha256: createHash('sha256').update(PDF).digest('hex'),
    });
    const dl = await a.t.app.inject({
      method: 'GET',
      url: `/api/customer/${srl}/aml/files/${file.id}`,
      headers: await a.headers('collab'),
    });
    expect(dl.statusCode).toBe(200);
    expect(dl.rawPayload.equals(PDF)).toBe(true);

    const body = company();
    (body.documents[0] as Record<string, unknown>).file_id = file.id;
    const r = await a.post('collab', `/api/customer/${srl}/aml/identifications`, body);
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().data).toMatchObject({ identified_on: today, documents_expire_on: inYears(2) });
    // normalised: the document's number in capitals
    expect(r.json().data.data.documents[0].number).toBe('CA12345BB');

    const second = await a.post('collab', `/api/customer/${srl}/aml/identifications`, {
      ...body,
      nature: 'Rapporto continuativo, anche consulenza societaria',
    });
    expect(second.statusCode, second.body).toBe(201);
    const aml = (await a.get('collab', `/api/customer/${srl}/aml`)).json().data;
    expect(aml.identification.id).toBe(second.json().data.id);
    expect(aml.identifications).toHaveLength(2);
    expect(aml.files.map((f: { id: number }) => f.id)).toEqual([file.id]);
    // no assessment yet: the card says what is missing
    expect(aml.due).toEqual(['Manca la valutazione del rischio']);
  });

  it('bad input (item 8): an expired document, an owner without tax code, a share over 100 %, shares over 100 % together, a future identification — by field, in Italian, nothing saved', async () => {
    const c = await a.newCustomer('Errori Identificazione AML');
    const expired = company();
    expired.documents[0]!.expires_on = addDays(today, -1);
    const r1 = await a.post('collab', `/api/customer/${c}/aml/identifications`, expired);
    expect(r1.statusCode).toBe(422);
    expect(r1.json().errors['documents.0.expires_on'][0]).toMatch(
      /^Il documento n\. CA12345BB è scaduto il \d\d\/\d\d\/\d{4}/,
    );

    const noCf = company({
      owners: [{ name: 'Luigi Verdi', share: 60, criterion: 'proprieta_diretta', source: 'dichiarazione' }],
    });
    const r2 = await a.post('collab', `/api/customer/${c}/aml/identifications`, noCf);
    expect(r2.statusCode).toBe(422);
    expect(r2.json().errors['owners.0.tax_code']).toEqual([
      'Indica il codice fiscale del titolare effettivo Luigi Verdi',
    ]);

    const over = company({
      owners: [
        { name: 'Luigi Verdi', tax_code: VERDI, share: 120, criterion: 'proprieta_diretta', source: 'dichiarazione' },
      ],
    });
    const r3 = await a.post('collab', `/api/customer/${c}/aml/identifications`, over);
    expect(r3.json().errors['owners.0.share']).toEqual(['La quota di Luigi Verdi (120 %) supera il 100 %']);

    const sum = company({
      owners: [
        { name: 'Luigi Verdi', tax_code: VERDI, share: 60, criterion: 'proprieta_diretta', source: 'dichiarazione' },
        { name: 'Sofia Neri', tax_code: NERI, share: 50.5, criterion: 'proprieta_diretta', source: 'dichiarazione' },
      ],
    });
    const r4 = await a.post('collab', `/api/customer/${c}/aml/identifications`, sum);
    expect(r4.json().errors.owners).toEqual(['Le quote dei titolari effettivi sommano 110,5 %: più del 100 %']);

    const future = await a.post(
      'collab',
      `/api/customer/${c}/aml/identifications`,
      company({ identified_on: addDays(today, 1) }),
    );
    expect(future.json().errors.identified_on).toEqual(['La data di identificazione non può essere futura']);

    const noExecutor = await a.post(
      'collab',
      `/api/customer/${c}/aml/identifications`,
      company({ executor: undefined }),
    );
    expect(noExecutor.statusCode).toBe(422);
    expect(Object.keys(noExecutor.json().errors)).toEqual(expect.arrayContaining(['executor', 'documents.0.holder']));

    const pep = await a.post('collab', `/api/customer/${c}/aml/identifications`, company({ pep: true }));
    expect(pep.json().errors.pep_details).toEqual([
      'Indica chi è persona politicamente esposta e quale carica ricopre',
    ]);

    // a person: his own tax code and his own document
    const person = await a.post('collab', `/api/customer/${c}/aml/identifications`, {
      ...company({ subject: 'persona_fisica', executor: undefined, owners: [] }),
      customer_person: { name: 'Mario Rossi', tax_code: 'RSSMRA80A01H501X' },
    });
    expect(person.statusCode).toBe(422);
    expect(person.json().errors['customer_person.tax_code']).toEqual([
      'Codice fiscale del cliente non valido (16 caratteri)',
    ]);
    expect(person.json().errors.documents).toEqual(['Manca il documento di identità del cliente']);

    // another customer's scan cannot be named
    const foreign = company();
    const other = await a.newCustomer('Altro Cliente AML');
    const up = await upload('collab', other, 'documento');
    (foreign.documents[0] as Record<string, unknown>).file_id = up.json().data.id;
    const r5 = await a.post('collab', `/api/customer/${c}/aml/identifications`, foreign);
    expect(r5.json().errors['documents.0.file_id']).toEqual([
      'La scansione indicata non è tra i file del fascicolo del cliente',
    ]);

    expect((await a.get('collab', `/api/customer/${c}/aml`)).json().data.identifications).toEqual([]);
  });

  it('files: the content decides (a renamed text refused), the kind is required, another studio cannot read them', async () => {
    const fake = await upload('collab', srl, 'documento', Buffer.from('just text, not a pdf'), 'finto.pdf');
    expect(fake.statusCode).toBe(422);
    expect(fake.json().errors.file[0]).toBe('finto.pdf: I formati supportati sono pdf, jpeg, png');
    const noKind = await upload('collab', srl, 'boh');
    expect(noKind.statusCode).toBe(422);
    expect(noKind.json().errors.kind).toBeDefined();
    const files = (await a.get('collab', `/api/customer/${srl}/aml`)).json().data.files;
    const foreign = await a.t.app.inject({
      method: 'GET',
      url: `/api/customer/${srl}/aml/files/${files[0].id}`,
      headers: await a.headers('bianchi'),
    });
    expect(foreign.statusCode).toBe(404);
    await expect(a.sql(`UPDATE "aml_files" SET "kind" = 'altro'`)).rejects.toThrow(/aml_append_only/);
    await expect(a.sql(`DELETE FROM "aml_identifications"`)).rejects.toThrow(/aml_append_only/);
  });

  it('notes (item 7): only the Admin writes and reads the abstention or report assessment; an outcome is required for those', async () => {
    const noOutcome = await a.post('admin', `/api/customer/${srl}/aml/notes`, {
      kind: 'segnalazione',
      body: 'Contanti',
    });
    expect(noOutcome.statusCode).toBe(422);
    const ok = await a.post('admin', `/api/customer/${srl}/aml/notes`, {
      kind: 'segnalazione',
      outcome: 'nessuna_azione',
      body: 'Versamenti in contanti giustificati dagli incassi del negozio.',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await a.post('collab', `/api/customer/${srl}/aml/notes`, { kind: 'nota', body: 'x' })).statusCode).toBe(
      403,
    );
    const collab = (await a.get('collab', `/api/customer/${srl}/aml`)).json().data;
    expect(collab).toMatchObject({ notes: [], notes_allowed: false });
    const admin = (await a.get('admin', `/api/customer/${srl}/aml`)).json().data;
    expect(admin.notes_allowed).toBe(true);
    expect(admin.notes[0]).toMatchObject({ kind: 'segnalazione', outcome: 'nessuna_azione' });
    const utente = await a.utente('utente.amlfile@studiodemo.test');
    const res = await a.t.app.inject({ method: 'GET', url: `/api/customer/${srl}/aml`, headers: utente });
    expect(res.statusCode).toBe(403);
  });

  it('retention (item 6): ceased gets a date (today unless given); the file is kept until D + 10 years — trash and force delete refused naming the date; past it, the customer goes', async () => {
    const current = (await a.get('admin', `/api/customers/${srl}`)).json().data;
    const ceased = await a.put('admin', `/api/customers/${srl}`, { ...current, ceased: 1, ceased_on: null });
    expect(ceased.statusCode, ceased.body).toBe(200);
    expect(ceased.json().data.ceased_on).toBe(today);
    const trash = await a.del('admin', `/api/customers/${srl}`);
    expect(trash.statusCode).toBe(409);
    const until = `${Number(today.slice(0, 4)) + 10}${today.slice(4)}`;
    const shown = `${until.slice(8, 10)}/${until.slice(5, 7)}/${until.slice(0, 4)}`;
    expect(trash.json().message).toContain(`Alfa Identificata AML S.r.l. (cessato il `);
    expect(trash.json().message).toContain(`conservare fino al ${shown}`);
    expect((await a.get('admin', `/api/customer/${srl}/aml`)).json().data.kept_until).toBe(until);

    // a date given with an active customer is refused
    const c2 = (await a.get('admin', `/api/customers/${srl}`)).json().data;
    const wrong = await a.put('admin', `/api/customers/${srl}`, { ...c2, ceased: 0, ceased_on: '2020-01-01' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.ceased_on).toEqual(['La data di cessazione si indica solo per un cliente cessato']);

    // ended eleven years ago: the retention is over, the customer goes to the trash
    const c3 = (await a.get('admin', `/api/customers/${srl}`)).json().data;
    const old = `${Number(today.slice(0, 4)) - 11}-01-15`;
    expect((await a.put('admin', `/api/customers/${srl}`, { ...c3, ceased: 1, ceased_on: old })).statusCode).toBe(200);
    expect((await a.del('admin', `/api/customers/${srl}`)).statusCode).toBe(200);
  });

  it('demo data (item 9): one active customer in three has a complete file, some due, one late, one expired document, one rafforzata, one PEP; a ceased customer keeps his; the self-assessment was done last year', async () => {
    const [counts] = (await a.sql(`SELECT
          (SELECT count(*)::int FROM "customers" c JOIN "studios" s ON s."id" = c."studio_id" WHERE s."name" = 'Studio Demo' AND NOT c."ceased" = 1) AS "active",
          (SELECT count(DISTINCT i."customer_id")::int FROM "aml_identifications" i JOIN "customers" c ON c."id" = i."customer_id" WHERE NOT c."ceased" = 1) AS "identified",
          (SELECT count(*)::int FROM "aml_assessments" WHERE "next_check" < CURRENT_DATE) AS "late",
          (SELECT count(*)::int FROM "aml_assessments" WHERE "next_check" BETWEEN CURRENT_DATE AND CURRENT_DATE + 30) AS "due",
          (SELECT count(*)::int FROM "aml_identifications" WHERE "documents_expire_on" < CURRENT_DATE) AS "expired",
          (SELECT count(*)::int FROM "aml_assessments" WHERE "level" = 'rafforzata' AND NOT "pep") AS "strict",
          (SELECT count(*)::int FROM "aml_assessments" WHERE "pep") AS "pep",
          (SELECT count(*)::int FROM "aml_assessments" a JOIN "customers" c ON c."id" = a."customer_id" WHERE c."ceased" = 1 AND c."ceased_on" IS NOT NULL) AS "ceased",
          (SELECT max("assessed_on")::text FROM "aml_self_assessments") AS "self"`)) as Array<
      Record<string, number | string>
    >;
    const c = counts!;
    const third = Number(c.identified) / Number(c.active);
    expect(third).toBeGreaterThan(0.28);
    expect(third).toBeLessThan(0.38);
    expect(c).toMatchObject({ late: 1, expired: 1, strict: 1, pep: 1 });
    expect(Number(c.due)).toBeGreaterThanOrEqual(3);
    expect(Number(c.ceased)).toBeGreaterThanOrEqual(1);
    expect(String(c.self).slice(0, 4)).toBe(String(Number(today.slice(0, 4)) - 1));
    // a demo customer with a file, through the API: complete and not removable
    const [one] = (await a.sql(`SELECT "customer_id" FROM "aml_assessments" WHERE "pep" LIMIT 1`)) as Array<{
      customer_id: number;
    }>;
    const file = (await a.get('admin', `/api/customer/${one!.customer_id}/aml`)).json().data;
    expect(file.identification.data.pep).toBe(true);
    expect(file.current.level).toBe('rafforzata');
    expect((await a.del('admin', `/api/customers/${one!.customer_id}`)).statusCode).toBe(409);
  });
});
