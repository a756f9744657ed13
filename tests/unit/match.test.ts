/** The matcher of issue 29: each rule, homonyms never matched, partial and over payments, its speed. */
import { describe, expect, it } from 'vitest';
import { matchLines, type MatchBook, type MatchLine } from '../../server/areas/collections/match';

const book = (): MatchBook => ({
  customers: [
    { id: 1, name: 'Rossi Mario', fiscal_code: 'RSSMRA80A01H501U', vat_id: null },
    { id: 2, name: 'Rossi Mario S.r.l.', fiscal_code: '01234567890', vat_id: 'IT01234567890' },
    { id: 3, name: 'Rossi Maria', fiscal_code: null, vat_id: null },
    { id: 4, name: 'Bianchi Luca', fiscal_code: null, vat_id: null },
    { id: 5, name: 'Verdi Anna', fiscal_code: null, vat_id: null },
    { id: 6, name: 'Gialli Costruzioni S.p.A.', fiscal_code: null, vat_id: '09876543210' },
    { id: 7, name: "D'Angelo Nicolò", fiscal_code: null, vat_id: null },
    { id: 8, name: 'Immobiliare Le Rose di Neri Giovanni & C. S.a.s.', fiscal_code: null, vat_id: null },
    { id: 9, name: 'Gamma S.r.l.', fiscal_code: null, vat_id: null },
    { id: 10, name: 'Studio Servizi Srl', fiscal_code: null, vat_id: null },
  ],
  ibans: [
    { iban: 'IT67B0200801600000101234567', customer_id: 4, source: 'mandate' },
    { iban: 'IT44C0301503200000003517230', customer_id: 5, source: 'mandate' },
    { iban: 'IT87 D076 0101 6000 0001 2345 678', customer_id: 6, source: 'payment' },
  ],
  openCharges: [
    { id: 11, customer_id: 1, due: '2026-03-01', open: '100.00' },
    { id: 21, customer_id: 2, due: '2026-02-15', open: '300.00', invoice_number: '12', invoice_year: 2026 },
    { id: 22, customer_id: 2, due: '2026-03-15', open: '300.00', invoice_number: '12', invoice_year: 2026 },
    { id: 31, customer_id: 3, due: '2026-03-01', open: '100.00' },
    { id: 41, customer_id: 4, due: '2026-01-31', open: '200.00' },
    { id: 42, customer_id: 4, due: '2026-02-28', open: '200.00' },
    { id: 43, customer_id: 4, due: '2026-03-31', open: '200.00' },
    { id: 51, customer_id: 5, due: '2026-03-31', open: '150.00' },
    { id: 61, customer_id: 6, due: '2026-03-15', open: '1220.00' },
    { id: 62, customer_id: 6, due: '2026-04-15', open: '500.00' },
    { id: 71, customer_id: 7, due: '2026-03-31', open: '300.00' },
    { id: 81, customer_id: 8, due: '2026-03-31', open: '450.00' },
    { id: 91, customer_id: 9, due: '2026-03-31', open: '777.00' },
    { id: 101, customer_id: 10, due: '2026-03-31', open: '55.00' },
  ],
  invoices: [
    { number: '12', year: 2026, customer_id: 2, total: '600.00', charge_ids: [21, 22] },
    { number: '7', year: 2026, customer_id: 6, total: '1220.00', charge_ids: [61] },
    // number 12 of last year: Bianchi's, paid
    { number: '12', year: 2025, customer_id: 4, total: '200.00', charge_ids: [] },
  ],
  sddDebits: [
    { end_to_end_id: 'STUDIO-E2E-0001', customer_id: 4, charge_id: 43, amount: '200.00', status: 'presented' },
    { end_to_end_id: 'STUDIO-E2E-0002', customer_id: 5, charge_id: 51, amount: '150.00', status: 'presented' },
  ],
});

let n = 0;
const line = (over: Partial<MatchLine>): MatchLine => ({
  key: ++n,
  bookingDate: '2026-03-20',
  amount: '100.00',
  counterparty: null,
  counterpartyIban: null,
  remittance: null,
  endToEndId: null,
  ...over,
});
const one = (over: Partial<MatchLine>, b: MatchBook = book()) => matchLines([line(over)], b)[0]!;

describe("(1b) the bank's credit of a RiBa presentation (issue 47 item 5)", () => {
  const withRiba = () => ({
    ...book(),
    ribaCredits: [
      { support_name: 'RBS261129001-S1010', kind: 'sbf' as const, total: '600.00', receipts: ['400.00', '200.00'] },
      {
        support_name: 'RBD261129001-S1010',
        kind: 'dopo_incasso' as const,
        total: '350.00',
        receipts: ['150.00', '200.00'],
      },
    ],
  });

  it("a credit of a 'salvo buon fine' presentation's total is left to its 'Registra accredito', not proposed to a customer owing as much", () => {
    const r = one({ amount: '600.00', counterparty: 'BPER BANCA' }, withRiba());
    expect(r).toMatchObject({ status: 'unmatched', customer_id: null, charges: [], reason: null });
    expect(r.reason_text).toBe(
      "Accredito salvo buon fine della presentazione RiBa RBS261129001-S1010: registralo con 'Registra accredito' in Presenta RiBa, poi ignora questo movimento",
    );
  });

  it("'al dopo incasso': a receipt's or the total's amount is the presentation's only when the text says RiBa", () => {
    expect(one({ amount: '150.00', remittance: 'ACCREDITO RI.BA. AL DOPO INCASSO' }, withRiba()).reason_text).toMatch(
      /^Accredito della presentazione RiBa RBD261129001-S1010/,
    );
    expect(one({ amount: '150.00', remittance: 'Bonifico fattura' }, withRiba()).reason_text).not.toMatch(/RiBa/);
    expect(one({ amount: '350.00', remittance: 'INCASSO RIBA' }, withRiba()).reason_text).toMatch(
      /^Accredito della presentazione RiBa RBD261129001-S1010:/,
    );
    // the same total naming a customer's invoice is his payment
    const paid = one({ amount: '600.00', remittance: 'Saldo fattura n. 12/2026' }, withRiba());
    expect(paid).toMatchObject({ customer_id: 2, reason: 'invoice' });
  });
});

describe('(1) the end-to-end id of an SDD debit', () => {
  it('matched to its charge, even when older charges are open', () => {
    expect(one({ amount: '200.00', endToEndId: 'STUDIO-E2E-0001', counterparty: 'Bianchi Luca' })).toMatchObject({
      status: 'matched',
      customer_id: 4,
      charges: [{ charge_id: 43, amount: '200.00' }],
      reason: 'sdd',
      reason_text: 'Addebito SDD STUDIO-E2E-0001 della distinta',
    });
  });

  it('proposed when the amount is not the debit’s, or the debit is no longer presented', () => {
    const r = one({ amount: '180.00', endToEndId: 'STUDIO-E2E-0001' });
    expect(r).toMatchObject({ status: 'proposed', customer_id: 4, reason: 'sdd' });
    expect(r.reason_text).toMatch(/importo diverso da quello addebitato \(200,00 €\)/);
    const b = book();
    b.sddDebits[1]!.status = 'returned';
    expect(one({ amount: '150.00', endToEndId: 'STUDIO-E2E-0002' }, b)).toMatchObject({
      status: 'proposed',
      customer_id: 5,
    });
  });
});

describe('issue 45 item 2: an SDD debit of several charges is recognised whole', () => {
  // one debit of 180,00 € for three charges (120 + 20 + 40), and an older charge outside the batch
  const multi = (): MatchBook => {
    const b = book();
    b.openCharges.push(
      { id: 401, customer_id: 4, due: '2026-04-30', open: '120.00' },
      { id: 402, customer_id: 4, due: '2026-04-30', open: '20.00' },
      { id: 403, customer_id: 4, due: '2026-04-30', open: '40.00' },
    );
    for (const [charge_id, amount] of [
      [401, '120.00'],
      [402, '20.00'],
      [403, '40.00'],
    ] as const)
      b.sddDebits.push({ end_to_end_id: 'STUDIO-E2E-0009', customer_id: 4, charge_id, amount, status: 'presented' });
    return b;
  };

  it('matched for the sum of its charges, and it settles each of them (not an older charge outside the batch)', () => {
    expect(
      one({ amount: '180.00', endToEndId: 'STUDIO-E2E-0009', counterparty: 'Bianchi Luca' }, multi()),
    ).toMatchObject({
      status: 'matched',
      customer_id: 4,
      reason: 'sdd',
      reason_text: 'Addebito SDD STUDIO-E2E-0009 della distinta',
      charges: [
        { charge_id: 401, amount: '120.00' },
        { charge_id: 402, amount: '20.00' },
        { charge_id: 403, amount: '40.00' },
      ],
    });
  });

  it('another amount is proposed against the sum (180,00 €), its charges first', () => {
    const r = one({ amount: '100.00', endToEndId: 'STUDIO-E2E-0009' }, multi());
    expect(r.status).toBe('proposed');
    expect(r.reason_text).toMatch(/importo diverso da quello addebitato \(180,00 €\)/);
    expect(r.charges.map((c) => c.charge_id)).toEqual([401]);
  });
});

describe('(2) an invoice named in the remittance', () => {
  it('matched when the amount is what the invoice has open', () => {
    for (const remittance of [
      'SALDO FATT. 12/2026 ONORARI',
      'pagamento fattura n. 12',
      'FT 12 DEL 05/02/2026',
      'Saldo fatt 12-2026',
      'fattura nr. 0012/26',
    ]) {
      expect(one({ amount: '600.00', counterparty: 'XYZ HOLDING', remittance }), remittance).toMatchObject({
        status: 'matched',
        customer_id: 2,
        charges: [
          { charge_id: 21, amount: '300.00' },
          { charge_id: 22, amount: '300.00' },
        ],
        reason: 'invoice',
        reason_text: 'Fattura n. 12/2026 citata nella causale',
      });
    }
  });

  it('a named invoice whose amount differs: proposed, its charges first', () => {
    const r = one({ amount: '250.00', remittance: 'FATTURA 12/2026' });
    expect(r).toMatchObject({ status: 'proposed', customer_id: 2, charges: [{ charge_id: 21, amount: '250.00' }] });
    expect(r.reason_text).toBe(
      'Fattura n. 12/2026 citata nella causale — importo diverso dal residuo della fattura (600,00 €)',
    );
  });

  it('a partial payment of an invoice by its customer (told by name too): matched', () => {
    expect(
      one({ amount: '1000.00', counterparty: 'GIALLI COSTRUZIONI SPA', remittance: 'Fattura n. 7 del 15/03/2026' }),
    ).toMatchObject({
      status: 'matched',
      customer_id: 6,
      charges: [{ charge_id: 61, amount: '1000.00' }],
      reason: 'invoice',
    });
  });

  it('a bare number names no invoice', () => {
    const r = one({ amount: '600.00', remittance: 'Pagamento 12/2026 rif 12' });
    expect(r.reason).not.toBe('invoice');
    expect(r.status).not.toBe('matched');
  });
});

describe('(3) a known IBAN and (4) the name', () => {
  it("the ordering party's IBAN of a mandate", () => {
    expect(
      one({ amount: '150.00', counterpartyIban: 'IT44C0301503200000003517230', remittance: 'onorari' }),
    ).toMatchObject({
      status: 'matched',
      customer_id: 5,
      charges: [{ charge_id: 51, amount: '150.00' }],
      reason: 'iban',
      reason_text: "IBAN dell'ordinante noto (mandato SDD)",
    });
  });

  it('the name in any order, without accents and apostrophes, with or without the legal form', () => {
    expect(one({ amount: '150.00', counterparty: 'ANNA VERDI' })).toMatchObject({
      status: 'matched',
      customer_id: 5,
      reason: 'name',
      reason_text: "Nome del cliente nell'ordinante: Verdi Anna",
    });
    expect(one({ amount: '300.00', counterparty: 'D ANGELO NICOLO' })).toMatchObject({
      status: 'matched',
      customer_id: 7,
    });
    expect(one({ amount: '300.00', counterparty: "NICOLO' D'ANGELO" })).toMatchObject({
      status: 'matched',
      customer_id: 7,
    });
    expect(one({ amount: '1220.00', counterparty: 'GIALLI COSTRUZIONI' })).toMatchObject({
      status: 'matched',
      customer_id: 6,
    });
  });

  it('the name in the remittance, its words together; a one-word name only beside its legal form', () => {
    expect(
      one({ amount: '150.00', counterparty: 'MARCO NERI', remittance: 'per conto di Verdi Anna onorari' }),
    ).toMatchObject({
      status: 'matched',
      customer_id: 5,
      reason_text: 'Nome del cliente nella causale: Verdi Anna',
    });
    // the words far apart are no name (the amount alone then proposes her)
    expect(one({ amount: '150.00', remittance: 'Verdi paga la consulenza di Anna' }).reason).toBe('amount');
    expect(one({ amount: '777.00', remittance: 'Pagamento GAMMA SRL marzo' })).toMatchObject({
      status: 'matched',
      customer_id: 9,
    });
    expect(one({ amount: '777.00', remittance: 'raggi gamma' }).reason).toBe('amount');
  });

  it('a name of common words only as the whole ordering party', () => {
    expect(one({ amount: '55.00', counterparty: 'STUDIO SERVIZI S.R.L.' })).toMatchObject({
      status: 'matched',
      customer_id: 10,
    });
    expect(one({ amount: '54.00', remittance: 'studio servizi contabili' }).customer_id).toBeNull();
  });

  it('the fiscal code or VAT number', () => {
    expect(one({ amount: '100.00', remittance: 'ONORARI CF RSSMRA80A01H501U' })).toMatchObject({
      status: 'matched',
      customer_id: 1,
      reason: 'name',
      reason_text: 'Codice fiscale del cliente nella causale: RSSMRA80A01H501U',
    });
    expect(one({ amount: '1720.00', remittance: 'P.IVA 09876543210 saldo' })).toMatchObject({
      status: 'matched',
      customer_id: 6,
    });
  });

  it('a name cut short by the bank: proposed', () => {
    expect(one({ amount: '450.00', counterparty: 'IMMOBILIARE LE ROSE DI NERI G' })).toMatchObject({
      status: 'proposed',
      customer_id: 8,
      reason: 'name',
      reason_text:
        'Ordinante simile al cliente (nome incompleto): Immobiliare Le Rose di Neri Giovanni & C. S.a.s. — verifica il cliente',
    });
  });
});

describe('homonyms are never matched', () => {
  it("'Rossi Mario', 'Rossi Mario Srl', 'Rossi Maria'", () => {
    const person = one({ amount: '100.00', counterparty: 'ROSSI MARIO' });
    expect(person).toMatchObject({ status: 'proposed', customer_id: 1 });
    expect(person.reason_text).toMatch(/anche compatibili: Rossi Mario S\.r\.l\./);
    const company = one({ amount: '300.00', counterparty: 'MARIO ROSSI SRL' });
    expect(company).toMatchObject({ status: 'proposed', customer_id: 2 });
    // the invoice of the company paid by 'Rossi Mario': the person is plausible too
    expect(one({ amount: '600.00', counterparty: 'ROSSI MARIO', remittance: 'fatt 12/2026' }).status).toBe('proposed');
    // 'Rossi Maria' is never taken for 'Rossi Mario', nor the other way round
    for (const cp of ['ROSSI MARIO', 'MARIO ROSSI SRL', 'Rossi Mario s.r.l.']) {
      expect(one({ amount: '100.00', counterparty: cp }).customer_id, cp).not.toBe(3);
    }
    expect(one({ amount: '100.00', counterparty: 'ROSSI MARIA' })).toMatchObject({ status: 'matched', customer_id: 3 });
  });

  it("a company with a person's name pays: only proposed to the person", () => {
    const b = book();
    b.customers = b.customers.filter((c) => c.id !== 2);
    expect(one({ amount: '100.00', counterparty: 'ROSSI MARIO SRL' }, b)).toMatchObject({
      status: 'proposed',
      customer_id: 1,
      reason_text: "Ordinante simile al cliente: Rossi Mario (l'ordinante è una società) — verifica il cliente",
    });
  });

  it('two customers of the very same name: unmatched, both named', () => {
    const b = book();
    b.customers.push({ id: 12, name: 'Luca Bianchi', fiscal_code: null, vat_id: null });
    b.openCharges.push({ id: 121, customer_id: 12, due: '2026-01-31', open: '200.00' });
    const r = one({ amount: '200.00', counterparty: 'BIANCHI LUCA' }, b);
    expect(r).toMatchObject({ status: 'unmatched', customer_id: null, charges: [] });
    expect(r.reason_text).toMatch(/^Più clienti possibili: (Bianchi Luca, Luca Bianchi|Luca Bianchi, Bianchi Luca)$/);
    // a known IBAN makes one the best, still only proposed
    expect(
      one({ amount: '200.00', counterparty: 'BIANCHI LUCA', counterpartyIban: 'IT67B0200801600000101234567' }, b),
    ).toMatchObject({
      status: 'proposed',
      customer_id: 4,
    });
  });
});

describe('what a payment settles', () => {
  const bianchi = { counterpartyIban: 'IT67B0200801600000101234567' };

  it('a run of the oldest charges: matched', () => {
    expect(one({ ...bianchi, amount: '400.00' })).toMatchObject({
      status: 'matched',
      charges: [
        { charge_id: 41, amount: '200.00' },
        { charge_id: 42, amount: '200.00' },
      ],
    });
  });

  it('a partial payment: proposed, on the oldest', () => {
    const r = one({ ...bianchi, amount: '120.50' });
    expect(r).toMatchObject({ status: 'proposed', customer_id: 4, charges: [{ charge_id: 41, amount: '120.50' }] });
    expect(r.reason_text).toMatch(/importo diverso dalle partite aperte \(totale aperto 600,00 €\)/);
  });

  it('an overpayment: proposed, every open charge settled and the rest a credit', () => {
    const r = one({ ...bianchi, amount: '700.00' });
    expect(r).toMatchObject({
      status: 'proposed',
      charges: [
        { charge_id: 41, amount: '200.00' },
        { charge_id: 42, amount: '200.00' },
        { charge_id: 43, amount: '200.00' },
      ],
    });
    expect(r.reason_text).toMatch(/100,00 € a credito/);
  });

  it('the lines of one statement: what one settles is not open for the next (SDD first, then by date)', () => {
    const rs = matchLines(
      [
        line({ key: 'b', bookingDate: '2026-03-25', amount: '200.00', ...bianchi }),
        line({ key: 'a', bookingDate: '2026-03-05', amount: '200.00', ...bianchi }),
        line({ key: 'sdd', bookingDate: '2026-03-30', amount: '200.00', endToEndId: 'STUDIO-E2E-0001' }),
        line({ key: 'c', bookingDate: '2026-03-26', amount: '200.00', ...bianchi }),
      ],
      book(),
    );
    expect(rs.map((r) => [r.key, r.status, r.charges.map((c) => c.charge_id)])).toEqual([
      ['b', 'matched', [42]],
      ['a', 'matched', [41]],
      ['sdd', 'matched', [43]],
      ['c', 'proposed', []],
    ]);
    expect(rs[3]!.reason_text).toMatch(/non ha partite aperte/);
  });
});

describe('(5) the amount alone, and what is not matched', () => {
  it('one open charge of that amount near the date: proposed', () => {
    expect(one({ amount: '450.00', counterparty: 'PINCO PALLINO' })).toMatchObject({
      status: 'proposed',
      customer_id: 8,
      charges: [{ charge_id: 81, amount: '450.00' }],
      reason: 'amount',
      reason_text: 'Importo e data compatibili con una sola partita aperta',
    });
    expect(one({ amount: '1720.00' })).toMatchObject({ status: 'proposed', customer_id: 6, reason: 'amount' });
  });

  it('several customers owe that amount, nobody owes it, a debit', () => {
    expect(one({ amount: '100.00' })).toMatchObject({ status: 'unmatched', customer_id: null, reason: null });
    expect(one({ amount: '12.34' })).toMatchObject({ status: 'unmatched', reason_text: 'Nessun cliente riconosciuto' });
    expect(one({ amount: '-150.00', counterpartyIban: 'IT44C0301503200000003517230' })).toMatchObject({
      status: 'unmatched',
    });
    expect(one({ amount: '450.00', bookingDate: '2025-01-10', counterparty: 'X' })).toMatchObject({ reason: 'amount' });
  });
});

describe('speed', () => {
  it('10,000 lines against 10,000 customers and 100,000 charges', () => {
    const surnames = [
      'Rossi',
      'Russo',
      'Ferrari',
      'Esposito',
      'Bianchi',
      'Romano',
      'Colombo',
      'Ricci',
      'Marino',
      'Greco',
    ];
    const first = ['Mario', 'Luca', 'Anna', 'Giulia', 'Marco', 'Paola', 'Andrea', 'Sara', 'Paolo', 'Laura'];
    const b: MatchBook = { customers: [], ibans: [], openCharges: [], invoices: [], sddDebits: [] };
    const ibanOf = (i: number) => `IT00X${String(i).padStart(22, '0')}`;
    for (let i = 1; i <= 10_000; i++) {
      const name =
        i % 3 === 0
          ? `${surnames[i % 10]} ${first[Math.floor(i / 10) % 10]} ${i}`
          : `${surnames[i % 10]} ${['Costruzioni', 'Immobiliare', 'Trasporti', 'Consulting'][i % 4]} Z${i.toString(36)} S.r.l.`;
      b.customers.push({ id: i, name, fiscal_code: null, vat_id: String(10_000_000_000 + i) });
      if (i % 2) b.ibans.push({ iban: ibanOf(i), customer_id: i, source: 'mandate' });
    }
    for (let k = 1; k <= 100_000; k++) {
      const customer = ((k * 7919) % 10_000) + 1;
      b.openCharges.push({
        id: k,
        customer_id: customer,
        due: `2026-${String((k % 12) + 1).padStart(2, '0')}-15`,
        open: `${100 + (k % 50) * 10}.00`,
        invoice_number: String(k),
        invoice_year: 2026,
      });
      if (k % 10 === 0)
        b.sddDebits.push({
          end_to_end_id: `E2E-${k}`,
          customer_id: customer,
          charge_id: k,
          amount: `${100 + (k % 50) * 10}.00`,
          status: 'presented',
        });
    }
    const lines: MatchLine[] = [];
    for (let i = 0; i < 10_000; i++) {
      const c = b.customers[(i * 37) % 10_000]!;
      lines.push(
        line({
          key: i,
          bookingDate: `2026-${String((i % 12) + 1).padStart(2, '0')}-20`,
          amount: `${100 + (i % 60) * 10}.00`,
          counterparty: i % 4 === 0 ? c.name.toUpperCase() : i % 4 === 1 ? 'ROSSI MARIO' : null,
          counterpartyIban: i % 4 === 2 ? ibanOf(c.id) : null,
          remittance:
            i % 5 === 0
              ? `SALDO FATTURA N. ${(i * 13) % 100_000} DEL 2026 ONORARI STUDIO`
              : `BONIFICO A VOSTRO FAVORE ONORARI MARZO ${c.name} CRO 123456789`,
          endToEndId: i % 7 === 0 ? `E2E-${(i % 10_000) * 10 + 10}` : null,
        }),
      );
    }
    const t0 = performance.now();
    const rs = matchLines(lines, b);
    const ms = performance.now() - t0;
    console.log(`matchLines: 10,000 lines × 10,000 customers × 100,000 charges in ${Math.round(ms)} ms`);
    expect(rs).toHaveLength(10_000);
    expect(rs.filter((r) => r.status === 'matched').length).toBeGreaterThan(0);
  });
});

describe('issue 45 item 21: customers sharing one IBAN', () => {
  it('5,000 customers on one IBAN and 10,000 lines from it: each line costs its own evidence, not the 5,000; the named customer is still found', () => {
    const shared = 'IT60X0542811101000000123456';
    const b: MatchBook = { customers: [], ibans: [], openCharges: [], invoices: [], sddDebits: [] };
    for (let i = 1; i <= 5_000; i++) {
      b.customers.push({ id: i, name: `Controllata Z${i.toString(36)} S.r.l.`, fiscal_code: null, vat_id: null });
      b.ibans.push({ iban: shared, customer_id: i, source: 'mandate' });
      b.openCharges.push({ id: i, customer_id: i, due: '2026-03-31', open: `${100 + (i % 7)}.00` });
    }
    const lines = Array.from({ length: 10_000 }, (_, k) =>
      line({
        key: k,
        amount: `${100 + (((k % 5_000) + 1) % 7)}.00`,
        counterpartyIban: shared,
        counterparty: 'HOLDING SPA',
        remittance:
          k % 2 ? `ONORARI CONTROLLATA Z${((k % 5_000) + 1).toString(36).toUpperCase()} SRL` : 'ONORARI MARZO',
      }),
    );
    const rs = matchLines(lines, b);
    // a line naming its company: that company, confirmed by the known IBAN
    expect(rs[1]).toMatchObject({ customer_id: 2 });
    expect(rs[1]!.status).toBe('matched');
    // a line naming none: the IBAN alone does not pick one of 5,000
    expect(rs[0]!.customer_id).toBeNull();
    expect(rs[0]!.reason_text.length).toBeLessThan(300);
  });

  it('an IBAN of a few customers (a holding paying for its companies) still names them all', () => {
    const b = book();
    b.ibans.push({ iban: 'IT67B0200801600000101234567', customer_id: 5, source: 'payment' });
    const r = one({ amount: '150.00', counterpartyIban: 'IT67B0200801600000101234567' }, b);
    expect(r).toMatchObject({ customer_id: 5, reason: 'iban' });
  });
});

describe('names as the demo data and Italian banks write them', () => {
  const base = (customers: MatchBook['customers'], charges: Array<[number, number, string]>): MatchBook => ({
    customers,
    ibans: [],
    openCharges: charges.map(([id, customer_id, open]) => ({ id, customer_id, due: '2026-01-31', open })),
    invoices: [],
    sddDebits: [],
  });

  it("the payer's legal form tells apart two firms of the same words; without it they stay a proposal", () => {
    const b = base(
      [
        { id: 1, name: 'Martini Edilizia S.r.l.s.' },
        { id: 2, name: 'Martini Edilizia S.p.A.' },
      ],
      [
        [11, 1, '450.00'],
        [21, 2, '450.00'],
      ],
    );
    expect(one({ amount: '450.00', counterparty: 'MARTINI EDILIZIA SRLS' }, b)).toMatchObject({
      status: 'matched',
      customer_id: 1,
    });
    expect(one({ amount: '450.00', counterparty: 'MARTINI EDILIZIA S.P.A.' }, b)).toMatchObject({
      status: 'matched',
      customer_id: 2,
    });
    expect(one({ amount: '450.00', counterparty: 'MARTINI EDILIZIA' }, b).status).not.toBe('matched');
  });

  it("a person's trade after a dash is not what the bank prints: 'ROSSI MARIO' is 'Rossi Mario — Edilizia'", () => {
    const b = base([{ id: 1, name: 'Rossi Mario — Edilizia' }], [[11, 1, '120.00']]);
    expect(one({ amount: '120.00', counterparty: 'ROSSI MARIO' }, b)).toMatchObject({
      status: 'matched',
      customer_id: 1,
    });
  });

  it('a VAT number in the text decides between names; an exact payer name with an extra word is not the shorter firm', () => {
    const b = base(
      [
        { id: 1, name: 'Marino Agricola S.r.l.', vat_id: '01234567897' },
        { id: 2, name: 'Marino Agricola Nord S.r.l.' },
      ],
      [
        [11, 1, '90.00'],
        [21, 2, '2000.00'],
      ],
    );
    expect(one({ amount: '2000.00', counterparty: 'MARINO AGRICOLA NORD SRL' }, b)).toMatchObject({
      status: 'matched',
      customer_id: 2,
    });
    expect(
      one({ amount: '90.00', counterparty: 'MARINO AGRICOLA', remittance: 'SALDO RATA P.IVA 01234567897' }, b),
    ).toMatchObject({ status: 'matched', customer_id: 1 });
  });

  it('a payer name cut at 35 characters is never exact: the longer name it may begin stays in play', () => {
    const b = base(
      [
        { id: 1, name: 'Associazione Rizzo Studio Tecnico' },
        { id: 2, name: 'Associazione Rizzo Studio Tecnico Lombarda' },
      ],
      [
        [11, 1, '100.00'],
        [21, 2, '6000.00'],
      ],
    );
    const r = one({ amount: '6000.00', counterparty: 'ASSOCIAZIONE RIZZO STUDIO TECNICO L' }, b);
    expect(r.status).not.toBe('matched');
    expect(r.customer_id === 1 && r.status === 'matched').toBe(false);
  });

  it('a customer named beyond doubt paying a part: matched, the oldest first; a customer with nothing open: only proposed', () => {
    const b = base(
      [
        { id: 1, name: 'Vitale Federica', fiscal_code: 'VTLFDR80A41H501U' },
        { id: 2, name: 'Neri Paolo' },
      ],
      [
        [11, 1, '100.00'],
        [12, 1, '100.00'],
      ],
    );
    expect(one({ amount: '50.00', counterparty: 'VITALE FEDERICA' }, b)).toMatchObject({
      status: 'matched',
      customer_id: 1,
      charges: [{ charge_id: 11, amount: '50.00' }],
    });
    expect(one({ amount: '50.00', counterparty: 'NERI PAOLO' }, b).status).toBe('proposed');
    // more than it has open (a credit): only proposed, with the credit said (issue 45 item 13:
    // 'Conferma tutti' posts only what the note calls sure)
    const over = one({ amount: '250.00', counterparty: 'VITALE FEDERICA' }, b);
    expect(over).toMatchObject({ status: 'proposed', customer_id: 1 });
    expect(over.reason_text).toMatch(/superiore al totale aperto \(200,00 €\): 50,00 € a credito/);
  });
});
