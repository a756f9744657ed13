/**
 * Italian banks' direct-debit file (issue 47 items 1–2), through the HTTP interface: the studio's
 * bank accounts carry BIC, ABI/CAB (read from the IBAN), CUC, SIA and the format their bank
 * takes, each checked in Italian; the demo studio's account is CBI 00.01.01 with a CUC, and a
 * month's batch gives a CBI file valid against ../shared/cbi, downloaded again byte for byte; a
 * batch of CORE and B2B debits gives two physical messages (a ZIP); a mandate changed since its
 * last debit carries its amendment; an account without a CUC is refused before anything is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzipSync, strFromU8 } from 'fflate';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, romeToday, type Api } from '../helpers/api.js';
import { cbiSddErrors } from '../helpers/cbiXsd.js';
import { nextTarget2Day } from '../../model/dates.js';
import { italianIban } from '../../model/iban.js';

let t: TestApp;
let a: Api;
let demoId: number;
let demoAccount: { id: number; cuc: string };
const today = romeToday();
const addDays = (d: string, n: number) =>
  new Date(Date.parse(`${d}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const tomorrow = nextTarget2Day(addDays(today, 1));
const range = { due_from: '2032-03-01', due_to: '2032-03-31' };

async function customerWithCharge(name: string, amount: number, mandate: Record<string, unknown>) {
  const id = await a.newCustomer(name);
  await a.newMove(id, 'CHARGE', amount, '2032-03-10');
  const m = await a.post('collab', '/api/sdd_mandates', {
    customer_id: id,
    signature_date: addDays(today, -40),
    scheme: 'CORE',
    sequence_type: 'FRST',
    status: 'active',
    ...mandate,
  });
  expect(m.statusCode, m.body).toBe(201);
  return { id, mandateId: m.json().data.id as number };
}

async function batch(customerIds: number[], extra: Record<string, unknown> = {}) {
  const body = { ...range, collection_date: tomorrow, customer_ids: customerIds, ...extra };
  const p = await a.post('collab', '/api/sdd/preview', body);
  expect(p.statusCode, p.body).toBe(200);
  const plan = p.json().data;
  const r = await a.post('collab', '/api/sdd/batches', { ...body, fingerprint: plan.fingerprint });
  expect(r.statusCode, r.body).toBe(201);
  return { plan, batch: r.json().data };
}

beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
  demoId = await a.studioId('Studio Demo');
  await a.feeIsPayable(demoId);
  const [row] = await a.sql<{ id: number; cuc: string }>(
    `SELECT "id", "cuc" FROM "bank_accounts" WHERE "studio_id" = $1 AND "iban" = 'IT60X0542811101000000123456'`,
    [demoId],
  );
  demoAccount = row!;
});
afterAll(async () => {
  await t?.close();
});

describe('CBI direct debits', () => {
  it("bank accounts: ABI and CAB from the IBAN, the format by the IBAN's country, BIC/CUC/SIA checked in Italian", async () => {
    const iban = italianIban('03069', '09606', '100000012345');
    const ok = await a.post('collab', '/api/bank_accounts', {
      name: 'Intesa — incassi RiBa',
      iban: iban.toLowerCase(),
      bic: 'bcititmm',
      cuc: 'abc12345',
      sia: 'a1b2c',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data).toMatchObject({
      iban,
      abi: '03069',
      cab: '09606',
      bic: 'BCITITMM',
      cuc: 'ABC12345',
      sia: 'A1B2C',
      sdd_format: 'cbi_00_01_01',
    });
    // typed ABI/CAB are not taken: they follow the IBAN
    const id = ok.json().data.id as number;
    const moved = await a.put('collab', `/api/bank_accounts/${id}`, {
      iban: 'IT60X0542811101000000123456',
      abi: '99999',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ abi: '05428', cab: '11101' });

    const bad = await a.post('collab', '/api/bank_accounts', { name: 'X', bic: 'BANCA', cuc: '123', sia: 'AB-12' });
    expect(bad.statusCode).toBe(422);
    const errors = JSON.stringify(bad.json());
    expect(errors).toContain('BIC non valido: 8 o 11 caratteri');
    expect(errors).toContain('Codice CUC non valido: 8 tra lettere e cifre');
    expect(errors).toContain('Codice SIA non valido');
    const foreignCbi = await a.post('collab', '/api/bank_accounts', {
      name: 'Estero',
      iban: 'DE89370400440532013000',
      sdd_format: 'cbi_00_01_01',
    });
    expect(foreignCbi.statusCode).toBe(422);
    expect(JSON.stringify(foreignCbi.json())).toContain('Il formato CBI è dei conti presso una banca italiana');
    const n = await a.sql<{ n: number }>(
      `SELECT count(*)::int AS "n" FROM "bank_accounts" WHERE "name" IN ('X', 'Estero')`,
    );
    expect(n[0]!.n).toBe(0);
  });

  it("the demo studio's account is CBI 00.01.01 with a CUC: a month's batch gives a CBI file valid against ../shared/cbi, the same bytes at every download", async () => {
    expect(demoAccount.cuc).toMatch(/^[A-Z0-9]{8}$/);
    const rossi = await customerWithCharge('Rossi CBI', 150.3, {
      reference: 'CBI-ROSSI-1',
      iban: italianIban('02008', '05077', '000000001111'),
    });
    const bianchi = await customerWithCharge('Bianchi CBI', 99.7, {
      reference: 'CBI-BIANCHI-1',
      iban: italianIban('03069', '03204', '000000002222'),
    });
    const { plan, batch: b } = await batch([rossi.id, bianchi.id]);
    expect(plan).toMatchObject({
      format: 'cbi_00_01_01',
      format_label: 'CBI 00.01.01',
      account: { id: demoAccount.id, cuc: demoAccount.cuc },
      totals: { debits: 2, amount: 250 },
    });
    expect(b).toMatchObject({ format: 'cbi_00_01_01', file_name: `SDD_CBI_${b.message_id}.xml` });
    const file = await a.get('collab', `/api/sdd_batch/${b.id}/actions/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(`SDD_CBI_${b.message_id}.xml`);
    expect(await cbiSddErrors(file.body, '00.01.01')).toEqual([]);
    expect(file.body).toContain('<PhyMsgTpCd>INC-SDDC-01</PhyMsgTpCd>');
    expect(file.body).toMatch(new RegExp(`<Id>${demoAccount.cuc}</Id>\\s*<Issr>CBI</Issr>`));
    expect(file.body).toContain('<MmbId>05428</MmbId>');
    expect(file.body).toContain('<CtrlSum>250.00</CtrlSum>');
    // kept as sent: the stored file, whatever changed since (the account's CUC here)
    await a.sql(`UPDATE "bank_accounts" SET "cuc" = 'CHANGED1' WHERE "id" = $1`, [demoAccount.id]);
    const again = await a.get('collab', `/api/sdd_batch/${b.id}/actions/file`);
    expect(again.body).toBe(file.body);
    await a.sql(`UPDATE "bank_accounts" SET "cuc" = $2 WHERE "id" = $1`, [demoAccount.id, demoAccount.cuc]);
  });

  it('CORE and B2B debits in one batch: a ZIP of two physical messages (INC-SDDC-01, INC-SDDB-01), each valid, the same ZIP again', async () => {
    const core = await customerWithCharge('Verdi CBI CORE', 10, {
      reference: 'CBI-VERDI-1',
      iban: italianIban('02008', '05077', '000000003333'),
    });
    const b2b = await customerWithCharge('Neri CBI B2B S.r.l.', 20, {
      reference: 'CBI-NERI-1',
      iban: italianIban('05034', '01633', '000000004444'),
      scheme: 'B2B',
    });
    const { batch: b } = await batch([core.id, b2b.id]);
    expect(b.file_name).toBe(`SDD_CBI_${b.message_id}.zip`);
    const res = await a.get('collab', `/api/sdd_batch/${b.id}/actions/file`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/zip');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).sort()).toEqual([`SDD_CBI_${b.message_id}_B2B.xml`, `SDD_CBI_${b.message_id}_CORE.xml`]);
    const coreXml = strFromU8(files[`SDD_CBI_${b.message_id}_CORE.xml`]!);
    const b2bXml = strFromU8(files[`SDD_CBI_${b.message_id}_B2B.xml`]!);
    expect(await cbiSddErrors(coreXml, '00.01.01')).toEqual([]);
    expect(await cbiSddErrors(b2bXml, '00.01.01')).toEqual([]);
    expect(coreXml).toContain('INC-SDDC-01');
    expect(b2bXml).toContain('INC-SDDB-01');
    expect(b2bXml).toContain('<MndtId>CBI-NERI-1</MndtId>');
    const again = await a.get('collab', `/api/sdd_batch/${b.id}/actions/file`);
    expect(Buffer.compare(again.rawPayload, res.rawPayload)).toBe(0);
  });

  it('a mandate changed after its last debit: the preview says so and the file carries the amendment (another bank: SMNDA; the earlier reference)', async () => {
    const c = await customerWithCharge('Gialli CBI', 30, {
      reference: 'CBI-GIALLI-1',
      iban: italianIban('02008', '05077', '000000005555'),
    });
    await batch([c.id]);
    // the next month: a new charge; the customer moved to another bank and the mandate was renumbered
    await a.newMove(c.id, 'CHARGE', 31, '2032-04-10');
    const upd = await a.put('collab', `/api/sdd_mandates/${c.mandateId}`, {
      reference: 'CBI-GIALLI-2',
      iban: italianIban('03069', '03204', '000000005555'),
    });
    expect(upd.statusCode, upd.body).toBe(200);
    const { plan, batch: b } = await batch([c.id], { due_from: '2032-04-01', due_to: '2032-04-30' });
    expect(plan.debits[0].amendment).toBe(
      'mandato rinumerato: la banca lo conosce come CBI-GIALLI-1; nuovo IBAN in un’altra banca (SMNDA)',
    );
    const xml = (await a.get('collab', `/api/sdd_batch/${b.id}/actions/file`)).body;
    expect(await cbiSddErrors(xml, '00.01.01')).toEqual([]);
    expect(xml).toContain('<AmdmntInd>true</AmdmntInd>');
    expect(xml).toContain('<OrgnlMndtId>CBI-GIALLI-1</OrgnlMndtId>');
    expect(xml).toMatch(/<OrgnlDbtrAgt>\s*<FinInstnId>\s*<Othr>\s*<Id>SMNDA<\/Id>/);
  });

  it("issue 47 item 5: the customer's way to pay decides the collection and the invoice: RiBa left to RiBa, SDD without a mandate to fix, the invoice's MP12 with his bank's ABI/CAB", async () => {
    const riba = await customerWithCharge('Ferri RiBa', 90, {
      reference: 'CBI-FERRI-1',
      iban: italianIban('02008', '05077', '000000008888'),
    });
    const bankIban = italianIban('03069', '09606', '000000800099');
    // what an invoice needs of him too (VAT number, address)
    const set = await a.put('admin', `/api/customers/${riba.id}`, {
      collection_method: 'riba',
      bank_iban: bankIban,
      vat_id: '02000010013',
      address: 'Via Roma 1',
      postal_code: '00184',
      city: 'Roma',
      sdi_code: 'M5UXCR1',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ collection_method: 'riba', bank_iban: bankIban });
    const sddNoMandate = await a.newCustomer('Lodi SDD senza mandato', { collection_method: 'sdd' });
    await a.newMove(sddNoMandate, 'CHARGE', 40, '2032-03-12');
    const p = await a.post('collab', '/api/sdd/preview', {
      ...range,
      collection_date: tomorrow,
      customer_ids: [riba.id, sddNoMandate],
    });
    expect(p.statusCode, p.body).toBe(200);
    const plan = p.json().data;
    expect(plan.debits).toEqual([]);
    expect(plan.not_sdd.map((x: { customer_id: number; reasons: string[] }) => [x.customer_id, x.reasons])).toEqual([
      [riba.id, ['paga con ricevuta bancaria (RiBa), come dice la sua modalità di pagamento']],
    ]);
    expect(plan.left_out.map((x: { customer_id: number; reasons: string[] }) => [x.customer_id, x.reasons])).toEqual([
      [
        sddNoMandate,
        ['la sua modalità di pagamento è SDD ma non ha un mandato attivo: fai firmare un mandato in Mandati SDD'],
      ],
    ]);
    // his invoice says RiBa (MP12) at his bank, not the studio's IBAN
    const period = { from: '2032-03-10', to: '2032-03-10', customer_ids: [riba.id] };
    const prev = await a.post('collab', '/api/invoicing/preview', period);
    expect(prev.statusCode, prev.body).toBe(200);
    expect(prev.json().data.invoices, JSON.stringify(prev.json().data.skipped)).toHaveLength(1);
    const run = await a.post('collab', '/api/invoicing/run', { ...period, fingerprint: prev.json().data.fingerprint });
    expect(run.statusCode, run.body).toBe(201);
    const [inv] = await a.sql<{ id: number }>(
      `SELECT "id" FROM "e_documents" WHERE "customer_id" = $1 AND "deleted_at" IS NULL ORDER BY "id" DESC LIMIT 1`,
      [riba.id],
    );
    const xml = (await a.get('collab', `/api/edocuments/${inv!.id}/actions/download_xml`)).body;
    expect(xml).toContain('<ModalitaPagamento>MP12</ModalitaPagamento>');
    expect(xml).toContain('<ABI>03069</ABI>');
    expect(xml).toContain('<CAB>09606</CAB>');
    expect(xml).not.toContain('<IBAN>');
  });

  it("an account without a CUC, another studio's account, a foreign id: refused in Italian, nothing written", async () => {
    const c = await customerWithCharge('Azzurri CBI', 12, {
      reference: 'CBI-AZZURRI-1',
      iban: italianIban('02008', '05077', '000000006666'),
    });
    const acc = await a.post('collab', '/api/bank_accounts', {
      name: 'UniCredit senza CUC',
      iban: italianIban('02008', '05077', '000000777777'),
    });
    expect(acc.statusCode, acc.body).toBe(201);
    const before = await a.sql<{ n: number }>(`SELECT count(*)::int AS "n" FROM "sdd_batches"`);
    const body = { ...range, collection_date: tomorrow, customer_ids: [c.id] };
    const noCuc = await a.post('collab', '/api/sdd/preview', { ...body, bank_account_id: acc.json().data.id });
    expect(noCuc.statusCode).toBe(422);
    expect(noCuc.json().message).toContain("Manca il codice CUC del conto 'UniCredit senza CUC'");
    const other = await a.sql<{ id: number }>(
      `SELECT "id" FROM "bank_accounts" WHERE "studio_id" <> $1 AND "deleted_at" IS NULL LIMIT 1`,
      [demoId],
    );
    const foreign = await a.post('collab', '/api/sdd/preview', { ...body, bank_account_id: other[0]!.id });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().message).toContain('Conto non trovato');
    const junk = await a.post('collab', '/api/sdd/preview', { ...body, bank_account_id: 'abc' });
    expect(junk.statusCode).toBe(422);
    const after = await a.sql<{ n: number }>(`SELECT count(*)::int AS "n" FROM "sdd_batches"`);
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});
