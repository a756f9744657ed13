/**
 * The matcher of a bank statement's credits (issue 29): which customer a payment comes from and
 * which of its open charges it settles. A pure function over what the service reads (no database).
 *
 * The rules, strongest first:
 * 1. the end-to-end id of a presented SDD debit: that debit's charge;
 * 2. an invoice of the studio named in the remittance ('FATT. 12/2026', 'fattura n. 12', 'FT 12
 *    DEL …', 'Saldo fatt 12-2026'; a bare number names nothing): its customer and charges;
 * 3. the ordering party's IBAN, known from a mandate or an earlier payment;
 * 4. the customer's name (case, accents, punctuation, legal forms and word order aside) in the
 *    ordering party or in the remittance, or its fiscal code or VAT number;
 * 5. the amount alone: equal to exactly one open charge due near the date, or to exactly one
 *    customer's total open — only ever proposed.
 *
 * A line is 'matched' (sure: confirmable in bulk) only when one customer is plausible and the
 * amount fits what it owes (one charge, a run of its oldest charges, all it owes; for an invoice:
 * that invoice's open charges); else 'proposed' with the best candidate, or 'unmatched'. When two
 * customers are plausible (homonyms, one name inside another's) the line is never 'matched'.
 *
 * The lines are matched in order (SDD debits first, then by booking date): what a line settles is
 * no longer open for the next ones. Charges are allocated named first (the SDD's, the invoice's),
 * then oldest first, up to the amount: what exceeds the open charges is a credit (not listed).
 *
 * Names are indexed by their words (each customer under its rarest word) and charges by customer
 * and by amount, so a line costs the words of its texts, not the size of the studio.
 */

export interface MatchLine {
  key: number | string;
  /** 'YYYY-MM-DD' */
  bookingDate: string;
  /** signed euros as exact text; only credits (> 0) are matched */
  amount: string;
  counterparty: string | null;
  counterpartyIban: string | null;
  remittance: string | null;
  endToEndId: string | null;
}

export interface MatchCustomer {
  id: number;
  name: string;
  fiscal_code?: string | null;
  vat_id?: string | null;
}

export interface MatchBook {
  customers: MatchCustomer[];
  /** IBANs known to be a customer's: from its mandates ('mandate') and from lines confirmed before ('payment') */
  ibans: Array<{ iban: string; customer_id: number; source?: 'mandate' | 'payment' | null }>;
  openCharges: Array<{
    id: number;
    customer_id: number;
    /** 'YYYY-MM-DD' */
    due: string;
    /** what is still open, exact text ('150.00') */
    open: string;
    invoice_number?: string | null;
    invoice_year?: number | null;
  }>;
  invoices: Array<{ number: string | number; year: number; customer_id: number; total: string; charge_ids: number[] }>;
  sddDebits: Array<{ end_to_end_id: string; customer_id: number; charge_id: number; amount: string; status: string }>;
  /**
   * the RiBa presentations with receipts still presented (issue 47 item 5): the presented total of
   * each and its receipts' amounts, to tell the bank's credit of a presentation from a customer's payment
   */
  ribaCredits?: Array<{ support_name: string; kind: 'sbf' | 'dopo_incasso'; total: string; receipts: string[] }>;
}

export type MatchStatus = 'matched' | 'proposed' | 'unmatched';
export type MatchReason = 'sdd' | 'invoice' | 'name' | 'iban' | 'amount';

export interface MatchResult {
  key: number | string;
  status: MatchStatus;
  customer_id: number | null;
  charges: Array<{ charge_id: number; amount: string }>;
  reason: MatchReason | null;
  /** why, in Italian, as shown to the user */
  reason_text: string;
}

// ---------------------------------------------------------------------------
// money and days
// ---------------------------------------------------------------------------

/** Cents of exact decimal text ('150', '150.5', '-12.50'); NaN when it is none. */
function cents(text: string | number): number {
  // exact: a number of at most 12 digits and 2 decimals times 100 is off by far less than half a cent
  if (typeof text === 'string' && /^\d{1,12}\.\d\d$/.test(text)) return Math.round(Number(text) * 100);
  const m = /^\s*([+-]?)(\d+)(?:[.,](\d+))?\s*$/.exec(String(text));
  if (!m) return NaN;
  const frac = `${m[3] ?? ''}000`;
  const c = Number(m[2]) * 100 + Number(frac.slice(0, 2)) + (Number(frac[2]) >= 5 ? 1 : 0);
  return m[1] === '-' ? -c : c;
}
const centsText = (c: number) =>
  `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, '0')}`;
/** '1.234,56 €' */
function euro(c: number): string {
  const [int, frac] = centsText(c).replace('-', '').split('.') as [string, string];
  return `${c < 0 ? '-' : ''}${int.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${frac} €`;
}
/** The day `days` after (or before) an ISO day, 'YYYY-MM-DD' ('' when it is none). */
const addDays = (iso: string, days: number) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days)).toISOString().slice(0, 10) : '';
};
/** Oldest due first, then the older charge. */
const byDue = (a: { due: string; id: number }, b: { due: string; id: number }) =>
  a.due < b.due ? -1 : a.due > b.due ? 1 : a.id - b.id;
/** Rule 5 looks at charges due from this many days before the payment… */
const AMOUNT_DAYS_BEFORE = 180;
/** …to this many days after it (paid in advance). */
const AMOUNT_DAYS_AFTER = 45;

// ---------------------------------------------------------------------------
// names
// ---------------------------------------------------------------------------

/** Legal forms and the words of the spelled-out ones: not part of what names a customer. */
const LEGAL = new Set([
  'srl',
  'srls',
  'sas',
  'snc',
  'spa',
  'sapa',
  'ss',
  'sa',
  'sc',
  'scs',
  'scrl',
  'scarl',
  'scpa',
  'arl',
  'soc',
  'societa',
  'coop',
  'cooperativa',
  'stp',
  'sts',
  'onlus',
  'aps',
  'odv',
  'ets',
  'ltd',
  'gmbh',
  'inc',
  'unipersonale',
  'semplificata',
  'responsabilita',
  'limitata',
  'accomandita',
  'semplice',
  'azioni',
  'liquidazione',
  'ditta',
  'individuale',
]);
/**
 * The legal form a name ends with, as one key ('Rossi S.r.l.s.' → 'srls', 'Verdi Soc. Coop.' →
 * 'coop'), or null: two customers of the same words and different forms are told apart by it.
 */
function legalForm(name: string | null | undefined): string | null {
  if (!name) return null;
  const t = plain(name)
    .replace(/[^a-z ]+/g, ' ')
    .replace(/\b([a-z]) (?=[a-z]\b)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  if (/^(associazione|ass) /.test(t) || / (associazione|onlus|aps|odv|ets)$/.test(t)) return 'ass';
  const m =
    /(?:^| )(srls|srl|spa|sapa|sas|snc|scarl|scrl|ss)(?: di .*)?$/.exec(t) ??
    /(?:^| )(soc(?:ieta)? coop(?:erativa)?|coop(?:erativa)?)(?: .*)?$/.exec(t);
  if (!m) return null;
  return m[1]!.includes('coop') ? 'coop' : m[1] === 'scrl' ? 'scarl' : m[1]!;
}

/** Words a remittance is made of: a name of only these words is found only as the whole ordering party. */
const GENERIC = new Set([
  'fattura',
  'fatture',
  'fatt',
  'saldo',
  'acconto',
  'pagamento',
  'bonifico',
  'studio',
  'servizi',
  'servizio',
  'service',
  'consulenza',
  'consulenze',
  'onorari',
  'onorario',
  'compensi',
  'rata',
  'rate',
  'canone',
  'per',
  'del',
  'della',
  'di',
  'da',
  'al',
  'il',
  'la',
  'le',
  'lo',
  'in',
  'con',
  'italia',
  'italiana',
  'group',
  'gruppo',
  'associati',
  'associato',
  'commercialista',
  'contabilita',
  'paghe',
  'bilancio',
  'anno',
  'mese',
  'sepa',
  'sdd',
  'rif',
  'cro',
  'trn',
  'iban',
  'ord',
  'ordinante',
  'ben',
  'beneficiario',
  'info',
  'note',
  'causale',
  'pag',
  'ft',
  'nr',
  'num',
  'numero',
  'vs',
  'ns',
  'id',
]);

interface Words {
  /** the words in order (single letters, legal forms and short numbers left out) */
  list: string[];
  set: Set<string>;
  /** a legal form was written */
  legal: boolean;
  /** the positions (in list) of the words a legal form follows ('ROSSI SRL', 'Gamma S.p.A.') */
  legalAfter: Set<number>;
  /** the words joined to a single letter before them ('d angelo' → 'dangelo'), at the position of the word */
  joined: Array<[string, number]>;
}

/** Lower case without accents ('Nicolò' → 'nicolo'), an apostrophe after one letter dropped ('d'angelo' → 'dangelo'). */
function plain(text: string): string {
  const t = /^[\u0020-\u007e]*$/.test(text) ? text : text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  return t.toLowerCase().replace(/\b([a-z])['’`]\s*(?=[a-z])/g, '$1');
}

/**
 * The words of a name or a text: lower case without accents, 'D'Angelo' one word, dotted legal
 * forms ('S.R.L.', 'S.a.s.') recognised, single letters and numbers of up to 4 digits dropped.
 * With `joins`, a single letter before a word also gives the word joined to it ('D ANGELO').
 */
function words(text: string, joins = false): Words {
  const raw = plain(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const list: string[] = [];
  const set = new Set<string>();
  const legalAfter = new Set<number>();
  const joined: Array<[string, number]> = [];
  let legal = false;
  const legalHere = () => {
    legal = true;
    if (list.length) legalAfter.add(list.length - 1);
  };
  const push = (w: string) => {
    list.push(w);
    set.add(w);
  };
  for (let i = 0; i < raw.length; i++) {
    const w = raw[i]!;
    if (w.length === 1) {
      // a run of single letters: a dotted legal form, or initials (dropped)
      let j = i;
      while (j < raw.length && raw[j]!.length === 1) j++;
      const run = raw.slice(i, j).join('');
      if (LEGAL.has(run)) legalHere();
      else if (joins && j === i + 1 && j < raw.length) {
        set.add(w + raw[j]);
        joined.push([w + raw[j], list.length]);
      }
      i = j - 1;
      continue;
    }
    if (LEGAL.has(w)) {
      legalHere();
      continue;
    }
    if (w.length <= 4 && /^\d+$/.test(w)) continue;
    push(w);
  }
  return { list, set, legal, legalAfter, joined };
}

// ---------------------------------------------------------------------------
// the book, indexed
// ---------------------------------------------------------------------------

interface Charge {
  id: number;
  customerId: number;
  /** 'YYYY-MM-DD' */
  due: string;
  open: number;
}
interface Cust {
  id: number;
  name: string;
  tokens: string[];
  tokenSet: Set<string>;
  company: boolean;
  /** its legal form ('srl', 'coop'…), null for a person or a name without one */
  form: string | null;
  /** all its words are generic (or it has one short word): found only as the whole ordering party */
  weak: boolean;
  /** its open charges, oldest first once `sorted` (sorted when first looked at) */
  charges: Charge[];
  sorted: boolean;
  open: number;
}

/** The customer's charges, oldest first. */
function chargesOf(cust: Cust): Charge[] {
  if (!cust.sorted) {
    cust.charges.sort(byDue);
    cust.sorted = true;
  }
  return cust.charges;
}
interface Invoice {
  number: string;
  year: number;
  customerId: number;
  chargeIds: number[];
}

/** An invoice number as compared: upper case, letters and digits; a number without its leading zeros. */
const invoiceKey = (n: string | number) => {
  if (typeof n === 'number') return String(n);
  if (/^[1-9]\d*$/.test(n)) return n;
  const s = String(n)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
  return /^\d+$/.test(s) ? s.replace(/^0+(?=\d)/, '') : s;
};

class Index {
  customers = new Map<number, Cust>();
  charges = new Map<number, Charge>();
  /** each customer under its rarest word */
  /** each customer under its two rarest words (a one-word name under '' as second) */
  byAnchor = new Map<string, Map<string, Cust[]>>();
  /** each customer under each of its words */
  byWord = new Map<string, Cust[]>();
  /** fiscal codes and VAT numbers */
  byCode = new Map<string, Cust[]>();
  /** each IBAN's customers (a Map: an IBAN shared by thousands of customers is indexed in linear time) */
  byIban = new Map<string, Map<Cust, string | null>>();
  invoices = new Map<string, Invoice[]>();
  /** the charges by their open amount at the start (checked again when used; sorted by due when first used) */
  chargesByOpen = new Map<number, Charge[]>();
  sortedAmounts = new Set<number>();
  /** the customers by their total open at the start (checked again when used) */
  customersByOpen = new Map<number, Cust[]>();
  /** a debit's rows by its end-to-end id: one per charge it collects (a debit of several charges is all of them) */
  sdd = new Map<string, Array<MatchBook['sddDebits'][number]>>();
  /** the RiBa presentations by the cents of a credit the bank may make of them: their total (any kind), a receipt's (al dopo incasso) */
  riba = new Map<number, Array<{ support: string; kind: 'sbf' | 'dopo_incasso'; whole: boolean }>>();

  /** `wanted`: the invoice numbers the lines name (only those invoices are indexed) */
  constructor(book: MatchBook, wanted: Set<string>, wantedE2e: Set<string>) {
    const df = new Map<string, number>();
    for (const c of book.customers) {
      // 'Rossi Mario — Edilizia': a person and the trade after a dash; the bank prints the person
      const w = words(c.name.split(/\s+[—–]\s+/)[0]!);
      const tokens = [...new Set(w.list)];
      const cust: Cust = {
        id: c.id,
        name: c.name,
        tokens,
        tokenSet: new Set(tokens),
        company: w.legal,
        form: legalForm(c.name.split(/\s+[—–]\s+/)[0]),
        weak: tokens.every((t) => GENERIC.has(t)) || (tokens.length === 1 && tokens[0]!.length < 4),
        charges: [],
        sorted: false,
        open: 0,
      };
      this.customers.set(c.id, cust);
      for (const t of tokens) df.set(t, (df.get(t) ?? 0) + 1);
      for (const code of [c.fiscal_code, c.vat_id]) {
        const k = code
          ? code
              .toUpperCase()
              .replace(/[^A-Z0-9]/g, '')
              .replace(/^IT(?=\d{11}$)/, '')
          : '';
        if (k.length >= 11) push(this.byCode, k, cust, true);
      }
    }
    for (const cust of this.customers.values()) {
      if (!cust.tokens.length) continue;
      const [first, second = ''] = [...cust.tokens].sort(
        (a, b) => df.get(a)! - df.get(b)! || b.length - a.length || (a < b ? -1 : 1),
      );
      let inner = this.byAnchor.get(first!);
      if (!inner) this.byAnchor.set(first!, (inner = new Map()));
      push(inner, second, cust);
      for (const t of cust.tokens) push(this.byWord, t, cust);
    }
    for (const i of book.ibans) {
      const cust = this.customers.get(i.customer_id);
      const k = i.iban.replace(/\s+/g, '').toUpperCase();
      if (!cust || !k) continue;
      let list = this.byIban.get(k);
      if (!list) this.byIban.set(k, (list = new Map()));
      if (list.has(cust)) {
        const known = list.get(cust) ?? null;
        list.set(cust, known === 'mandate' ? 'mandate' : (i.source ?? known));
      } else list.set(cust, i.source ?? null);
    }
    const invoiceOf = (key: string, num: string | number, year: number, customerId: number) => {
      const list = this.invoices.get(key) ?? [];
      let inv = list.find((x) => x.year === year && x.customerId === customerId);
      if (!inv) {
        inv = { number: String(num).trim(), year, customerId, chargeIds: [] };
        list.push(inv);
        this.invoices.set(key, list);
      }
      return inv;
    };
    // the charges looked up by id: those of the SDD debits and of the invoices the lines name
    const byId = new Set<number>();
    for (const d of book.sddDebits) {
      const k = d.end_to_end_id.trim().toUpperCase();
      if (!wantedE2e.has(k)) continue;
      push(this.sdd, k, d);
      byId.add(d.charge_id);
    }
    for (const r of book.ribaCredits ?? []) {
      push(this.riba, cents(r.total), { support: r.support_name, kind: r.kind, whole: true });
      if (r.kind === 'dopo_incasso')
        for (const a of new Set(r.receipts))
          push(this.riba, cents(a), { support: r.support_name, kind: r.kind, whole: false });
    }
    for (const inv of book.invoices) {
      const key = invoiceKey(inv.number);
      if (!wanted.has(key) || !this.customers.has(inv.customer_id)) continue;
      const i = invoiceOf(key, inv.number, inv.year, inv.customer_id);
      for (const id of inv.charge_ids) {
        byId.add(id);
        if (!i.chargeIds.includes(id)) i.chargeIds.push(id);
      }
    }
    for (const ch of book.openCharges) {
      const cust = this.customers.get(ch.customer_id);
      const open = cents(ch.open);
      if (!cust || !(open > 0)) continue;
      const charge: Charge = { id: ch.id, customerId: cust.id, due: ch.due, open };
      cust.charges.push(charge);
      cust.open += open;
      push(this.chargesByOpen, open, charge);
      let named = byId.has(ch.id);
      if (ch.invoice_number && ch.invoice_year) {
        const key = invoiceKey(ch.invoice_number);
        if (wanted.has(key)) {
          const i = invoiceOf(key, ch.invoice_number, ch.invoice_year, cust.id);
          if (!i.chargeIds.includes(ch.id)) i.chargeIds.push(ch.id);
          named = true;
        }
      }
      if (named) this.charges.set(ch.id, charge);
    }
    for (const cust of this.customers.values()) {
      if (cust.open > 0) push(this.customersByOpen, cust.open, cust);
    }
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V, unique = false) {
  const list = map.get(key);
  if (!list) map.set(key, [value]);
  else if (!unique || !list.includes(value)) list.push(value);
}

// ---------------------------------------------------------------------------
// evidence of a customer
// ---------------------------------------------------------------------------

type Kind = 'iban' | 'code' | 'cpExact' | 'cpName' | 'cpPartial' | 'text';
interface Evidence {
  cust: Cust;
  kinds: Set<Kind>;
  score: number;
  /** the first reason found of the strongest kind */
  reason: MatchReason;
  text: string;
  strength: number;
}
const KIND_SCORE: Record<Kind, number> = { iban: 3, code: 3, cpExact: 2.5, cpName: 2, cpPartial: 1.2, text: 1 };
/** Kinds that tell the customer by themselves (a partial name does not). */
const STRONG: Kind[] = ['iban', 'code', 'cpExact', 'cpName', 'text'];
/** Kinds that tell who paid (the payer's account, code or name; not a name in the remittance). */
const PAYER: Kind[] = ['iban', 'code', 'cpExact', 'cpName'];

class Evidences {
  map = new Map<Cust, Evidence>();
  add(cust: Cust, kind: Kind, reason: MatchReason, text: string, score = KIND_SCORE[kind]) {
    let e = this.map.get(cust);
    if (!e) this.map.set(cust, (e = { cust, kinds: new Set(), score: 0, reason, text, strength: 0 }));
    if (e.kinds.has(kind)) return;
    e.kinds.add(kind);
    e.score += score;
    if (score > e.strength) {
      e.strength = score;
      e.reason = reason;
      e.text = text;
    }
  }
  /** whether the customer is told by more than a partial name */
  strongFor(cust: Cust) {
    const e = this.map.get(cust);
    return !!e && STRONG.some((k) => e.kinds.has(k));
  }
}

/** The customers whose two rarest words (or one word) are among `set`: each once. */
function* anchored(ix: Index, set: Set<string>): Generator<Cust> {
  for (const t of set) {
    const inner = ix.byAnchor.get(t);
    if (!inner) continue;
    const single = inner.get('');
    if (single) yield* single;
    if (inner.size < set.size) {
      for (const [t2, list] of inner) if (t2 && set.has(t2)) yield* list;
    } else {
      for (const t2 of set) {
        const list = t2 ? inner.get(t2) : undefined;
        if (list) yield* list;
      }
    }
  }
}

/** An IBAN known for more customers than this names none of them by itself (issue 45 item 21). */
export const IBAN_MAX_CANDIDATES = 50;

const CF_RE = /\b[A-Z]{6}[0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]\b/g;
const VAT_RE = /(?<!\d)(?:IT)?(\d{11})(?!\d)/g;

function gatherEvidence(ix: Index, line: MatchLine): Evidences {
  const ev = new Evidences();
  // (3) the ordering party's IBAN
  const iban = line.counterpartyIban?.replace(/\s+/g, '').toUpperCase();
  const known = iban ? ix.byIban.get(iban) : undefined;
  const ibanEvidence = (cust: Cust, source: string | null) => {
    const from = source === 'mandate' ? ' (mandato SDD)' : source === 'payment' ? ' (incassi precedenti)' : '';
    ev.add(cust, 'iban', 'iban', `IBAN dell'ordinante noto${from}`, known!.size > 1 ? 2 : 3);
  };
  // an IBAN of a few customers (a holding paying for its companies) names them all; one shared by
  // more names none by itself (a line would cost thousands of candidates: issue 45 item 21), it
  // only confirms the customers the rest of the evidence names (below)
  const ibanNames = !!known && known.size <= IBAN_MAX_CANDIDATES;
  if (ibanNames) for (const [cust, source] of known) ibanEvidence(cust, source);
  // (4) fiscal code or VAT number
  const both = `${line.counterparty ?? ''} ${line.remittance ?? ''}`.toUpperCase();
  for (const m of both.matchAll(CF_RE)) {
    for (const cust of ix.byCode.get(m[0]) ?? [])
      ev.add(cust, 'code', 'name', `Codice fiscale del cliente nella causale: ${m[0]}`);
  }
  for (const m of both.matchAll(VAT_RE)) {
    for (const cust of ix.byCode.get(m[1]!) ?? [])
      ev.add(cust, 'code', 'name', `Partita IVA del cliente nella causale: ${m[1]}`);
  }
  // (4) the name in the ordering party
  let cpFound = false;
  if (line.counterparty) {
    const cp = words(line.counterparty, true);
    // a name as long as the widths banks cut at (35, 50, 70) and ending in a letter may be cut short:
    // never exact then, and the customers its last fragment may begin are candidates too
    const raw = line.counterparty.trim();
    const fragment =
      plain(raw)
        .split(/[^a-z0-9]+/)
        .filter(Boolean)
        .at(-1) ?? '';
    const maybeCut = (raw.length === 35 || raw.length === 50 || raw.length === 70) && /[a-z]$/i.test(raw);
    for (const cust of anchored(ix, cp.set)) {
      if (!cust.tokens.every((x) => cp.set.has(x))) continue;
      const exact = !maybeCut && cp.list.every((x) => cust.tokenSet.has(x));
      if (cust.weak && !exact) continue;
      cpFound = true;
      // a company paying with a person's name (ROSSI MARIO SRL for Rossi Mario): only a likeness
      if (cp.legal && !cust.company) {
        ev.add(cust, 'cpPartial', 'name', `Ordinante simile al cliente: ${cust.name} (l'ordinante è una società)`);
        continue;
      }
      // a legal form written or not, as the customer's: a hint between homonyms (a person and its company)
      const hint = cp.legal === cust.company ? 0.3 : 0;
      ev.add(
        cust,
        exact ? 'cpExact' : 'cpName',
        'name',
        `Nome del cliente nell'ordinante: ${cust.name}`,
        KIND_SCORE[exact ? 'cpExact' : 'cpName'] + hint,
      );
    }
    // a name cut short by the bank ('IMMOBILIARE LE ROSE DI BIANCHI G'): its words all in one customer's name
    if ((!cpFound || maybeCut) && cp.list.length >= 2 && !cp.list.every((t) => GENERIC.has(t))) {
      const dropped = maybeCut && fragment !== cp.list[cp.list.length - 1];
      const last = dropped ? fragment : cp.list[cp.list.length - 1]!;
      const whole = dropped ? cp.list : cp.list.slice(0, -1);
      let rarest: Cust[] | undefined;
      for (const t of whole) {
        const l = ix.byWord.get(t);
        if (!l) {
          rarest = [];
          break;
        }
        if (!rarest || l.length < rarest.length) rarest = l;
      }
      for (const cust of rarest ?? []) {
        if (!whole.every((t) => cust.tokenSet.has(t))) continue;
        if (
          !cust.tokenSet.has(last) &&
          !((last.length >= 3 || dropped) && cust.tokens.some((t) => t.startsWith(last) && !whole.includes(t)))
        )
          continue;
        if (cust.tokens.length <= (dropped ? whole.length : cp.list.length)) continue;
        if (ev.map.has(cust)) continue;
        ev.add(cust, 'cpPartial', 'name', `Ordinante simile al cliente (nome incompleto): ${cust.name}`);
      }
    }
  }
  // (4) the name in the remittance: its words close together; a one-word name only beside a legal form
  if (line.remittance) {
    const rm = words(line.remittance, true);
    const positions = new Map<string, number[]>();
    rm.list.forEach((t, i) => push(positions, t, i));
    for (const [t, i] of rm.joined) push(positions, t, i);
    for (const cust of anchored(ix, rm.set)) {
      if (cust.weak || !cust.tokens.every((x) => rm.set.has(x))) continue;
      const t = cust.tokens[0]!;
      if (!together(cust.tokens, positions, t)) continue;
      if (cust.tokens.length === 1 && !positions.get(t)!.some((p) => rm.legalAfter.has(p))) continue;
      ev.add(cust, 'text', 'name', `Nome del cliente nella causale: ${cust.name}`);
    }
  }
  if (known && !ibanNames)
    for (const cust of ev.map.keys()) if (known.has(cust)) ibanEvidence(cust, known.get(cust) ?? null);
  return ev;
}

/** Whether the words appear within a window of their number plus one, around some occurrence of `anchor`. */
function together(tokens: string[], positions: Map<string, number[]>, anchor: string): boolean {
  const w = tokens.length + 1;
  return positions
    .get(anchor)!
    .some((p) => tokens.every((t) => t === anchor || (positions.get(t) ?? []).some((q) => Math.abs(q - p) <= w)));
}

// ---------------------------------------------------------------------------
// invoices named in the remittance
// ---------------------------------------------------------------------------

interface InvoiceRef {
  num: string;
  year: number | null;
  /** the 2-digit year read as a second number too ('FT 12/13') */
  alt?: string;
}

const INVOICE_WORD = String.raw`(?:FATTURE|FATTURA|FATT|FAT|FTT|FT|FV|FTR|PARCELLE|PARCELLA|PARC)`;
const NUMBER_WORD = String.raw`(?:\s*(?:NR|NUM|NUMERO|NN|NO|N)\b\.?|\s*N°|\s*°)?`;
const ONE = String.raw`(?!\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4})(\d{1,9})(?:\s*[/-]\s*(\d{4}|\d{2})(?!\d))?`;
const INVOICE_RE = new RegExp(
  String.raw`\b${INVOICE_WORD}\b\.?${NUMBER_WORD}\s*[:.]?\s*${ONE}((?:\s*(?:,|;|\+|&|\bE\b|\bED\b)\s*${ONE.replace(/\((?!\?)/g, '(?:')})*)(?:\s+(?:DEL|ANNO|DATATA)\s+(?:\d{1,2}[/.-]\d{1,2}[/.-])?(\d{4}))?`,
  'g',
);
const ONE_RE = new RegExp(ONE, 'g');

function invoiceRefs(remittance: string, bookingYear: number): InvoiceRef[] {
  const text = remittance
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase();
  const refs: InvoiceRef[] = [];
  for (const m of text.matchAll(INVOICE_RE)) {
    const trailingYear = m[4] ? Number(m[4]) : null;
    const items: Array<[string, string | undefined]> = [[m[1]!, m[2]]];
    for (const x of (m[3] ?? '').matchAll(ONE_RE)) items.push([x[1]!, x[2]]);
    for (const [a, b] of items) {
      const isYear = (y: string) => y.length === 4 && Number(y) >= 1990 && Number(y) <= bookingYear + 1;
      if (b && isYear(a) && !isYear(b)) {
        // '2026/12': the year first
        refs.push({ num: invoiceKey(b), year: Number(a) });
      } else if (b && b.length === 4) {
        refs.push({ num: invoiceKey(a), year: isYear(b) ? Number(b) : trailingYear });
      } else if (b) {
        // 'FT 12/26': of 2026, or invoices 12 and 26
        const y = 2000 + Number(b);
        refs.push({ num: invoiceKey(a), year: y <= bookingYear + 1 ? y : null, alt: invoiceKey(b) });
      } else refs.push({ num: invoiceKey(a), year: trailingYear });
    }
  }
  return refs;
}

interface InvoiceFind {
  invoices: Invoice[];
  /** the year was not said and more than one invoice has the number: chosen, not known */
  ambiguous: boolean;
}

function findInvoices(ix: Index, refs: InvoiceRef[], ev: Evidences, bookingYear: number, amount: number): InvoiceFind {
  const found: Invoice[] = [];
  let ambiguous = false;
  const openOf = (inv: Invoice) => inv.chargeIds.reduce((s, id) => s + (ix.charges.get(id)?.open ?? 0), 0);
  const choose = (num: string, year: number | null): Invoice[] => {
    let list = ix.invoices.get(num) ?? [];
    if (year !== null) return list.filter((i) => i.year === year);
    list = list.filter((i) => i.year <= bookingYear + 1);
    if (list.length <= 1) return list;
    const narrow = (keep: (i: Invoice) => boolean) => {
      const l = list.filter(keep);
      if (l.length) list = l;
    };
    narrow((i) => openOf(i) > 0);
    narrow((i) => ev.map.has(ix.customers.get(i.customerId)!));
    narrow((i) => openOf(i) === amount);
    if (list.length > 1) {
      ambiguous = true;
      list = [list.reduce((a, b) => (b.year > a.year ? b : a))];
    }
    return list;
  };
  for (const r of refs) {
    let got = choose(r.num, r.year);
    // 'FT 12/13': invoice 12 of 2013, or invoices 12 and 13
    if (!got.length && r.alt) got = [...choose(r.num, null), ...choose(r.alt, null)];
    for (const i of got) if (!found.includes(i)) found.push(i);
  }
  return { invoices: found, ambiguous };
}

// ---------------------------------------------------------------------------
// charges
// ---------------------------------------------------------------------------

/** How the amount fits what the customer owes: one charge, a run of its oldest, or all it owes. */
function fits(cust: Cust, amount: number): boolean {
  let run = 0;
  let single = false;
  for (const ch of chargesOf(cust)) {
    if (ch.open <= 0) continue;
    if (ch.open === amount) single = true;
    if (run < amount) run += ch.open;
  }
  return single || run === amount;
}

/** Whether the amount is what the oldest charges leave open, one after the other. */
function fitsOldest(cust: Cust, amount: number): boolean {
  let run = 0;
  for (const ch of chargesOf(cust)) {
    if (ch.open <= 0) continue;
    run += ch.open;
    if (run >= amount) return run === amount;
  }
  return false;
}

/** The charges the amount settles: `named` first, then the oldest; what is left over is a credit. */
function allocate(cust: Cust, amount: number, named: Charge[] = []): Array<{ charge: Charge; amount: number }> {
  const out: Array<{ charge: Charge; amount: number }> = [];
  let rest = amount;
  const seen = new Set<Charge>();
  for (const ch of [...named, ...chargesOf(cust)]) {
    if (rest <= 0) break;
    if (seen.has(ch) || ch.open <= 0 || ch.customerId !== cust.id) continue;
    seen.add(ch);
    const take = Math.min(rest, ch.open);
    out.push({ charge: ch, amount: take });
    rest -= take;
  }
  return out;
}

/** Each charge for its own amount (a debit's rows); null when one of them no longer has it open. */
function allocateEach(
  cust: Cust,
  parts: Array<{ charge: Charge | undefined; amount: number }>,
): Array<{ charge: Charge; amount: number }> | null {
  for (const p of parts) if (!p.charge || p.charge.customerId !== cust.id || p.charge.open < p.amount) return null;
  return parts as Array<{ charge: Charge; amount: number }>;
}

const fmtInvoice = (i: Invoice) => `${i.number}/${i.year}`;
const names = (list: Cust[]) =>
  list
    .slice(0, 3)
    .map((c) => c.name)
    .join(', ') + (list.length > 3 ? ` e altri ${list.length - 3}` : '');

// ---------------------------------------------------------------------------
// the matcher
// ---------------------------------------------------------------------------

/** The match of each line (in the order given). */
export function matchLines(lines: MatchLine[], book: MatchBook): MatchResult[] {
  // the invoices the remittances name, read first: only those are indexed
  const refs = lines.map((l) =>
    l.remittance ? invoiceRefs(l.remittance, Number(l.bookingDate.slice(0, 4)) || 0) : [],
  );
  const wanted = new Set<string>();
  for (const list of refs) for (const r of list) for (const k of r.alt ? [r.num, r.alt] : [r.num]) wanted.add(k);
  const wantedE2e = new Set<string>();
  for (const l of lines) if (l.endToEndId) wantedE2e.add(l.endToEndId.trim().toUpperCase());
  const ix = new Index(book, wanted, wantedE2e);
  const results: MatchResult[] = [];
  const order = lines.map((l, i) => ({ l, i, a: cents(l.amount), sdd: false }));
  for (const o of order) o.sdd = !!(o.a > 0 && o.l.endToEndId && ix.sdd.has(o.l.endToEndId.trim().toUpperCase()));
  order.sort(
    (x, y) =>
      Number(y.sdd) - Number(x.sdd) ||
      (x.l.bookingDate < y.l.bookingDate ? -1 : x.l.bookingDate > y.l.bookingDate ? 1 : x.i - y.i),
  );
  for (const { l, i, a } of order) results[i] = matchOne(ix, l, a, refs[i]!);
  return results;
}

function result(
  line: MatchLine,
  status: MatchStatus,
  cust: Cust | null,
  alloc: Array<{ charge: Charge; amount: number }>,
  reason: MatchReason | null,
  text: string,
): MatchResult {
  // what a line settles is no longer open for the next lines
  for (const x of alloc) {
    x.charge.open -= x.amount;
    if (cust) cust.open -= x.amount;
  }
  return {
    key: line.key,
    status,
    customer_id: cust?.id ?? null,
    charges: alloc.map((x) => ({ charge_id: x.charge.id, amount: centsText(x.amount) })),
    reason,
    reason_text: text,
  };
}

/**
 * Whether a credit is the bank's credit of a RiBa presentation: with 'RiBa' in its text, the total of
 * a presentation or one receipt of a presentation "al dopo incasso"; `bare` (nothing in the line
 * names a customer), the presented total of a presentation "salvo buon fine", which the bank credits
 * whole. Its note, or null.
 */
function ribaCreditOf(ix: Index, line: MatchLine, amount: number, bare: boolean): string | null {
  const found = ix.riba.get(amount);
  if (!found) return null;
  const text = `${line.remittance ?? ''} ${line.counterparty ?? ''}`;
  const named = /\bRI\.?\s?BA\b|RICEVUTE?\s+BANCARI/i.test(text);
  const fits = found.filter((f) => (bare ? f.kind === 'sbf' && f.whole : named));
  if (!fits.length) return null;
  const names = [...new Set(fits.map((f) => f.support))].join(', ');
  const kind = fits.every((f) => f.kind === 'sbf') ? 'salvo buon fine ' : '';
  return `Accredito ${kind}della presentazione RiBa ${names}: registralo con 'Registra accredito' in Presenta RiBa, poi ignora questo movimento`;
}

/** Why a proposal is not sure, said after its reason. */
function amountNote(cust: Cust, amount: number): string {
  if (cust.open <= 0) return ' — il cliente non ha partite aperte: importo a credito';
  if (amount > cust.open)
    return ` — importo superiore al totale aperto (${euro(cust.open)}): ${euro(amount - cust.open)} a credito`;
  return ` — importo diverso dalle partite aperte (totale aperto ${euro(cust.open)})`;
}

function matchOne(ix: Index, line: MatchLine, amount: number, refs: InvoiceRef[]): MatchResult {
  if (!(amount > 0)) return result(line, 'unmatched', null, [], null, 'Movimento in uscita: non è un incasso');
  const bookingYear = Number(line.bookingDate.slice(0, 4)) || 0;

  // (1) a debit of an SDD batch
  const e2e = line.endToEndId?.trim().toUpperCase();
  // a debit is all the charges it collects (one row each, the same end-to-end id): its amount is
  // their sum, and it settles each of them (issue 45 item 2)
  const rows = e2e ? ix.sdd.get(e2e) : undefined;
  const debit = rows?.[0];
  if (debit) {
    const cust = ix.customers.get(debit.customer_id);
    if (cust) {
      const charges = rows!
        .filter((r) => r.customer_id === debit.customer_id)
        .map((r) => ix.charges.get(r.charge_id))
        .filter((c): c is Charge => !!c)
        .sort(byDue);
      const expected = rows!.reduce((sum, r) => sum + cents(r.amount), 0);
      // each collected charge for what the debit asked of it, then (a different amount) the oldest first
      const fitsDebit = expected === amount && charges.length === rows!.length;
      const alloc = fitsDebit
        ? allocateEach(
            cust,
            rows!.map((r) => ({ charge: ix.charges.get(r.charge_id)!, amount: cents(r.amount) })),
          )
        : allocate(cust, amount, charges);
      const base = `Addebito SDD ${line.endToEndId!.trim()} della distinta`;
      let note = '';
      if (debit.status !== 'presented')
        note =
          debit.status === 'paid'
            ? ' — già registrato come incassato'
            : debit.status === 'returned'
              ? ' — risulta stornato'
              : ` — distinta ${debit.status === 'cancelled' ? 'annullata' : debit.status}`;
      else if (expected !== amount) note = ` — importo diverso da quello addebitato (${euro(expected)})`;
      else if (!fitsDebit || !alloc) note = ' — la rata risulta già saldata';
      return result(
        line,
        note ? 'proposed' : 'matched',
        cust,
        alloc ?? allocate(cust, amount, charges),
        'sdd',
        base + note,
      );
    }
  }

  // (1b) the bank's credit of a RiBa presentation: posted by the presentation's 'Registra accredito',
  // not a customer's payment (its amount would be proposed to whoever owes as much)
  const riba = ribaCreditOf(ix, line, amount, false);
  if (riba) return result(line, 'unmatched', null, [], null, riba);

  const ev = gatherEvidence(ix, line);
  // a 'salvo buon fine' total without a word of RiBa: only when nothing in the line names a customer
  const sbf = !refs.length && !ev.map.size ? ribaCreditOf(ix, line, amount, true) : null;
  if (sbf) return result(line, 'unmatched', null, [], null, sbf);

  // (2) invoices named in the remittance
  const inv = refs.length ? findInvoices(ix, refs, ev, bookingYear, amount) : { invoices: [], ambiguous: false };
  if (inv.invoices.length) {
    const custs = [...new Set(inv.invoices.map((i) => ix.customers.get(i.customerId)!))];
    let invoices = inv.invoices;
    let cust = custs[0]!;
    let sure = !inv.ambiguous;
    if (custs.length > 1) {
      // invoices of several customers: the one the other evidence names, if only one
      const named = custs.filter((c) => ev.map.has(c));
      cust = named.length === 1 ? named[0]! : custs[0]!;
      invoices = invoices.filter((i) => i.customerId === cust.id);
      sure = false;
    }
    const charges = [...new Set(invoices.flatMap((i) => i.chargeIds))]
      .map((id) => ix.charges.get(id))
      .filter((c): c is Charge => !!c && c.open > 0)
      .sort(byDue);
    const open = charges.reduce((s, c) => s + c.open, 0);
    const others = [...ev.map.values()].filter((e) => e.cust !== cust && PAYER.some((k) => e.kinds.has(k)));
    const confirmed = ev.strongFor(cust);
    const label =
      invoices.length === 1
        ? `Fattura n. ${fmtInvoice(invoices[0]!)} citata nella causale`
        : `Fatture n. ${invoices.map(fmtInvoice).join(', ')} citate nella causale`;
    let note = '';
    if (inv.ambiguous) note = ' — anno non indicato: più fatture con lo stesso numero';
    else if (custs.length > 1) note = ` — fatture di più clienti (${names(custs)})`;
    else if (others.length) note = ` — l'ordinante risulta un altro cliente (${names(others.map((e) => e.cust))})`;
    else if (!open) note = invoices.length === 1 ? ' — fattura già saldata' : ' — fatture già saldate';
    else if (amount > cust.open) note = amountNote(cust, amount);
    else if (amount !== open && !confirmed)
      note = ` — importo diverso dal residuo ${invoices.length === 1 ? 'della fattura' : 'delle fatture'} (${euro(open)})`;
    const status = sure && !note ? 'matched' : 'proposed';
    return result(line, status, cust, allocate(cust, amount, charges), 'invoice', label + note);
  }

  // (3) and (4): the IBAN, the fiscal code or VAT number, the name
  const cands = [...ev.map.values()];
  if (cands.length) {
    // the amount fitting what a candidate owes ranks it higher (looked at for the first ones only: homonyms can be many)
    const rank = (x: Evidence, y: Evidence) => y.score - x.score || y.strength - x.strength;
    // the payer's legal form, when it has one, ranks first the customers of that form
    const payerForm = legalForm(line.counterparty);
    if (payerForm) for (const e of cands) if (e.cust.form === payerForm) e.score += 0.2;
    cands.sort(rank);
    for (const e of cands.slice(0, 20)) if (fits(e.cust, amount)) e.score += 0.5;
    cands.sort(rank);
    const best = cands[0]!;
    // a tax code in the text decides against names alone (an IBAN does not: one person may hold
    // two customers' accounts, e.g. the person and the firm)
    const decisive = (e: Evidence) => e.kinds.has('code');
    // the payer's legal form tells apart companies of the same words ('… S.r.l.s.' is not '… S.p.A.');
    // a person of the same name stays a rival (an owner may pay from the firm's account)
    // a payer named exactly as the best has words a rival lacks ('MARINO AGRICOLA NORD SRL' is not
    // 'Marino Agricola S.r.l.'): that rival is out
    const narrower = (e: Evidence) =>
      best.kinds.has('cpExact') &&
      e.cust.tokens.length < best.cust.tokens.length &&
      e.cust.tokens.every((t) => best.cust.tokenSet.has(t));
    const rivals = (decisive(best) ? cands.slice(1).filter(decisive) : cands.slice(1)).filter(
      (e) =>
        !narrower(e) &&
        (!payerForm || best.cust.form !== payerForm || e.cust.form === payerForm || e.cust.form === null),
    );
    const second = rivals[0];
    if (second && Math.abs(second.score - best.score) < 1e-9)
      return result(line, 'unmatched', null, [], null, `Più clienti possibili: ${names(cands.map((e) => e.cust))}`);
    const onlyPartial = !STRONG.some((k) => best.kinds.has(k));
    const fit = fits(best.cust, amount);
    let note = '';
    if (second) note = ` — anche compatibili: ${names(rivals.map((e) => e.cust))}`;
    else if (onlyPartial) note = ' — verifica il cliente';
    else if (!fit) note = amountNote(best.cust, amount);
    // a customer named beyond doubt (its tax code, its exact name, or a known IBAN with its name)
    // paying part of what it has open: its payment, the oldest first. More than it has open (a
    // credit) is only proposed. So 'Conferma tutti' posts only what the screen's note calls sure:
    // the customer told and the amount within its open items (issue 45 item 13)
    const sure =
      !second &&
      !onlyPartial &&
      amount <= best.cust.open &&
      (best.kinds.has('code') ||
        best.kinds.has('cpExact') ||
        (best.kinds.has('iban') && (best.kinds.has('cpName') || best.kinds.has('text'))));
    // the amount of exactly one of its charges (not the oldest): that one
    const single = chargesOf(best.cust).find((ch) => ch.open === amount);
    return result(
      line,
      !note || (sure && !fit) ? 'matched' : 'proposed',
      best.cust,
      allocate(best.cust, amount, single && !fitsOldest(best.cust, amount) ? [single] : []),
      best.reason,
      best.text + note,
    );
  }

  // (5) the amount alone
  // the charges of that amount due near the date (sorted by day: from the window's start, until a
  // second customer shows up), and the customers owing that much in all
  const from = addDays(line.bookingDate, -AMOUNT_DAYS_BEFORE);
  const to = addDays(line.bookingDate, AMOUNT_DAYS_AFTER);
  const who = new Set<Cust>();
  const byCharge: Charge[] = [];
  const list = ix.chargesByOpen.get(amount) ?? [];
  if (!ix.sortedAmounts.has(amount)) {
    list.sort(byDue);
    ix.sortedAmounts.add(amount);
  }
  let lo = 0,
    hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]!.due < from) lo = mid + 1;
    else hi = mid;
  }
  for (let k = lo; k < list.length && list[k]!.due <= to && who.size < 2; k++) {
    const c = list[k]!;
    if (c.open !== amount) continue;
    byCharge.push(c);
    who.add(ix.customers.get(c.customerId)!);
  }
  for (const c of ix.customersByOpen.get(amount) ?? []) {
    if (who.size >= 2) break;
    if (c.open === amount) who.add(c);
  }
  if (who.size === 1) {
    const cust = [...who][0]!;
    const own = byCharge.filter((c) => c.customerId === cust.id);
    if (own.length)
      return result(
        line,
        'proposed',
        cust,
        allocate(cust, amount, own.slice(0, 1)),
        'amount',
        own.length === 1
          ? 'Importo e data compatibili con una sola partita aperta'
          : 'Importo e data compatibili con partite aperte di un solo cliente',
      );
    return result(
      line,
      'proposed',
      cust,
      allocate(cust, amount),
      'amount',
      'Importo pari al totale aperto di un solo cliente',
    );
  }
  if (who.size > 1)
    return result(
      line,
      'unmatched',
      null,
      [],
      null,
      `Importo compatibile con partite aperte di più clienti (${names([...who])})`,
    );
  return result(line, 'unmatched', null, [], null, 'Nessun cliente riconosciuto');
}
