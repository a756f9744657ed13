/**
 * The SEPA mandate signed online in the customers' area (issue 50 item 4) through the HTTP
 * interface: the tile and the page only for the customers the studio collects by SDD (method 'sdd',
 * or 'auto' with an active mandate); the form with the creditor's data and the CORE wording; the
 * signature writes an active FRST CORE mandate signed today with the IBAN as typed (normalized),
 * revokes the earlier one, stores the evidence (person, name, e-mail, IP, browser, the PDF as signed
 * and its SHA-256) and notifies the studio without the IBAN; 'Incassa con SDD' then debits the
 * customer under the new mandate. Bad input (IBAN, checkbox, name), a missing CSRF token, a customer
 * not collected by SDD and a studio without its creditor identifier write nothing. The studio's
 * calls list the signatures and give the PDF as stored; another studio's customer is 404, the Utente
 * is refused.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, romeToday, type Api } from '../helpers/api.js';
import { portalClient, textOf } from '../helpers/portal.js';
import { addDays, nextTarget2Day } from '../../model/dates.js';
import { isSepaId } from '../../model/validators.js';

let t: TestApp;
let a: Api;
let demoId: number;
let alfa: number;
let beta: number;
let gamma: number;
let delta: number;
const BASE = 'https://gestionale.example.it';
const CID = 'IT66ZZZA1B2C3D4E5F6G7H8';
const OLD_IBAN = 'IT60X0542811101000000123456';
const NEW_IBAN = 'IT42L1234512345123456789012';
const UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Test/1.0';
const today = romeToday();
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const { page, enter } = portalClient(
  () => t,
  () => a,
);

type Who = { cookie: string; csrf: string };

/** the signature's form, posted as the page posts it (with the browser's User-Agent) */
const sign = (who: Who, fields: Record<string, string>, csrf: string | null = who.csrf) =>
  t.app.inject({
    method: 'POST',
    url: '/area-clienti/mandato',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: who.cookie, 'user-agent': UA },
    payload: new URLSearchParams({ ...(csrf ? { csrf } : {}), ...fields }).toString(),
  });

const GOOD = {
  intestatario: 'Carla Alfa',
  iban: 'it42 l123 4512 3451 2345 6789 012',
  autorizzo: '1',
  firmatario: 'Carla Alfa',
};

/** what a customer's signature wrote: his mandates and the evidence */
async function written(customer: number) {
  const [r] = await a.sql<{ mandates: number; signatures: number; active: number }>(
    `SELECT (SELECT count(*)::int FROM "sdd_mandates" WHERE "customer_id" = $1) AS "mandates",
      (SELECT count(*)::int FROM "portal_mandate_signatures" WHERE "customer_id" = $1) AS "signatures",
      (SELECT count(*)::int FROM "sdd_mandates" WHERE "customer_id" = $1 AND "status" = 'active') AS "active"`,
    [customer],
  );
  return r!;
}

const tilesOf = async (who: Who) => textOf((await page('/area-clienti', who.cookie)).body);

beforeAll(async () => {
  t = await startTestApp({ env: { SERVER_BASEURL: BASE } });
  a = api(t);
  demoId = await a.studioId('Studio Demo');
  await a.sql(`UPDATE "studios" SET "sdd_creditor_id" = $2 WHERE "id" = $1`, [demoId, CID]);
  alfa = await a.newCustomer('Alfa Mandati S.r.l.', { collection_method: 'sdd' });
  beta = await a.newCustomer('Beta Bonifico S.r.l.', { collection_method: 'bonifico' });
  gamma = await a.newCustomer('Gamma Automatica S.r.l.', { collection_method: 'auto' });
  delta = await a.newCustomer('Delta Senza Mandato S.r.l.', { collection_method: 'sdd' });
  // Alfa's mandate on paper, signed a month ago
  const m = await a.post('collab', '/api/sdd_mandates', {
    customer_id: alfa,
    reference: 'ALFA-CARTA-1',
    iban: OLD_IBAN,
    signature_date: addDays(today, -30),
    scheme: 'CORE',
    sequence_type: 'RCUR',
    status: 'active',
    note: 'Firmato in studio',
  });
  expect(m.statusCode, m.body).toBe(201);
});
afterAll(async () => {
  await t?.close();
});

describe('issue 50 the SEPA mandate signed online', () => {
  let carla: Who;
  let signatureId = 0;
  let reference = '';
  beforeAll(async () => {
    carla = await enter(alfa, 'carla@alfamandati.test');
  });

  it('a customer collected by SDD without a mandate: the tile to sign, the form with the creditor, the CORE wording and the checkbox', async () => {
    const dora = await enter(delta, 'dora@deltamandati.test');
    const home = await page('/area-clienti', dora.cookie);
    expect(home.body).toContain('href="/area-clienti/mandato"');
    expect(home.body).toMatch(/aria-label="1 mandato da firmare">1</);
    const r = await page('/area-clienti/mandato', dora.cookie);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-security-policy']).toContain("default-src 'none'");
    const text = textOf(r.body);
    expect(r.body).toMatch(/<h2 id="firma">Firma il mandato<\/h2>/);
    expect(text).toContain('Non c’è ancora un mandato attivo');
    // the holder is the customer by default; the studio wrote no name for the person: the signer is to type
    expect(r.body).toMatch(/id="intestatario" name="intestatario" value="Delta Senza Mandato S\.r\.l\."/);
    expect(r.body).toMatch(/id="firmatario" name="firmatario" value=""/);
    expect(text).toContain(`Codice identificativo del creditore (CID) ${CID}`);
    expect(text).toContain('Studio Demo');
    expect(text).toContain(
      'il rimborso deve essere richiesto nel termine di 8 settimane a decorrere dalla data di addebito',
    );
    expect(r.body).toMatch(/<input type="checkbox" id="autorizzo" name="autorizzo" value="1" required>/);
    expect(text).toContain('Autorizzo Studio Demo');
    expect(r.body).toMatch(
      /<form method="post" action="\/area-clienti\/mandato" novalidate>\s*<input type="hidden" name="csrf" value="[\w-]+">/,
    );
    // B2B is not offered online
    expect(text).not.toContain('B2B');
  });

  it('with a mandate on paper: the page shows it with the IBAN masked but its last 4 characters, and offers to change the account', async () => {
    const home = await tilesOf(carla);
    expect(home).toContain('Mandato SEPA');
    const r = await page('/area-clienti/mandato', carla.cookie);
    const text = textOf(r.body);
    expect(text).toContain('Riferimento del mandato ALFA-CARTA-1');
    expect(text).toMatch(/Conto addebitato \(IBAN\) (•••• ){6}3456/);
    expect(r.body).not.toContain(OLD_IBAN);
    expect(r.body).not.toContain('IT60 X054');
    expect(text).toContain(`Data di firma ${addDays(today, -30).split('-').reverse().join('-')}`);
    expect(text).toContain('Schema SDD CORE');
    expect(r.body).toMatch(/<h2 id="firma">Cambia il conto di addebito<\/h2>/);
    // signed on paper: no PDF signed here to download
    expect(text).not.toContain('Scarica il mandato firmato');
  });

  it('bad input is the form again (422) with Italian messages by field, what was typed kept, nothing written', async () => {
    const before = await written(alfa);
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ ...GOOD, iban: 'IT61 X054 2811 1010 0000 0123 456' }, 'iban', 'IBAN non valido'],
      [{ ...GOOD, iban: '' }, 'iban', "Scriva l'IBAN del conto da addebitare"],
      [{ ...GOOD, autorizzo: '' }, 'autorizzo', 'Per firmare il mandato spunti la casella «Autorizzo …»'],
      [{ ...GOOD, firmatario: '   ' }, 'firmatario', 'Scriva il suo nome e cognome per firmare il mandato'],
      [{ ...GOOD, intestatario: '' }, 'intestatario', "Scriva l'intestatario del conto da addebitare"],
      [{ ...GOOD, intestatario: 'X'.repeat(71) }, 'intestatario', 'al massimo 70 caratteri'],
    ];
    for (const [fields, field, message] of cases) {
      const r = await sign(carla, fields);
      expect(r.statusCode, `${field}: ${message}`).toBe(422);
      const err = new RegExp(`<p class="error" id="${field}-err">([^<]*)</p>`).exec(r.body);
      expect(textOf(err?.[1] ?? '')).toContain(message);
      expect(r.body).toMatch(new RegExp(`id="${field}"[^>]*aria-invalid="true"`));
      expect(textOf(r.body)).toContain('il mandato non è ancora firmato');
    }
    // what was typed is kept
    const again = await sign(carla, { ...GOOD, autorizzo: '' });
    expect(again.body).toContain('value="IT42 L123 4512 3451 2345 6789 012"');
    expect(again.body).toContain('name="firmatario" value="Carla Alfa"');
    expect(await written(alfa)).toEqual(before);
  });

  it('without the CSRF token: 403, nothing written', async () => {
    const before = await written(alfa);
    const r = await sign(carla, GOOD, null);
    expect(r.statusCode).toBe(403);
    const forged = await sign(carla, GOOD, 'x'.repeat(40));
    expect(forged.statusCode).toBe(403);
    expect(await written(alfa)).toEqual(before);
  });

  it('signing writes an active FRST CORE mandate signed today, revokes the earlier one, stores the evidence and the PDF as signed', async () => {
    const r = await sign(carla, GOOD);
    expect(r.statusCode, r.body).toBe(303);
    expect(r.headers.location).toBe('/area-clienti/mandato?firmato=1');
    const mandates = await a.sql<{
      id: number;
      reference: string;
      iban: string;
      debtor_name: string | null;
      signature_date: string;
      scheme: string;
      sequence_type: string;
      status: string;
      note: string;
    }>(
      `SELECT "id", "reference", "iban", "debtor_name", to_char("signature_date", 'YYYY-MM-DD') AS "signature_date", "scheme",
        "sequence_type", "status", "note" FROM "sdd_mandates" WHERE "customer_id" = $1 ORDER BY "id"`,
      [alfa],
    );
    expect(mandates).toHaveLength(2);
    const [old, created] = mandates as [(typeof mandates)[0], (typeof mandates)[0]];
    reference = created.reference;
    expect(reference).toMatch(new RegExp(`^MND-WEB-${alfa}-${today.replaceAll('-', '')}-[A-Z2-9]{6}$`));
    expect(reference.length).toBeLessThanOrEqual(35);
    expect(isSepaId(reference)).toBe(true);
    expect(created).toMatchObject({
      iban: NEW_IBAN,
      debtor_name: 'Carla Alfa',
      signature_date: today,
      scheme: 'CORE',
      sequence_type: 'FRST',
      status: 'active',
    });
    expect(created.note).toMatch(
      /^Firmato online nell'area clienti da Carla Alfa \(carla@alfamandati\.test\) il \d{2}-\d{2}-\d{4} \d{2}:\d{2} \(IP [\d.:a-f]+\)$/,
    );
    expect(old.status).toBe('revoked');
    expect(old.note).toContain('Firmato in studio\nRevocato il ');
    expect(old.note).toContain(`sostituito dal mandato ${reference} firmato online nell'area clienti da Carla Alfa`);

    const [ev] = await a.sql<{
      id: number;
      mandate_id: number;
      person_id: number;
      signer_name: string;
      signer_email: string;
      ip: string;
      user_agent: string;
      signed_at: string;
      pdf: Uint8Array;
      sha256: string;
      studio_id: number;
    }>(
      `SELECT s."id", s."mandate_id", s."person_id", s."signer_name", s."signer_email", s."ip", s."user_agent",
        to_char(s."signed_at", 'YYYY-MM-DD') AS "signed_at", s."pdf", s."sha256", s."studio_id"
      FROM "portal_mandate_signatures" s WHERE s."customer_id" = $1`,
      [alfa],
    );
    signatureId = ev!.id;
    const [person] = await a.sql<{ id: number }>(
      `SELECT "id" FROM "portal_people" WHERE "email" = 'carla@alfamandati.test'`,
    );
    expect(ev).toMatchObject({
      mandate_id: created.id,
      person_id: person!.id,
      signer_name: 'Carla Alfa',
      signer_email: 'carla@alfamandati.test',
      user_agent: UA,
      signed_at: today,
      studio_id: demoId,
    });
    expect(ev!.ip).toMatch(/^[\d.:a-f]+$/);
    expect(created.note).toContain(`(IP ${ev!.ip})`);
    const pdf = Buffer.from(ev!.pdf);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(ev!.sha256).toBe(sha256(pdf));
    if (existsSync('/usr/bin/pdftotext')) {
      const f = join(mkdtempSync(join(tmpdir(), 'mandate-')), 'mandato.pdf');
      writeFileSync(f, pdf);
      const out = execFileSync('/usr/bin/pdftotext', [f, '-']).toString().replace(/\s+/g, ' ');
      expect(out).toContain('IT42 L123 4512 3451 2345 6789 012');
      expect(out).toContain(reference);
      expect(out).toContain(CID);
      expect(out).toContain('Carla Alfa');
      expect(out).toContain('8 settimane');
      expect(out).toMatch(/Firmato online nell'area clienti di Studio Demo da Carla Alfa \(carla@alfamandati\.test\)/);
      expect(out).toContain(`dall'indirizzo IP ${ev!.ip}`);
    }
    // the mandates' history says who did it
    const history = await a.sql<{ record_id: number; action: string; user_name: string }>(
      `SELECT "record_id", "action", "user_name" FROM "audit_log" WHERE "model" = 'SddMandate' AND "record_id" IN ($1, $2) ORDER BY "id"`,
      [old.id, created.id],
    );
    expect(history.slice(-2)).toEqual([
      { record_id: created.id, action: 'create', user_name: 'Carla Alfa (area clienti)' },
      { record_id: old.id, action: 'update', user_name: 'Carla Alfa (area clienti)' },
    ]);
  });

  it("the page after: 'Mandato firmato', the new mandate masked, its PDF downloaded as stored and the opening recorded", async () => {
    const r = await page('/area-clienti/mandato?firmato=1', carla.cookie);
    const text = textOf(r.body);
    expect(text).toContain('Mandato firmato.');
    expect(text).toContain(`Riferimento del mandato ${reference}`);
    expect(text).toMatch(/(•••• ){6}9012/);
    expect(r.body).not.toContain(NEW_IBAN);
    expect(r.body).toContain(`href="/area-clienti/mandato/${signatureId}.pdf"`);
    expect(text).toContain('Scarica il mandato firmato (PDF)');
    const file = await page(`/area-clienti/mandato/${signatureId}.pdf`, carla.cookie);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain(`Mandato_SDD_${reference}_firmato.pdf`);
    const [stored] = await a.sql<{ sha256: string }>(
      `SELECT "sha256" FROM "portal_mandate_signatures" WHERE "id" = $1`,
      [signatureId],
    );
    expect(sha256(file.rawPayload)).toBe(stored!.sha256);
    const [opening] = await a.sql<{ times: number }>(
      `SELECT "times" FROM "portal_openings" WHERE "customer_id" = $1 AND "kind" = 'mandato' AND "ref_id" = $2`,
      [alfa, signatureId],
    );
    expect(opening!.times).toBe(1);
    expect((await page('/area-clienti/mandato/abc.pdf', carla.cookie)).statusCode).toBe(404);
  });

  it('the studio is notified through the outbox, without the IBAN', async () => {
    const mails = await a.sql<{ subject: string; body_text: string; body_html: string; to_addresses: string[] }>(
      `SELECT "subject", "body_text", "body_html", "to_addresses" FROM "mail_outbox" WHERE "kind" = 'portal_mandate' ORDER BY "id"`,
    );
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe("Mandato SEPA firmato nell'area clienti – Alfa Mandati S.r.l.");
    for (const body of [mail.body_text, mail.body_html]) {
      expect(body).toContain(reference);
      expect(body).toContain('ALFA-CARTA-1');
      for (const iban of [NEW_IBAN, OLD_IBAN])
        for (const form of [iban, iban.replace(/(.{4})(?=.)/g, '$1 '), iban.slice(4)]) expect(body).not.toContain(form);
    }
    expect(mail.body_text).toContain(`${BASE}/table/SddMandate/${alfa}`);
  });

  it("'Incassa con SDD' debits the customer under the new mandate: its reference, the IBAN signed, FRST", async () => {
    await a.newMove(alfa, 'CHARGE', 150, '2032-03-10');
    const body = {
      due_from: '2032-03-01',
      due_to: '2032-03-31',
      collection_date: nextTarget2Day(addDays(today, 1)),
      customer_ids: [alfa],
    };
    const plan = await a.post('collab', '/api/sdd/preview', body);
    expect(plan.statusCode, plan.body).toBe(200);
    const p = plan.json().data;
    expect(p.left_out).toEqual([]);
    expect(p.debits).toHaveLength(1);
    expect(p.debits[0]).toMatchObject({
      customer_id: alfa,
      mandate_reference: reference,
      iban: NEW_IBAN,
      scheme: 'CORE',
      sequence_type: 'FRST',
    });
    const batch = await a.post('collab', '/api/sdd/batches', { ...body, fingerprint: p.fingerprint });
    expect(batch.statusCode, batch.body).toBe(201);
    const detail = (await a.get('collab', `/api/sdd/batches/${batch.json().data.id}`)).json().data;
    expect(detail.debit_list.map((d: { mandate_reference: string }) => d.mandate_reference)).toEqual([reference]);
  });

  it("the studio's calls: the signatures with the evidence, the PDF as stored; another studio's customer 404; the Utente refused", async () => {
    const list = await a.get('collab', `/api/customer/${alfa}/portal/mandates`);
    expect(list.statusCode, list.body).toBe(200);
    const [stored] = await a.sql<{ sha256: string; ip: string }>(
      `SELECT "sha256", "ip" FROM "portal_mandate_signatures" WHERE "id" = $1`,
      [signatureId],
    );
    expect(list.json().data).toEqual([
      {
        id: signatureId,
        mandate_id: expect.any(Number),
        reference,
        iban: NEW_IBAN,
        signer_name: 'Carla Alfa',
        signer_email: 'carla@alfamandati.test',
        signed_at: expect.stringMatching(new RegExp(`^${today} \\d{2}:\\d{2}:\\d{2}$`)),
        ip: stored!.ip,
        user_agent: UA,
        sha256: stored!.sha256,
        status: 'active',
        trashed: false,
      },
    ]);
    expect((await a.get('admin', `/api/customer/${delta}/portal/mandates`)).json().data).toEqual([]);
    const pdf = await a.get('collab', `/api/customer/${alfa}/portal/mandates/${signatureId}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toContain(`Mandato_SDD_${reference}_firmato.pdf`);
    expect(sha256(pdf.rawPayload)).toBe(stored!.sha256);
    // the signature through another customer's address: not found
    expect((await a.get('collab', `/api/customer/${delta}/portal/mandates/${signatureId}/pdf`)).statusCode).toBe(404);
    // another studio's customer, and this studio's customer from another studio
    const [other] = await a.sql<{ id: number }>(
      `SELECT c."id" FROM "customers" c JOIN "studios" s ON s."id" = c."studio_id" WHERE s."name" = 'Studio Bianchi' ORDER BY c."id" LIMIT 1`,
    );
    expect((await a.get('admin', `/api/customer/${other!.id}/portal/mandates`)).statusCode).toBe(404);
    expect((await a.get('bianchi', `/api/customer/${alfa}/portal/mandates`)).statusCode).toBe(404);
    expect((await a.get('bianchi', `/api/customer/${alfa}/portal/mandates/${signatureId}/pdf`)).statusCode).toBe(404);
    // the roles of the SddMandate model: the Utente is refused, no token is 401
    const utente = await a.utente('utente.mandati@studiodemo.test');
    for (const url of [
      `/api/customer/${alfa}/portal/mandates`,
      `/api/customer/${alfa}/portal/mandates/${signatureId}/pdf`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url, headers: utente })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it("another customer's person gets no signed mandate of this one (404)", async () => {
    const dora = await enter(delta, 'dora2@deltamandati.test');
    expect((await page(`/area-clienti/mandato/${signatureId}.pdf`, dora.cookie)).statusCode).toBe(404);
  });

  it('customers not collected by SDD (transfer; automatic without a mandate): no tile, the page says so with no form, a POST refused, nothing written', async () => {
    for (const [customer, email] of [
      [beta, 'bruno@betabonifico.test'],
      [gamma, 'gino@gammaauto.test'],
    ] as const) {
      const who = await enter(customer, email);
      expect(await tilesOf(who)).not.toContain('Mandato SEPA');
      const r = await page('/area-clienti/mandato', who.cookie);
      expect(r.statusCode).toBe(200);
      expect(textOf(r.body)).toContain('Lo studio non la incassa con addebito diretto SEPA (SDD)');
      expect(r.body).not.toContain('name="iban"');
      expect(r.body).not.toContain('Firma il mandato');
      const before = await written(customer);
      const post = await sign(who, { ...GOOD, iban: NEW_IBAN });
      expect(post.statusCode).toBe(403);
      expect(textOf(post.body)).toContain('Il mandato non è stato firmato.');
      expect(await written(customer)).toEqual(before);
    }
  });

  it('a studio without its creditor identifier: the page says to contact the studio, no form; a POST refused, nothing written', async () => {
    await a.sql(`UPDATE "studios" SET "sdd_creditor_id" = NULL WHERE "id" = $1`, [demoId]);
    try {
      const dora = await enter(delta, 'dora3@deltamandati.test');
      const r = await page('/area-clienti/mandato', dora.cookie);
      expect(r.statusCode).toBe(200);
      expect(textOf(r.body)).toContain('Il mandato SEPA non si può ancora firmare online');
      expect(textOf(r.body)).toContain('Contatti lo studio.');
      expect(r.body).not.toContain('name="iban"');
      const before = await written(delta);
      const post = await sign(dora, GOOD);
      expect(post.statusCode).toBe(409);
      expect(await written(delta)).toEqual(before);
      expect(before.mandates).toBe(0);
    } finally {
      await a.sql(`UPDATE "studios" SET "sdd_creditor_id" = $2 WHERE "id" = $1`, [demoId, CID]);
    }
  });
});

describe('issue 50 the demo', () => {
  it('a demo customer of the area is collected by SDD without a mandate: his person finds the mandate to sign', async () => {
    const [c] = await a.sql<{ id: number; collection_method: string; active: number }>(
      `SELECT c."id", c."collection_method",
        (SELECT count(*)::int FROM "sdd_mandates" m WHERE m."customer_id" = c."id" AND m."status" = 'active' AND m."deleted_at" IS NULL) AS "active"
      FROM "customers" c JOIN "portal_access" x ON x."customer_id" = c."id" JOIN "portal_people" p ON p."id" = x."person_id"
      WHERE p."email" = 'anna.ferri@cliente-demo.test' AND c."studio_id" = $1`,
      [demoId],
    );
    expect(c).toMatchObject({ collection_method: 'sdd', active: 0 });
  });
});
