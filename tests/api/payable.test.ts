/**
 * What a customer owes is the payable (issue 45 items 1, 3, 4, 5; PRODUCT.md §9 'The payable'):
 * fee, cassa, VAT, the stamp duty charged, less the withholding when the customer withholds —
 * the invoice's ImportoPagamento once invoiced, the same computation before. With the figures an
 * accountant checks by hand (Studio Demo: ordinary regime, cassa 4 %, VAT 22 %, ritenuta 20 %):
 * - 1.000,00 € to a company: 1.000 + 40 (cassa) + 228,80 (VAT on 1.040) − 200 (ritenuta) = 1.068,80;
 * - 24,00 € to a private person: 24 + 0,96 + 5,49 = 30,45 (no ritenuta: art. 23 DPR 600/73);
 * - a flat-rate studio, 100,00 €: 100 + 4 (cassa, N2.2) + 2 (bollo charged) = 106,00.
 * The open items, the invoicing's preview, the invoice's XML and the bank's matching all read it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, romeToday, type Api } from '../helpers/api.js';
import { multipart } from '../helpers/multipart.js';
import { fatturapaErrors } from '../helpers/fatturapaXsd.js';
import { camt053 } from '../../server/areas/collections/camtWriter.js';
import { FORFETTARIO_REFERENCE } from '../../server/areas/eDocuments/fatturapa.js';
import { chargePayable, isWithholdingAgent } from '../../model/eDocument.js';

let t: TestApp;
let a: Api;
let demoId: number;
let rep: number;
const today = romeToday();
const STUDIO_IBAN = 'IT60X0542811101000000123456';

beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
  demoId = await a.studioId('Studio Demo');
  rep = (await a.firstRow('legal_representatives', demoId)).id;
  await a.sql(`UPDATE "studios" SET "iban" = $2 WHERE "id" = $1`, [demoId, STUDIO_IBAN]);
});
afterAll(async () => {
  await t?.close();
});

async function customer(name: string, extra: Record<string, unknown>) {
  const c = await a.post('admin', '/api/customers', {
    business_name: name,
    email: 'netto@prova.test',
    yearly_accounting_amount: 1200,
    legal_representative_id: rep,
    address: 'Via Roma 1',
    postal_code: '00184',
    city: 'Roma',
    pec: 'netto@pec.prova.test',
    ...extra,
  });
  expect(c.statusCode, c.body).toBe(201);
  return c.json().data.id as number;
}
async function charge(customerId: number, amount: number) {
  const r = await a.post('collab', '/api/transactions', {
    customer_id: customerId,
    type: 'CHARGE',
    amount,
    date: `${today} 00:00:00`,
  });
  expect(r.statusCode, r.body).toBe(201);
  return r.json().data.id as number;
}
const openItems = async (c: number) =>
  (await a.get('collab', `/api/customer/${c}/open_items`)).json().data as {
    summary: { open: number; credit: number; balance: number };
    items: Array<{ id: number; amount: number; fee: number; open: number }>;
  };
async function invoice(c: number) {
  const body = { from: today, to: today, customer_ids: [c] };
  const p = await a.post('collab', '/api/invoicing/preview', body);
  expect(p.statusCode, p.body).toBe(200);
  const plan = p.json().data;
  expect(plan.invoices, JSON.stringify(plan.skipped)).toHaveLength(1);
  const r = await a.post('collab', '/api/invoicing/run', { ...body, fingerprint: plan.fingerprint });
  expect(r.statusCode, r.body).toBe(201);
  const inv = r.json().data.invoices[0] as { id: number; number: string; payable: number };
  const xml = await a.get('collab', `/api/edocuments/${inv.id}/actions/download_xml`);
  expect(xml.statusCode, xml.body).toBe(200);
  expect(await fatturapaErrors(xml.body)).toEqual([]);
  return {
    preview: plan.invoices[0] as { fee: number; cassa: number; tax: number; withholding: number; payable: number },
    inv,
    xml: xml.body,
  };
}

describe('the payable', () => {
  it("C10 item 1: a 1.000,00 € charge to a company asks 1.068,80 € before and after its invoice; paid 'SALDO FATTURA', it is matched exactly and nothing is left open or in credit", async () => {
    const c = await customer('Netto Srl', { vat_id: '02000010013', fiscal_code: '02000010013' });
    const id = await charge(c, 1000);
    let o = await openItems(c);
    expect(o.items.find((i) => i.id === id)).toMatchObject({ fee: 1000, amount: 1068.8, open: 1068.8 });
    expect(o.summary.open).toBe(1068.8);
    const { preview, inv, xml } = await invoice(c);
    expect(preview).toMatchObject({ fee: 1000, cassa: 40, tax: 228.8, withholding: 200, payable: 1068.8 });
    expect(xml).toContain('<ImportoPagamento>1068.80</ImportoPagamento>');
    expect(xml).toContain('<ImportoRitenuta>200.00</ImportoRitenuta>');
    o = await openItems(c);
    expect(o.items.find((i) => i.id === id)).toMatchObject({ amount: 1068.8, open: 1068.8 });

    const year = today.slice(0, 4);
    const file = camt053({
      iban: STUDIO_IBAN,
      id: `netto-${inv.number}`,
      entries: [
        {
          kind: 'credit',
          amount: 1068.8,
          date: today,
          name: 'NETTO SRL',
          remittance: `SALDO FATTURA N. ${inv.number}/${year}`,
        },
      ],
    });
    const body = await multipart({}, [{ name: 'estratto.xml', bytes: Buffer.from(file) }], 'file');
    const imp = await a.call('collab', 'POST', '/api/bank/statements', {
      payload: body.payload,
      headers: body.headers,
    });
    expect(imp.statusCode, imp.body).toBe(201);
    const sid = imp.json().data.id as number;
    const [line] = (await a.get('collab', `/api/bank/statements/${sid}`)).json().data.lines as Array<{
      status: string;
      customer_id: number;
      reason: string;
      reason_text: string;
    }>;
    expect(line).toMatchObject({ status: 'matched', customer_id: c, reason: 'invoice' });
    expect(line!.reason_text).not.toMatch(/credito|superiore/);
    expect((await a.post('collab', `/api/bank_statement/${sid}/actions/confirm_all`, {})).statusCode).toBe(200);
    o = await openItems(c);
    expect(o.summary).toMatchObject({ open: 0, credit: 0 });
    // the statement asks the payable too: charged 1.068,80, paid 1.068,80, balance zero (it said −68,80)
    const st = (await a.get('collab', `/api/customer/${c}/statement`)).json().data;
    expect(st).toMatchObject({ charges: 1068.8, payments: 1068.8, closing: 0 });
    expect(st.items[String(id)]).toMatchObject({ amount: 1068.8, open: 0 });
  });

  it('C10 item 3: a private person (no VAT number) withholds nothing: 24,00 € asks 30,45 €, the invoice has no DatiRitenuta; set as a withholding agent it asks 25,65 €', async () => {
    const c = await customer('Privato Mario', { fiscal_code: 'RSSMRA80A01H501U' });
    const id = await charge(c, 24);
    expect((await openItems(c)).items.find((i) => i.id === id)).toMatchObject({ amount: 30.45 });
    const up = await a.put('admin', `/api/customers/${c}`, {
      ...(await a.get('admin', `/api/customers/${c}`)).json().data,
      withholding_agent: 'si',
    });
    expect(up.statusCode, up.body).toBe(200);
    expect((await openItems(c)).items.find((i) => i.id === id)).toMatchObject({ amount: 25.65 });
    await a.put('admin', `/api/customers/${c}`, {
      ...(await a.get('admin', `/api/customers/${c}`)).json().data,
      withholding_agent: 'auto',
    });
    const { preview, xml } = await invoice(c);
    expect(preview.payable).toBe(30.45);
    expect(xml).not.toContain('DatiRitenuta');
    expect(xml).not.toContain('<Ritenuta>');
    expect(xml).toContain('<ImportoPagamento>30.45</ImportoPagamento>');
  });

  it('C10 items 4 and 5: a flat-rate studio charges the 4 % cassa (0 %, N2.2) and the stamp duty over 77,47 €: 100,00 € asks 106,00 €; the reference to the regime is whole', async () => {
    await a.sql(
      `UPDATE "studios" SET "fiscal_regime" = 'RF19', "cassa_previdenza" = 1, "stamp_duty_charged" = 1 WHERE "id" = $1`,
      [demoId],
    );
    try {
      const c = await customer('Forfettario Cliente Srl', { vat_id: '03000010011' });
      const id = await charge(c, 100);
      expect((await openItems(c)).items.find((i) => i.id === id)).toMatchObject({ fee: 100, amount: 106 });
      const { preview, xml } = await invoice(c);
      expect(preview.payable).toBe(106);
      expect(xml).toMatch(
        /<DatiCassaPrevidenziale>[\s\S]*<ImportoContributoCassa>4\.00<\/ImportoContributoCassa>[\s\S]*<AliquotaIVA>0\.00<\/AliquotaIVA>\s*<Natura>N2\.2<\/Natura>/,
      );
      expect(xml).toMatch(/<DatiBollo>\s*<BolloVirtuale>SI<\/BolloVirtuale>\s*<ImportoBollo>2\.00<\/ImportoBollo>/);
      expect(xml).toContain('<Descrizione>Imposta di bollo assolta in modo virtuale</Descrizione>');
      expect(xml).toContain(`<RiferimentoNormativo>${FORFETTARIO_REFERENCE}</RiferimentoNormativo>`);
      expect(xml).toContain('<ImportoTotaleDocumento>106.00</ImportoTotaleDocumento>');
      expect(xml).toContain('<ImportoPagamento>106.00</ImportoPagamento>');
      expect(xml).not.toContain('DatiRitenuta');
    } finally {
      await a.sql(`UPDATE "studios" SET "fiscal_regime" = 'RF01', "stamp_duty_charged" = 1 WHERE "id" = $1`, [demoId]);
    }
  });

  it("the open-items rule's payable in SQL is model/eDocument.ts chargePayable, for every treatment of the studio and the customer, at the thresholds", async () => {
    const agent = await customer('Sostituto Spa', { vat_id: '04000010019' });
    const person = await customer('Persona Fisica', { fiscal_code: 'RSSMRA80A01H501U' });
    const fees = [0.01, 0.99, 1, 24, 74.49, 74.5, 77.47, 77.48, 99.99, 1000, 12345.67];
    // fees written straight in the table: one statement, the rule read back per treatment
    for (const c of [agent, person])
      for (const fee of fees)
        await a.sql(
          `INSERT INTO "transactions" ("studio_id", "customer_id", "type", "amount", "date", "is_yearly_installment") VALUES ($1, $2, 'CHARGE', $3, LOCALTIMESTAMP, false)`,
          [demoId, c, fee],
        );
    let checked = 0;
    for (const regime of ['RF01', 'RF19'])
      for (const cassa of [0, 1])
        for (const withholding of [0, 1])
          for (const stamp of [0, 1]) {
            await a.sql(
              `UPDATE "studios" SET "fiscal_regime" = $2, "cassa_previdenza" = $3, "withholding_tax" = $4, "stamp_duty_charged" = $5 WHERE "id" = $1`,
              [demoId, regime, cassa, withholding, stamp],
            );
            for (const c of [agent, person]) {
              const items = (await openItems(c)).items;
              const withholdingAgent = isWithholdingAgent({ vat_id: c === agent ? '04000010019' : null });
              for (const i of items) {
                const js = chargePayable(
                  Math.round(i.fee * 100),
                  { regime, cassa: !!cassa, withholding: !!withholding, stampCharged: !!stamp },
                  { withholdingAgent },
                ).payable;
                expect(
                  Math.round(i.amount * 100),
                  `${regime} cassa ${cassa} ritenuta ${withholding} bollo ${stamp} fee ${i.fee}`,
                ).toBe(js);
                checked++;
              }
            }
          }
    expect(checked).toBe(16 * 2 * fees.length);
    await a.sql(
      `UPDATE "studios" SET "fiscal_regime" = 'RF01', "cassa_previdenza" = 1, "withholding_tax" = 1, "stamp_duty_charged" = 1 WHERE "id" = $1`,
      [demoId],
    );
  });

  it("demo data: for every customer Σ open − credit = Σ payables (each computed by chargePayable, or its invoice row's share) − Σ payments", async () => {
    const studio = (
      await a.sql<{ regime: string; cassa: number; withholding: number; stamp: number }>(
        `SELECT "fiscal_regime" AS "regime", "cassa_previdenza" AS "cassa", "withholding_tax" AS "withholding", "stamp_duty_charged" AS "stamp" FROM "studios" WHERE "id" = $1`,
        [demoId],
      )
    )[0]!;
    const moves = await a.sql<{
      customer_id: number;
      type: string;
      amount: string;
      share: string | null;
      vat_id: string | null;
      withholding_agent: string | null;
    }>(
      `SELECT x."customer_id", x."type", x."amount"::text, c."vat_id", c."withholding_agent",
        (SELECT l."payable"::text FROM "e_document_services" l JOIN "e_documents" d ON d."id" = l."e_document_id" AND d."deleted_at" IS NULL AND d."type" = 'TD01'
          WHERE l."transaction_id" = x."id" AND l."payable" IS NOT NULL ORDER BY d."id" DESC LIMIT 1) AS "share"
      FROM "transactions" x JOIN "customers" c ON c."id" = x."customer_id"
      WHERE x."studio_id" = $1 AND x."deleted_at" IS NULL AND x."customer_id" IN (SELECT "id" FROM "customers" WHERE "studio_id" = $1 ORDER BY "id" LIMIT 25)
        AND NOT EXISTS (SELECT 1 FROM "payment_reversals" r WHERE r."payment_id" = x."id" OR r."reversal_id" = x."id")`,
      [demoId],
    );
    const owed = new Map<number, number>();
    for (const m of moves) {
      const cents = Math.round(Number(m.amount) * 100);
      const signed =
        m.type === 'PAYMENT'
          ? -cents
          : m.type === 'CHARGE'
            ? m.share !== null
              ? Math.round(Number(m.share) * 100)
              : chargePayable(
                  cents,
                  {
                    regime: studio.regime,
                    cassa: Number(studio.cassa) === 1,
                    withholding: Number(studio.withholding) === 1,
                    stampCharged: Number(studio.stamp) === 1,
                  },
                  { withholdingAgent: isWithholdingAgent(m) },
                ).payable
            : cents;
      owed.set(Number(m.customer_id), (owed.get(Number(m.customer_id)) ?? 0) + signed);
    }
    expect(owed.size).toBeGreaterThan(15);
    for (const [c, cents] of owed) {
      const s = (await openItems(c)).summary;
      expect(Math.round(s.open * 100) - Math.round(s.credit * 100), `customer ${c}`).toBe(cents);
    }
  });
});
