/**
 * A bank's CBI "RH" statement (CBI-RND-001: 120-character records, CR LF) of the same entries the
 * camt.053 writer takes (./camtWriter.ts), for the demo data and the tests: one RH…EF block of one
 * statement of an Italian account. Read back by ./cbiRh.ts, it gives the same amounts, dates,
 * end-to-end ids, names, IBANs and references.
 *
 * Each entry is a 62 with its causale ABI: 48 (bonifico a vostro favore) for a credit transfer,
 * 56 (accredito incassi SDD) for a collected direct debit (a credit with an end-to-end id), 50 (SDD)
 * for a return (a debit,
 * its ISO reason in a 63 ':RMG:RETURN :TRC:<reason>' as banks write it), 26 (bonifico disposto)
 * for any other debit; then its 63 details: YYY (the name), YY2 (the IBAN), ID1 (the end-to-end
 * id), RI1 and RI2 (the remittance in pieces of at most 104 characters, cut between words). Texts
 * are written in the SEPA character set (accents dropped: ASCII only).
 */
import Decimal from 'decimal.js';
import { sepaText } from './pain008.js';
import type { CamtEntry } from './camtWriter.js';

const RECORD = 120;
const STATEMENT = '0000001';

/** The text cut or padded with blanks to `len`. */
const an = (s: string, len: number) => s.slice(0, len).padEnd(len, ' ');
const blanks = (len: number) => ' '.repeat(len);

/** A record from its fields, checked at 120 ASCII characters. */
function record(...fields: string[]): string {
  const r = fields.join('');
  if (r.length !== RECORD || !/^[\x20-\x7e]*$/.test(r)) throw new RangeError(`cbiRh: bad record '${r}'`);
  return r;
}

/** 'YYYY-MM-DD' → DDMMYY (or DDMMYYYY). */
function ddmmyy(iso: string, long = false): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) throw new RangeError(`cbiRh: not a date: ${iso}`);
  return `${m[3]}${m[2]}${long ? m[1] : m[1]!.slice(2)}`;
}

/** The C/D sign and the 15-character amount (12 digits, a comma, 2 decimals) of a signed amount. */
function amount(d: Decimal): string {
  const [int, dec] = d.abs().toFixed(2).split('.') as [string, string];
  if (int.length > 12) throw new RangeError(`cbiRh: amount too large: ${d.toFixed(2)}`);
  return `${d.isNegative() && !d.isZero() ? 'D' : 'C'}${int.padStart(12, '0')},${dec}`;
}

/** The remittance in pieces of at most `max` characters, cut between words (a longer word cut). */
function pieces(text: string, max: number): string[] {
  const out: string[] = [];
  let cur = '';
  for (const word of text.split(' ')) {
    for (let w = word; w; w = w.slice(max)) {
      const part = w.slice(0, max);
      if (!cur) cur = part;
      else if (cur.length + 1 + part.length <= max) cur += ` ${part}`;
      else {
        out.push(cur);
        cur = part;
      }
    }
  }
  if (cur) out.push(cur);
  return out;
}

/** A CBI RH file of one statement of the account `iban` (Italian), CR LF line ends. */
export function cbiRh(o: {
  abi: string;
  sia: string;
  iban: string;
  created: string /* YYYY-MM-DD */;
  name?: string;
  opening?: number;
  entries: CamtEntry[];
}): string {
  const iban = o.iban.replace(/\s+/g, '').toUpperCase();
  if (!/^IT\d{2}[A-Z]\d{10}[A-Z0-9]{12}$/.test(iban)) throw new RangeError(`cbiRh: not an Italian IBAN: ${o.iban}`);
  if (!/^\d{5}$/.test(o.abi)) throw new RangeError(`cbiRh: not an ABI code: ${o.abi}`);
  if (!/^[A-Za-z0-9]{5}$/.test(o.sia)) throw new RangeError(`cbiRh: not a SIA code: ${o.sia}`);
  const sia = o.sia.toUpperCase();
  const created = ddmmyy(o.created);
  const support = an(`RH${o.created.replace(/-/g, '')}${sia}`, 20);
  const days = o.entries.map((e) => e.date).sort();
  const first = days[0] ?? o.created;
  const last = days.at(-1) ?? o.created;
  const opening = new Decimal(o.opening ?? 0).toDecimalPlaces(2);

  const lines: string[] = [];
  lines.push(record(' RH', o.abi, sia, created, support, blanks(76), blanks(5)));
  // 61: filler, originating ABI, causale, description, account type, then CIN ABI CAB account, currency, date, balance, IBAN head
  lines.push(
    record(
      ' 61',
      STATEMENT,
      blanks(13),
      blanks(5),
      blanks(5),
      an(sepaText(o.name ?? 'C/C', 16), 16),
      blanks(2),
      iban.slice(4),
      'EUR',
      ddmmyy(first),
      amount(opening),
      iban.slice(0, 4),
      blanks(17),
    ),
  );
  let balance = opening;
  o.entries.forEach((e, i) => {
    const abs = new Decimal(e.amount).toDecimalPlaces(2);
    if (!abs.isPositive() || abs.isZero()) throw new RangeError(`cbiRh: not an amount > 0: ${e.amount}`);
    const credit = e.kind === 'credit';
    const signed = credit ? abs : abs.negated();
    balance = balance.plus(signed);
    const [code, description] =
      e.kind === 'return'
        ? ['50', 'STORNO SDD']
        : credit && e.endToEndId
          ? ['56', 'ACCREDITO INCASSI SDD']
          : credit
            ? ['48', 'BONIFICO A VOSTRO FAVORE']
            : ['26', 'BONIFICO DISPOSTO'];
    const day = ddmmyy(e.date);
    const mov = String((i + 1) % 1000).padStart(3, '0');
    const ref = sepaText(e.ref ?? `REF${String(i + 1).padStart(6, '0')}`, 16);
    lines.push(
      record(
        ' 62',
        STATEMENT,
        mov,
        day,
        day,
        amount(signed),
        code,
        blanks(2),
        blanks(16),
        an(ref, 16),
        blanks(9),
        an(description, 34),
      ),
    );
    const detail = (...fields: string[]) => lines.push(record(' 63', STATEMENT, mov, ...fields));
    const name = sepaText(e.name, 40);
    if (name) detail('YYY', ddmmyy(e.date, true), blanks(16), an(name, 40), blanks(40));
    const cpIban = (e.iban ?? '').replace(/\s+/g, '').toUpperCase();
    if (cpIban) {
      if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(cpIban)) throw new RangeError(`cbiRh: not an IBAN: ${e.iban}`);
      detail('YY2', blanks(50), an(cpIban, 34), blanks(20));
    }
    const e2e = sepaText(e.endToEndId, 35);
    if (e2e) detail('ID1', blanks(35), an(e2e, 35), blanks(34));
    pieces(sepaText(e.remittance, 1000), 104).forEach((p, k) => detail(k ? 'RI2' : 'RI1', an(p, 104)));
    if (e.kind === 'return') detail(an(`:RMG:RETURN :TRC:${sepaText(e.reason ?? 'AM04', 8)}`, 107));
  });
  lines.push(record(' 64', STATEMENT, 'EUR', ddmmyy(last), amount(balance), amount(balance), blanks(54), blanks(15)));
  const records = lines.length + 1;
  lines.push(
    record(
      ' EF',
      o.abi,
      sia,
      created,
      support,
      blanks(6),
      '0000001',
      blanks(30),
      String(records).padStart(7, '0'),
      blanks(25),
      blanks(6),
    ),
  );
  return `${lines.join('\r\n')}\r\n`;
}
