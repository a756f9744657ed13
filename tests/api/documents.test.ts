/**
 * Documents for the customers (issue 11): payment notices C21 (PDF) and C22 (HTML as .doc), one
 * file for one customer, a zip for several. Every file is read with real tools: pdftotext,
 * unzip, and the QR code decoded from the rendered page (pdftoppm + jsQR).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import jsQR from 'jsqr';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, type Api } from '../helpers/api.js';

let t: TestApp;
let a: Api;
let demoId: number;
let bianchiId: number;
let customers: Array<{ id: number; business_name: string; vat_id: string | null }>;
let serviceId: number;
let studioIban: string;
const dir = mkdtempSync(join(tmpdir(), 'gs-docs-'));

beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
  demoId = await a.studioId('Studio Demo');
  // the statement's mechanics are tested here: a studio whose payable is the fee (the payable: payable.test.ts)
  await a.feeIsPayable(demoId);
  bianchiId = await a.studioId('Studio Bianchi');
  customers = (
    await a.sql<{ id: number; business_name: string; vat_id: string | null }>(
      'SELECT "id", "business_name", "vat_id" FROM "customers" WHERE "studio_id" = $1 AND "deleted_at" IS NULL ORDER BY "business_name" LIMIT 3',
      [demoId],
    )
  ).map((c) => ({ ...c, id: Number(c.id) }));
  // a service without a bank account: the studio's IBAN applies
  const [svc] = await a.sql<{ id: number }>(
    `INSERT INTO "studio_services" ("studio_id", "cod", "description", "cost") VALUES ($1, 'DOCTEST', 'Tenuta contabilità trimestrale', 250) RETURNING "id"`,
    [demoId],
  );
  serviceId = Number(svc!.id);
  studioIban = String(
    (await a.sql<{ iban: string }>('SELECT "iban" FROM "studios" WHERE "id" = $1', [demoId]))[0]!.iban,
  ).replace(/\s+/g, '');
  await a.headers('collab');
});
afterAll(async () => {
  await t?.close();
});

const save = (name: string, body: Buffer) => {
  const p = join(dir, name);
  writeFileSync(p, body);
  return p;
};
const pdfText = (path: string) => execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
const query = (ids: number[], amount = '1234.5', service = serviceId) => ({
  customers_ids: JSON.stringify(ids),
  amount,
  studio_service_id: String(service),
});

/** The QR code of the first page, rendered at 150 dpi and decoded. */
function qrOf(pdf: string): string | null {
  const prefix = join(dir, `page-${Math.random().toString(36).slice(2)}`);
  execFileSync('pdftoppm', ['-png', '-r', '150', '-f', '1', '-l', '1', pdf, prefix]);
  const png = readdirSync(dir)
    .filter((f) => join(dir, f).startsWith(prefix))
    .map((f) => join(dir, f))[0]!;
  const img = PNG.sync.read(readFileSync(png));
  return jsQR(new Uint8ClampedArray(img.data), img.width, img.height)?.data ?? null;
}

describe('C21 C22 bollettini', () => {
  it('C21 download_pdf: one customer gives Bollettino.pdf with studio, customer, service, amount in it-IT, causale and IBAN in clear text, and an EPC QR code of the same transfer', async () => {
    const c = customers[0]!;
    const res = await a.get('collab', '/api/bollettino/actions/download_pdf', query([c.id]));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('filename="Bollettino.pdf"');
    const path = save('one.pdf', res.rawPayload);
    const text = pdfText(path).replace(/\s+/g, ' ');
    expect(text).toContain('Avviso di pagamento');
    expect(text).toContain('Studio Demo');
    expect(text).toContain(c.business_name);
    expect(text).toContain('Tenuta contabilità trimestrale');
    expect(text).toContain('1.234,50 €');
    const grouped = studioIban.replace(/(.{4})(?=.)/g, '$1 ');
    expect(text).toContain(grouped);
    expect(text).toContain(`Causale Tenuta contabilità trimestrale - ${c.business_name}`);
    const qr = qrOf(path);
    expect(qr).not.toBeNull();
    const lines = qr!.split('\n');
    expect(lines.slice(0, 4)).toEqual(['BCD', '002', '1', 'SCT']);
    expect(lines[6]).toBe(studioIban);
    expect(lines[7]).toBe('EUR1234.50');
    expect(lines[10]).toContain(`Tenuta contabilità trimestrale - ${c.business_name}`);
    expect(lines[5]).toMatch(/Studio Demo/);
  });

  it("C21 download_pdf: the IBAN of the service's bank account wins over the studio's", async () => {
    const iban = 'IT60X0542811101000000123456';
    const [bank] = await a.sql<{ id: number }>(
      `INSERT INTO "bank_accounts" ("studio_id", "name", "iban") VALUES ($1, 'Conto dedicato', $2) RETURNING "id"`,
      [demoId, iban],
    );
    const [svc] = await a.sql<{ id: number }>(
      `INSERT INTO "studio_services" ("studio_id", "description", "cost", "bank_account_id") VALUES ($1, 'Paghe', 10, $2) RETURNING "id"`,
      [demoId, bank!.id],
    );
    const res = await a.get(
      'collab',
      '/api/bollettino/actions/download_pdf',
      query([customers[1]!.id], '99.9', Number(svc!.id)),
    );
    expect(res.statusCode).toBe(200);
    const path = save('bank.pdf', res.rawPayload);
    expect(pdfText(path)).toContain('IT60 X054 2811 1010 0000 0123 456');
    expect(pdfText(path)).toContain('99,90 €');
    expect(qrOf(path)!.split('\n')[6]).toBe(iban);
  });

  it('C21 download_pdf: several customers give Bollettini.zip with one named PDF each', async () => {
    const ids = customers.map((c) => c.id);
    const res = await a.get('collab', '/api/bollettino/actions/download_pdf', query(ids));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain('filename="Bollettini.zip"');
    const zip = save('many.zip', res.rawPayload);
    const out = join(dir, 'many');
    execFileSync('unzip', ['-q', zip, '-d', out]);
    const files = readdirSync(out).sort();
    expect(files).toHaveLength(3);
    for (const c of customers) {
      const name = files.find((f) => f.endsWith(`_${c.id}.pdf`));
      expect(name, `${c.business_name}`).toMatch(/^Bollettino_[A-Za-z0-9._-]+\.pdf$/);
      expect(pdfText(join(out, name!))).toContain(c.business_name);
    }
  });

  it('C22 download_html: one customer gives Bollettino.html.doc, escaped HTML with the same data, served as application/msword', async () => {
    // a copy of a demo customer with markup in its name
    const cols = (
      await a.sql<{ c: string }>(
        `SELECT column_name AS c FROM information_schema.columns WHERE table_name = 'customers' AND column_name NOT IN ('id', 'cod', 'business_name')`,
      )
    )
      .map((r) => `"${r.c}"`)
      .join(', ');
    const [evil] = await a.sql<{ id: number }>(
      `INSERT INTO "customers" (${cols}, "business_name") SELECT ${cols}, '<script>alert(1)</script> & Figli' FROM "customers" WHERE "id" = $1 RETURNING "id"`,
      [customers[0]!.id],
    );
    const res = await a.get('collab', '/api/bollettino/actions/download_html', query([Number(evil!.id)], '10'));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/msword/);
    expect(res.headers['content-disposition']).toContain('filename="Bollettino.html.doc"');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; Figli');
    expect(res.body).not.toContain('<script>');
    expect(res.body).toContain('10,00 €');
    expect(res.body).toMatch(/<img src="data:image\/png;base64,[A-Za-z0-9+/=]+" alt="Codice QR del bonifico"/);
  });

  it('C22 download_html: several customers give Bollettini.zip of .html.doc files', async () => {
    const res = await a.get(
      'collab',
      '/api/bollettino/actions/download_html',
      query(customers.slice(0, 2).map((c) => c.id)),
    );
    expect(res.statusCode).toBe(200);
    const zip = save('html.zip', res.rawPayload);
    const list = execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).trim().split('\n');
    expect(list).toHaveLength(2);
    expect(list.every((n) => /^Bollettino_[A-Za-z0-9._-]+\.html\.doc$/.test(n))).toBe(true);
  });

  it('C21 C22 bollettini: missing or bad fields answer 422 on each field with Italian messages', async () => {
    const res = await a.get('collab', '/api/bollettino/actions/download_pdf', { customers_ids: '[]', amount: '-3' });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors;
    expect(errors.customers_ids).toEqual(['Seleziona almeno un cliente']);
    expect(errors.studio_service_id).toEqual(['Campo Obbligatorio']);
    expect(errors.amount?.[0]).toBeTruthy();
    const zero = await a.get('collab', '/api/bollettino/actions/download_pdf', query([customers[0]!.id], '0'));
    expect(zero.statusCode).toBe(422);
    expect(zero.json().errors.amount).toBeDefined();
  });

  it('C21 bollettini: a customer or a service of another studio answers 404; Utente cannot print (403)', async () => {
    const [other] = await a.sql<{ id: number }>('SELECT "id" FROM "customers" WHERE "studio_id" = $1 LIMIT 1', [
      bianchiId,
    ]);
    const [otherSvc] = await a.sql<{ id: number }>(
      `INSERT INTO "studio_services" ("studio_id", "description", "cost") VALUES ($1, 'Altro studio', 5) RETURNING "id"`,
      [bianchiId],
    );
    expect(
      (await a.get('collab', '/api/bollettino/actions/download_pdf', query([customers[0]!.id, Number(other!.id)])))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await a.get(
          'collab',
          '/api/bollettino/actions/download_pdf',
          query([customers[0]!.id], '5', Number(otherSvc!.id)),
        )
      ).statusCode,
    ).toBe(404);
    const headers = await a.utente('utente.documenti@studiodemo.test');
    const qs = new URLSearchParams(query([customers[0]!.id])).toString();
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/bollettino/actions/download_pdf?${qs}`, headers })).statusCode,
    ).toBe(403);
  });
});

describe('C29 C30 account statements', () => {
  /** a customer copied from a demo one, with these movements only */
  async function customerWith(name: string, moves: Array<[string, number, string, string]>) {
    const cols = (
      await a.sql<{ c: string }>(
        `SELECT column_name AS c FROM information_schema.columns WHERE table_name = 'customers' AND column_name NOT IN ('id', 'cod', 'business_name')`,
      )
    )
      .map((r) => `"${r.c}"`)
      .join(', ');
    const [c] = await a.sql<{ id: number }>(
      `INSERT INTO "customers" (${cols}, "business_name") SELECT ${cols}, $2 FROM "customers" WHERE "id" = $1 RETURNING "id"`,
      [customers[0]!.id, name],
    );
    const id = Number(c!.id);
    for (const [type, amount, date, note] of moves) {
      await a.sql(
        `INSERT INTO "transactions" ("studio_id", "customer_id", "type", "amount", "date", "transaction_note") VALUES ($1, $2, $3, $4, $5, $6)`,
        [demoId, id, type, amount, date, note],
      );
    }
    return id;
  }

  it('C29 account_balance_pdf: one customer gives EstrattoConto.pdf with the opening balance, the movements of the period with the running balance and the closing balance', async () => {
    const id = await customerWith('Estratto Documento S.r.l.', [
      ['CHARGE', 1000, '2025-12-10 00:00:00', 'Rata dicembre'],
      ['PAYMENT', 250.5, '2026-01-15 00:00:00', 'Bonifico parziale'],
      ['CHARGE', 300, '2026-02-01 00:00:00', 'Rata febbraio'],
      ['ADJUSTMENT', -10.25, '2026-03-01 00:00:00', 'Arrotondamento'],
      ['CHARGE', 999, '2027-01-01 00:00:00', 'Fuori periodo'],
    ]);
    const res = await a.get('collab', '/api/account_balance_pdf', {
      customer_ids: `[${id}]`,
      from: '2026-01-01',
      to: '2026-12-31',
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="EstrattoConto.pdf"');
    const text = pdfText(save('statement.pdf', res.rawPayload));
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Estratto conto');
    expect(flat).toContain('Estratto Documento S.r.l.');
    expect(flat).toContain('dal 01-01-2026 al 31-12-2026');
    expect(flat).toMatch(/Saldo iniziale 1\.000,00 €/);
    // each movement with its running balance
    expect(flat).toMatch(/15-01-2026 Incasso – Bonifico parziale 250,50 € 749,50 €/);
    expect(flat).toMatch(/01-02-2026 Addebito – Rata febbraio 300,00 € 1\.049,50 €/);
    expect(flat).toMatch(/01-03-2026 Conguaglio – Arrotondamento 10,25 € 1\.039,25 €/);
    expect(flat).toMatch(/Saldo finale 1\.039,25 €/);
    expect(flat).not.toContain('Fuori periodo');
    expect(flat).toContain('Saldo a vostro debito: 1.039,25 €.');
  });

  it('C29 C30 several customers give EstrattiConto.zip with one statement each; the HTML variant is escaped', async () => {
    const one = await customerWith('Zip Uno <b>S.r.l.</b>', [['CHARGE', 10, '2026-05-01 00:00:00', 'x']]);
    const two = await customerWith('Zip Due S.r.l.', []);
    const res = await a.get('collab', '/api/account_balance_pdf', {
      customer_ids: `[${one},${two}]`,
      from: '01-01-2026',
      to: '31-12-2026',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="EstrattiConto.zip"');
    const names = execFileSync('unzip', ['-Z1', save('statements.zip', res.rawPayload)], { encoding: 'utf8' })
      .trim()
      .split('\n');
    expect(names.sort()).toEqual([
      `EstrattoConto_Zip_Due_S.r.l._${two}.pdf`,
      `EstrattoConto_Zip_Uno_b_S.r.l._b_${one}.pdf`,
    ]);
    const html = await a.get('collab', '/api/account_balance_html', {
      customer_ids: `[${one}]`,
      from: '2026-01-01',
      to: '2026-12-31',
    });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toMatch(/^application\/msword/);
    expect(html.headers['content-disposition']).toContain('filename="EstrattoConto.html.doc"');
    expect(html.body).toContain('Zip Uno &lt;b&gt;S.r.l.&lt;/b&gt;');
    expect(html.body).toContain('10,00 €');
  });

  it('C29 bad periods answer 422 in Italian; a customer of another studio 404', async () => {
    const bad = await a.get('collab', '/api/account_balance_pdf', {
      customer_ids: `[${customers[0]!.id}]`,
      from: '2026-12-31',
      to: '2026-01-01',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.from).toEqual(['La data di inizio intervallo è maggiore di quella di fine']);
    const wrong = await a.get('collab', '/api/account_balance_pdf', {
      customer_ids: `[${customers[0]!.id}]`,
      from: '31/02/2026',
    });
    expect(wrong.json().errors.from).toEqual(['formato corretto DD-MM-YYYY']);
    const [other] = await a.sql<{ id: number }>('SELECT "id" FROM "customers" WHERE "studio_id" = $1 LIMIT 1', [
      bianchiId,
    ]);
    expect((await a.get('collab', '/api/account_balance_pdf', { customer_ids: `[${other!.id}]` })).statusCode).toBe(
      404,
    );
  });
});

describe('C33 transfer letter', () => {
  it("C33 lettera_bonifico_pdf: one customer and an amount give LetteraBonifico.pdf with the studio's IBAN, the amount, the reason and the legal representative", async () => {
    const c = customers[0]!;
    const [rep] = await a.sql<{ name: string; surname: string | null }>(
      `SELECT l."name", l."surname" FROM "customers" c JOIN "legal_representatives" l ON l."id" = c."legal_representative_id" WHERE c."id" = $1`,
      [c.id],
    );
    const res = await a.get('collab', '/api/lettera_bonifico_pdf/actions/download_pdf', {
      customers_ids: `[${c.id}]`,
      amount: '480,00',
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('filename="LetteraBonifico.pdf"');
    const flat = pdfText(save('letter.pdf', res.rawPayload)).replace(/\s+/g, ' ');
    expect(flat).toContain('Oggetto: disposizione di bonifico');
    expect(flat).toContain(c.business_name);
    expect(flat).toContain('480,00 €');
    expect(flat).toContain(studioIban.replace(/(.{4})(?=.)/g, '$1 '));
    expect(flat).toContain(`Compensi professionali Studio Demo - ${c.business_name}`);
    if (rep) expect(flat).toContain([rep.name, rep.surname].filter(Boolean).join(' '));
  });

  it("C33 lettera_bonifico_pdf: more than one customer answers 422 'Attenzione scegli solo un cliente'; no amount 422; another studio's customer 404", async () => {
    const two = await a.get('collab', '/api/lettera_bonifico_pdf/actions/download_pdf', {
      customers_ids: `[${customers[0]!.id},${customers[1]!.id}]`,
      amount: '10',
    });
    expect(two.statusCode).toBe(422);
    expect(two.json().errors.customers_ids).toEqual(['Attenzione scegli solo un cliente']);
    const none = await a.get('collab', '/api/lettera_bonifico_pdf/actions/download_pdf', {
      customers_ids: `[${customers[0]!.id}]`,
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.amount).toBeDefined();
    const [other] = await a.sql<{ id: number }>('SELECT "id" FROM "customers" WHERE "studio_id" = $1 LIMIT 1', [
      bianchiId,
    ]);
    expect(
      (
        await a.get('collab', '/api/lettera_bonifico_pdf/actions/download_pdf', {
          customers_ids: `[${other!.id}]`,
          amount: '10',
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('C27 C28 contracts', () => {
  it('C27 accounting_contract_pdf: the engagement letter of one customer with the manager, the customer, its legal representative, the fee and its installments in exact cents', async () => {
    const [c] = await a.sql<{ id: number; business_name: string }>(
      `SELECT c."id", c."business_name" FROM "customers" c JOIN "legal_representatives" l ON l."id" = c."legal_representative_id"
      WHERE c."studio_id" = $1 AND c."deleted_at" IS NULL AND c."address" IS NOT NULL AND c."city" IS NOT NULL ORDER BY c."id" LIMIT 1`,
      [demoId],
    );
    await a.sql(
      'UPDATE "customers" SET "yearly_accounting_amount" = 1000, "yearly_number_of_installments" = 3 WHERE "id" = $1',
      [c!.id],
    );
    const [m] = await a.sql<{ manager_name: string; manager_surname: string; sign_city: string }>(
      'SELECT "manager_name", "manager_surname", "sign_city" FROM "studios" WHERE "id" = $1',
      [demoId],
    );
    const res = await a.get('collab', '/api/accounting_contract_pdf', { customer_id: String(c!.id) });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('filename="Contratto.pdf"');
    const flat = pdfText(save('contract.pdf', res.rawPayload)).replace(/\s+/g, ' ');
    expect(flat).toContain('Lettera di incarico professionale');
    expect(flat).toContain(`${m!.manager_name} ${m!.manager_surname}`);
    expect(flat).toContain(c!.business_name);
    expect(flat).toContain('compenso annuo di 1.000,00 €');
    expect(flat).toContain('in 3 rate con cadenza quadrimestrale (333,33 €, 333,33 €, 333,34 €)');
    expect(flat).toContain(`foro di ${m!.sign_city}`);
    const html = await a.get('collab', '/api/accounting_contract_html', { customer_id: String(c!.id) });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-disposition']).toContain('filename="Contratto.html.doc"');
    expect(html.headers['content-type']).toMatch(/^application\/msword/);
    expect(html.body).toContain('Lettera di incarico professionale');
  });

  it('C27 C28 a customer without a legal representative, or a studio with missing manager data, answers 422 naming what is missing', async () => {
    const cols = (
      await a.sql<{ c: string }>(
        `SELECT column_name AS c FROM information_schema.columns WHERE table_name = 'customers' AND column_name NOT IN ('id', 'cod', 'business_name', 'legal_representative_id')`,
      )
    )
      .map((r) => `"${r.c}"`)
      .join(', ');
    // the legal representative is required on a customer: one that was trashed is none
    const [rep] = await a.sql<{ id: number }>(
      `INSERT INTO "legal_representatives" ("studio_id", "name", "surname", "deleted_at") VALUES ($1, 'Cestinato', 'Rossi', LOCALTIMESTAMP) RETURNING "id"`,
      [demoId],
    );
    const [orphan] = await a.sql<{ id: number }>(
      `INSERT INTO "customers" (${cols}, "business_name", "legal_representative_id") SELECT ${cols}, 'Senza Rappresentante S.r.l.', $2 FROM "customers" WHERE "id" = $1 RETURNING "id"`,
      [customers[0]!.id, rep!.id],
    );
    const res = await a.get('collab', '/api/accounting_contract_pdf', { customer_id: String(orphan!.id) });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain('Legale rappresentante (cliente)');
    // Studio Bianchi's card is incomplete: its manager data are named
    await a.headers('bianchi');
    const [b] = await a.sql<{ id: number }>(
      'SELECT "id" FROM "customers" WHERE "studio_id" = $1 AND "deleted_at" IS NULL LIMIT 1',
      [bianchiId],
    );
    await a.sql(`UPDATE "studios" SET "manager_cf" = NULL WHERE "id" = $1`, [bianchiId]);
    const inc = await a.get('bianchi', '/api/accounting_contract_pdf', { customer_id: String(b!.id) });
    expect(inc.statusCode).toBe(422);
    expect(inc.json().message).toMatch(/^Dati mancanti per il contratto: .*Codice fiscale responsabile \(studio\)/);
    // another studio's customer
    expect((await a.get('collab', '/api/accounting_contract_pdf', { customer_id: String(b!.id) })).statusCode).toBe(
      404,
    );
  });
});
