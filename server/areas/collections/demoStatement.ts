/**
 * A realistic bank statement made from a studio's own data (issue 29): credits that pay the
 * customers' open charges as Italian customers pay them — the oldest installment, two of them,
 * everything open, an invoice by its number, now and then a part — with the remittance texts and
 * the payer names Italian banks print (upper case, legal forms written every way, surname first,
 * cut at 35 characters, the fiscal code or an invoice number in the text, the mandate's IBAN or
 * another one), plus what a studio's account also sees: refunds, transfers between accounts, bank
 * fees, F24 and utilities. Deterministic for a seed. It is the demo data's statement to reconcile,
 * the 500-line test of the matching (with the truth of each line) and the benchmark's 10,000.
 */
import Decimal from 'decimal.js';
import type { Exec } from '../../records/exec.js';
import { italianIban } from '../../../model/iban.js';
import { matchBook } from './bankQueries.js';
import type { CamtEntry } from './camtWriter.js';

/** A small seeded generator (mulberry32): the demo data's and the benchmarks' (re-exported by server/db/demo.ts). */
export function rng(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MONTHS = [
  'GENNAIO',
  'FEBBRAIO',
  'MARZO',
  'APRILE',
  'MAGGIO',
  'GIUGNO',
  'LUGLIO',
  'AGOSTO',
  'SETTEMBRE',
  'OTTOBRE',
  'NOVEMBRE',
  'DICEMBRE',
];

const plain = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[—–]/g, '-')
    .toUpperCase();

/** How a bank prints a customer's name: upper case, the legal form as the payer wrote it, persons without their trade. */
function payerName(name: string, pick: () => number): string {
  let n = plain(name).replace(/\s+-\s+.*$/, ''); // 'ROSSI MARIO - EDILIZIA' → the person
  const r = pick();
  if (r < 0.3)
    n = n
      .replace(/S\.R\.L\.S\./g, 'SRLS')
      .replace(/S\.R\.L\./g, 'SRL')
      .replace(/S\.P\.A\./g, 'SPA');
  else if (r < 0.45) n = n.replace(/S\.A\.S\./g, 'SAS DI').replace(/S\.N\.C\./g, 'SNC');
  else if (r < 0.55) n = n.replace(/\s+(S\.R\.L\.S?\.|S\.P\.A\.|S\.A\.S\.|S\.N\.C\.|SOC\. COOP\.)$/, '');
  return n.replace(/\s+/g, ' ').trim().slice(0, 35);
}

export interface RealisticStatement {
  entries: CamtEntry[];
  /** per entry: the customer it pays (null: not a customer's payment) */
  truth: Array<number | null>;
}

/**
 * `lines` entries dated between `from` and `to` (about 9 in 10 paying open charges of the studio,
 * each charge at most once), in date order.
 */
export async function realisticStatement(
  exec: Exec,
  studioId: number,
  o: { lines: number; seed: number; from: string; to: string },
): Promise<RealisticStatement> {
  const rand = rng(o.seed);
  const pick = <T>(a: readonly T[]) => a[Math.floor(rand() * a.length)]!;
  const book = await matchBook(exec, studioId);
  const names = new Map(book.customers.map((c) => [c.id, c]));
  const ibanOf = new Map<number, string>();
  for (const i of book.ibans) if (!ibanOf.has(i.customer_id)) ibanOf.set(i.customer_id, i.iban);
  const charges = new Map<number, Array<(typeof book.openCharges)[number]>>();
  for (const c of book.openCharges) {
    const list = charges.get(c.customer_id);
    if (list) list.push(c);
    else charges.set(c.customer_id, [c]);
  }
  for (const list of charges.values()) list.sort((a, b) => (a.due < b.due ? -1 : a.due > b.due ? 1 : a.id - b.id));
  const payers = [...charges.keys()].sort((a, b) => a - b);
  for (let i = payers.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [payers[i], payers[j]] = [payers[j]!, payers[i]!];
  }
  const span = Math.max(1, (Date.parse(o.to) - Date.parse(o.from)) / 86_400_000);
  const dayOf = () =>
    new Date(Date.parse(`${o.from}T12:00:00Z`) + Math.floor(rand() * (span + 1)) * 86_400_000)
      .toISOString()
      .slice(0, 10);
  const cents = (s: string) => new Decimal(s).times(100).toNumber();
  const euro = (c: number) => c / 100;
  const entries: CamtEntry[] = [];
  const truth: Array<number | null> = [];
  let next = 0;
  let n = 0;
  while (entries.length < o.lines) {
    n++;
    const date = dayOf();
    if (rand() < 0.1 || next >= payers.length * 3) {
      // not a customer's payment
      const r = rand();
      const kind = r < 0.6 ? 'debit' : 'credit';
      const text =
        kind === 'debit'
          ? pick([
              'COMMISSIONI SU BONIFICI',
              'CANONE MENSILE CONTO',
              'PAGAMENTO F24 DELEGA',
              'ADDEBITO SDD ENEL ENERGIA',
              'ADDEBITO SDD TIM SPA FATTURA',
              'IMPOSTA DI BOLLO E/C',
            ])
          : pick([
              'GIROCONTO DA C/C 000012345',
              'RIMBORSO ASSICURAZIONE SINISTRO',
              'INTERESSI CREDITORI',
              'STORNO COMMISSIONI',
              'ACCREDITO POS',
            ]);
      entries.push({
        kind,
        amount: euro(100 + Math.floor(rand() * 40_000)),
        date,
        name: kind === 'credit' ? pick(['BANCA DEMO SPA', 'ASSICURAZIONI GENERALI', 'NEXI PAYMENTS']) : undefined,
        remittance: text,
        ref: `DEMO${o.seed}-${n}`,
      });
      truth.push(null);
      continue;
    }
    const customerId = payers[next % payers.length]!;
    next++;
    const open = charges.get(customerId)!;
    if (!open.length) continue;
    const c = names.get(customerId)!;
    const r = rand();
    let take = 1;
    let amount: number;
    let invoice: string | null = null;
    if (r < 0.12 && open.length >= 2) take = 2;
    else if (r < 0.2) take = open.length;
    const paid = open.splice(0, take);
    amount = paid.reduce((s, x) => s + cents(x.open), 0);
    if (r > 0.95) amount = Math.max(100, Math.floor(amount / 2)); // a part of it
    const first = paid[0]!;
    if (first.invoice_number && rand() < 0.7) invoice = `${first.invoice_number}/${first.invoice_year}`;
    const month = MONTHS[Number(first.due.slice(5, 7)) - 1]!;
    const year = first.due.slice(0, 4);
    const payer = payerName(c.name, rand);
    const t = rand();
    const what = invoice
      ? pick([`SALDO FATTURA N. ${invoice}`, `FT ${invoice.split('/')[0]} DEL ${year}`, `PAGAMENTO FATT. ${invoice}`])
      : t < 0.35
        ? `ONORARI ${month} ${year}`
        : t < 0.6
          ? `RATA ${month} ${year} CONTABILITA`
          : t < 0.8
            ? `PAGAMENTO COMPETENZE ${month.slice(0, 3)} ${year}`
            : `SALDO ${payer}`;
    const withCode = rand() < 0.15 && (c.vat_id || c.fiscal_code);
    const remittance = pick([
      `BONIFICO A VOSTRO FAVORE DA ${payer} CAUS: ${what}`,
      `BON.DA ${payer} - ${what}`,
      `VS FAVORE BONIFICO SEPA ORD: ${payer} RIF: ${what}`,
      `ACCREDITO BONIFICO ISTANTANEO NOTE: ${what}`,
    ]).concat(withCode ? ` CF ${c.vat_id || c.fiscal_code}` : '');
    const iban =
      ibanOf.get(customerId) && rand() < 0.8
        ? ibanOf.get(customerId)!
        : italianIban(
            String(3000 + (customerId % 5000)).padStart(5, '0'),
            '01600',
            String(customerId).padStart(12, '0'),
          );
    entries.push({
      kind: 'credit',
      amount: euro(amount),
      date,
      name: payer,
      iban,
      remittance,
      ref: `DEMO${o.seed}-${n}`,
    });
    truth.push(customerId);
  }
  const order = entries
    .map((e, i) => i)
    .sort((a, b) => (entries[a]!.date < entries[b]!.date ? -1 : entries[a]!.date > entries[b]!.date ? 1 : a - b));
  return { entries: order.map((i) => entries[i]!), truth: order.map((i) => truth[i]!) };
}
