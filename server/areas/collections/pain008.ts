/**
 * The SEPA Direct Debit file of a batch (issue 29): an ISO 20022 customer direct-debit initiation,
 * pain.008.001.02, as the EPC's SDD implementation guidelines (Core and B2B, customer-to-bank)
 * use it, built with xmlbuilder2 (every text escaped) in the element order of the schema.
 *
 * - One GrpHdr: MsgId, CreDtTm, NbOfTxs, CtrlSum, the initiating party (the studio's name and its
 *   creditor identifier, CID).
 * - One PmtInf per scheme (CORE, B2B) and sequence (FRST, RCUR) the batch holds, in that order,
 *   each with its own PmtInfId (the MsgId and a suffix), counts and control sum, the collection
 *   date, the creditor's account and bank (BIC, or NOTPROVIDED), SLEV and the CID as
 *   CdtrSchmeId; then one DrctDbtTxInf per debit: EndToEndId, amount in EUR, the mandate's
 *   reference and signature date, the debtor's bank as NOTPROVIDED (IBAN-only, as SEPA has
 *   allowed since 2016), the debtor's name and IBAN, the remittance text.
 * - Texts (names, remittance) in the SEPA Latin character set (`sepaText`): accents dropped
 *   (à → a, è → e), a few symbols spelled out ('&' → '+', '€' → 'EUR'), anything else a space,
 *   cut to the guidelines' lengths (names 70, remittance 140). Identifiers (MsgId, EndToEndId,
 *   mandate reference) are never rewritten, since they must come back unchanged from the bank:
 *   one outside the SEPA set is refused.
 * - Amounts as exact decimals (decimal.js), with two decimals; the control sums add the same
 *   texts, never floats.
 * - Anything that would make the bank refuse the file (no debits, an IBAN or CID that fails its
 *   check, an amount out of range, a repeated EndToEndId) throws an HttpError 400 in Italian.
 *
 * - A mandate changed since the bank last saw it carries its amendment (`mandateInfo`).
 *
 * The checks are shared with the CBI writer (./cbiSdd.ts): `checkSddFile`, `mandateInfo`.
 */
import { createRequire } from 'node:module';
import type { create as createXml } from 'xmlbuilder2';
import Decimal from 'decimal.js';
import { isSepaId, isValidBic, isValidCreditorId, isValidIban, parseDate } from '../../../model/validators.js';
import { badRequest } from '../../errors.js';
import type { SddDebit, SddFile } from './types.js';

const NS = 'urn:iso:std:iso:20022:tech:xsd:pain.008.001.02';
/** what the guidelines admit in a name (the schema's Max140Text, cut to 70 by the EPC) */
export const NAME_MAX = 70;
/** unstructured remittance information */
export const REMITTANCE_MAX = 140;
/** identifiers: MsgId, PmtInfId, EndToEndId, MndtId */
export const ID_MAX = 35;
/** the largest amount of one debit the guidelines admit */
const AMOUNT_MAX = new Decimal('999999999.99');

// xmlbuilder2 is loaded with the first file written, not with the server (issue 27: the start's
// modules and memory); it is CommonJS, so it can be required there, synchronously
let create: typeof createXml | undefined;
export const xmlBuilder = () =>
  (create ??= (createRequire(import.meta.url)('xmlbuilder2') as { create: typeof createXml }).create);

/** characters that become something readable rather than a space */
const SPELLED: Record<string, string> = {
  '&': '+',
  '@': '(at)',
  '€': 'EUR',
  // '6 × 20,00 €' is read '6 x 20,00 EUR' (it lost its sign: issue 45 item 12)
  '×': 'x',
  '\u00B7': '-',
  '\u2022': '-',
  _: '-',
  ';': ',',
  '"': "'",
  '\u2018': "'",
  '\u2019': "'",
  '\u201A': "'",
  '\u201B': "'",
  '\u201C': "'",
  '\u201D': "'",
  '\u201E': "'",
  '\u00AB': "'",
  '\u00BB': "'",
  '`': "'",
  '\u00B4': "'",
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2212': '-',
  '\u2026': '...',
  '\u00B0': '.',
  '[': '(',
  ']': ')',
  '{': '(',
  '}': ')',
  // letters without a decomposition into a base letter and an accent
  ß: 'ss',
  ẞ: 'SS',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'TH',
  ı: 'i',
  ħ: 'h',
  Ħ: 'H',
};
/** the EPC's Latin character set: letters, digits, / - ? : ( ) . , ' + and the space */
const SEPA_CHAR = /[A-Za-z0-9/\-?:().,'+ ]/;

/**
 * A text in the SEPA Latin character set, at most `max` characters: accented letters without
 * their accent (à → a, È → E, ç → c), ß → ss, æ → ae…, typographic quotes and dashes plain,
 * '&' → '+', '€' → 'EUR', '@' → '(at)'; any other character (emoji, '<', '*', a letter of another
 * script) a space; blanks collapsed and trimmed. '' when nothing is left.
 */
export function sepaText(s: string | null | undefined, max: number): string {
  // first what has no decomposition (ß, ø, '&', typographic quotes), then the accents dropped
  // (è is e + a grave accent; 'ﬁ' is f + i), then anything else outside the set a space
  const spelled = Array.from(s ?? '', (ch) => SPELLED[ch] ?? ch).join('');
  return Array.from(spelled.normalize('NFKD').replace(/\p{M}+/gu, ''), (ch) => (SEPA_CHAR.test(ch) ? ch : ' '))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

/**
 * An EndToEndId: the prefix (reduced to letters, digits and '-') and the number on six digits
 * ('SDD-2026-04' and 12 → 'SDD-2026-04-000012'), the prefix cut so the whole is at most 35.
 */
export function endToEndId(prefix: string, n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`endToEndId: not a counter: ${n}`);
  const num = String(n).padStart(6, '0');
  const p = sepaText(prefix, ID_MAX)
    .replace(/[^A-Za-z0-9-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
  const room = ID_MAX - num.length - 1;
  if (room < 1 || !p) return num.slice(-ID_MAX);
  return `${p.slice(0, room).replace(/-$/, '')}-${num}`;
}

const fail = (message: string) => badRequest(message);

/** An identifier as it travels: SEPA characters, at most 35, no '/' at either end, no '//'. */
function checkedId(value: string, what: string): string {
  const v = (value ?? '').trim();
  if (!v || v.length > ID_MAX || !isSepaId(v)) {
    throw fail(
      `${what} non valido: al massimo ${ID_MAX} caratteri tra lettere, cifre, spazio e / - ? : ( ) . , ' + (senza '/' iniziale o finale né '//')`,
    );
  }
  return v;
}

function checkedDate(value: string, what: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value ?? '') || !parseDate(value)) {
    throw fail(`${what} non valida: usa il formato AAAA-MM-GG`);
  }
  return value;
}

function checkedIban(value: string, what: string): string {
  const v = (value ?? '').replace(/\s+/g, '').toUpperCase();
  if (!isValidIban(v)) throw fail(`${what} non valido`);
  return v;
}

/** An amount of euros as exact text with two decimals, between 0.01 and 999,999,999.99. */
function checkedAmount(value: string, what: string): Decimal {
  const v = (value ?? '').trim();
  if (!/^\d+(\.\d{1,2})?$/.test(v)) {
    throw fail(`${what}: importo non valido (in euro, con al massimo due decimali)`);
  }
  const d = new Decimal(v);
  if (d.lt('0.01') || d.gt(AMOUNT_MAX))
    throw fail(`${what}: importo fuori dai limiti SEPA (da 0,01 a 999.999.999,99 euro)`);
  return d;
}

export const SCHEMES = ['CORE', 'B2B'] as const;
export const SEQUENCES = ['FRST', 'RCUR'] as const;

export interface CheckedDebit {
  endToEndId: string;
  amount: Decimal;
  mandateReference: string;
  mandateSignatureDate: string;
  debtorName: string;
  debtorIban: string;
  remittance: string;
  amendment: SddDebit['amendment'] | null;
}

/** MndtRltdInf: the mandate's reference and signature date, and its amendment when it changed. */
export function mandateInfo(d: CheckedDebit): Record<string, unknown> {
  const amended = amendmentOf(d);
  return {
    MndtId: d.mandateReference,
    DtOfSgntr: d.mandateSignatureDate,
    ...(amended ? { AmdmntInd: 'true', AmdmntInfDtls: amended } : {}),
  };
}

function checkedDebit(d: SddDebit, i: number, collectionDate: string): CheckedDebit {
  const who = `Addebito n. ${i + 1}${d.debtorName ? ` (${d.debtorName})` : ''}`;
  if (!SCHEMES.includes(d.scheme)) throw fail(`${who}: schema SDD non previsto (CORE o B2B)`);
  if (!SEQUENCES.includes(d.sequenceType)) throw fail(`${who}: sequenza non prevista (FRST o RCUR)`);
  const signed = checkedDate(d.mandateSignatureDate, `${who}: data di firma del mandato`);
  if (signed > collectionDate) throw fail(`${who}: il mandato risulta firmato dopo la data di incasso`);
  const debtorName = sepaText(d.debtorName, NAME_MAX);
  if (!debtorName) throw fail(`${who}: manca il nome del debitore (in caratteri latini)`);
  return {
    endToEndId: checkedId(d.endToEndId, `${who}: identificativo dell'addebito (EndToEndId)`),
    amount: checkedAmount(d.amount, who),
    mandateReference: checkedId(d.mandateReference, `${who}: riferimento del mandato`),
    mandateSignatureDate: signed,
    debtorName,
    debtorIban: checkedIban(d.debtorIban, `${who}: IBAN del debitore`),
    remittance: sepaText(d.remittance, REMITTANCE_MAX),
    amendment: d.amendment
      ? {
          ...(d.amendment.originalMandateReference
            ? {
                originalMandateReference: checkedId(
                  d.amendment.originalMandateReference,
                  `${who}: riferimento originario del mandato`,
                ),
              }
            : {}),
          ...(d.amendment.originalDebtorIban
            ? {
                originalDebtorIban: checkedIban(d.amendment.originalDebtorIban, `${who}: IBAN originario del debitore`),
              }
            : {}),
          ...(d.amendment.otherBank ? { otherBank: true } : {}),
        }
      : null,
  };
}

export const money = (d: Decimal) => d.toFixed(2);
export const sum = (xs: { amount: Decimal }[]) => xs.reduce((a, x) => a.plus(x.amount), new Decimal(0));

/** A batch's data as checked for a bank's file (the pain.008 and the CBI writers share it). */
export interface CheckedSddFile {
  msgId: string;
  createdAt: string;
  collectionDate: string;
  creditorName: string;
  creditorIban: string;
  /** the SEPA creditor identifier */
  cid: string;
  /** '' when not known */
  bic: string;
  debits: Array<CheckedDebit & { src: SddDebit }>;
  /** the debits by scheme and sequence, in the file's order (CORE before B2B, FRST before RCUR), non-empty groups only */
  groups: Array<{
    scheme: (typeof SCHEMES)[number];
    seq: (typeof SEQUENCES)[number];
    debits: Array<CheckedDebit & { src: SddDebit }>;
  }>;
}

/** Checks what any bank file of the batch needs; anything a bank would refuse is an HttpError 400 in Italian. */
export function checkSddFile(file: SddFile): CheckedSddFile {
  if (!file.debits?.length) throw fail('Nessun addebito da incassare: la distinta SDD è vuota');
  const msgId = checkedId(file.messageId, 'Identificativo del messaggio (MsgId)');
  const createdAt = (file.createdAt ?? '').trim().replace(' ', 'T');
  if (!/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/.test(createdAt) || !parseDate(createdAt.slice(0, 10))) {
    throw fail('Data e ora di creazione del file non valide');
  }
  const collectionDate = checkedDate(file.collectionDate, "Data dell'incasso");
  const c = file.creditor;
  const creditorName = sepaText(c.name, NAME_MAX);
  if (!creditorName) throw fail('Manca il nome dello studio (creditore)');
  const creditorIban = checkedIban(c.iban, 'IBAN dello studio');
  const cid = (c.creditorId ?? '').replace(/\s+/g, '').toUpperCase();
  if (!isValidCreditorId(cid)) throw fail('Identificativo creditore SEPA (CID) dello studio non valido');
  const bic = (c.bic ?? '').replace(/\s+/g, '').toUpperCase();
  if (bic && !isValidBic(bic)) throw fail('BIC della banca dello studio non valido');

  const debits = file.debits.map((d, i) => ({ ...checkedDebit(d, i, collectionDate), src: d }));
  const seen = new Set<string>();
  for (const d of debits) {
    if (seen.has(d.endToEndId)) throw fail(`Identificativo dell'addebito ripetuto nella distinta: ${d.endToEndId}`);
    seen.add(d.endToEndId);
  }
  const groups = SCHEMES.flatMap((scheme) =>
    SEQUENCES.map((seq) => ({
      scheme,
      seq,
      debits: debits.filter((d) => d.src.scheme === scheme && d.src.sequenceType === seq),
    })),
  ).filter((g) => g.debits.length > 0);
  return { msgId, createdAt, collectionDate, creditorName, creditorIban, cid, bic, debits, groups };
}

/**
 * The amendment of a debit's mandate (EPC SDD rulebooks, AT-24), as pain.008 and CBI write it:
 * the original reference, and for a new account the original IBAN (same bank) or 'SMNDA' as the
 * original debtor agent (another bank). Null when nothing changed.
 */
export function amendmentOf(d: CheckedDebit): Record<string, unknown> | null {
  const a = d.amendment;
  if (!a) return null;
  const details: Record<string, unknown> = {};
  if (a.originalMandateReference) details.OrgnlMndtId = a.originalMandateReference;
  if (a.originalDebtorIban && !a.otherBank) details.OrgnlDbtrAcct = { Id: { IBAN: a.originalDebtorIban } };
  if (a.otherBank) details.OrgnlDbtrAgt = { FinInstnId: { Othr: { Id: 'SMNDA' } } };
  return Object.keys(details).length ? details : null;
}

/** The pain.008.001.02 XML of the batch (UTF-8, with its declaration). */
export function writePain008(file: SddFile): string {
  const { msgId, createdAt, collectionDate, creditorName, creditorIban, cid, bic, debits, groups } = checkSddFile(file);

  const cidParty = { Id: { PrvtId: { Othr: { Id: cid, SchmeNm: { Prtry: 'SEPA' } } } } };
  const pmtInf = groups.map((g) => {
    const suffix = `-${g.scheme}-${g.seq}`;
    return {
      PmtInfId: `${msgId.slice(0, ID_MAX - suffix.length)}${suffix}`,
      PmtMtd: 'DD',
      BtchBookg: 'true',
      NbOfTxs: String(g.debits.length),
      CtrlSum: money(sum(g.debits)),
      PmtTpInf: { SvcLvl: { Cd: 'SEPA' }, LclInstrm: { Cd: g.scheme }, SeqTp: g.seq },
      ReqdColltnDt: collectionDate,
      Cdtr: { Nm: creditorName },
      CdtrAcct: { Id: { IBAN: creditorIban } },
      CdtrAgt: { FinInstnId: bic ? { BIC: bic } : { Othr: { Id: 'NOTPROVIDED' } } },
      ChrgBr: 'SLEV',
      CdtrSchmeId: cidParty,
      DrctDbtTxInf: g.debits.map((d) => ({
        PmtId: { EndToEndId: d.endToEndId },
        InstdAmt: { '@Ccy': 'EUR', '#': money(d.amount) },
        DrctDbtTx: { MndtRltdInf: mandateInfo(d) },
        DbtrAgt: { FinInstnId: { Othr: { Id: 'NOTPROVIDED' } } },
        Dbtr: { Nm: d.debtorName },
        DbtrAcct: { Id: { IBAN: d.debtorIban } },
        ...(d.remittance ? { RmtInf: { Ustrd: d.remittance } } : {}),
      })),
    };
  });

  const doc = xmlBuilder()(
    { version: '1.0', encoding: 'UTF-8' },
    {
      Document: {
        '@xmlns': NS,
        '@xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
        CstmrDrctDbtInitn: {
          GrpHdr: {
            MsgId: msgId,
            CreDtTm: createdAt,
            NbOfTxs: String(debits.length),
            CtrlSum: money(sum(debits)),
            InitgPty: { Nm: creditorName, Id: { OrgId: { Othr: { Id: cid } } } },
          },
          PmtInf: pmtInf,
        },
      },
    },
  );
  return doc.end({ prettyPrint: true });
}
