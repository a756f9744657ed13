/**
 * FatturaPA 1.2.2 (FPR12) XML of an invoice (TD01) or credit note (TD04) of the studio to a
 * customer (issue 13, PRODUCT.md §8), built with xmlbuilder2 (every text escaped) in the element
 * order of the official schema. Amounts are whole cents (model/money.ts), written with two
 * decimals; VAT per rate rounded half up once per rate, as the schema's summary expects.
 *
 * - CedentePrestatore from the studio (VAT, fiscal code, address, fiscal regime: RF01 ordinary,
 *   RF19 forfettario → 0 % with Natura N2.2, the law's reference and the stamp duty);
 * - CessionarioCommittente from the customer (VAT and/or fiscal code, address);
 * - CodiceDestinatario = the customer's SDI code, PECDestinatario when it is 0000000 and the
 *   customer has a PEC;
 * - ritenuta d'acconto (20 %, RT01, on the fee) and cassa previdenza (4 %, TC04, subject to VAT)
 *   when the studio applies them (never under RF19);
 * - DatiPagamento with the studio's IBAN; a TD04 carries DatiFattureCollegate.
 */
import { createRequire } from 'node:module';
import type { create as createXml } from 'xmlbuilder2';
import Decimal from 'decimal.js';
import { toCents } from '../../../model/money.js';
import type { InvoicePayment } from '../../../model/collectionMethod.js';
import {
  eDocumentTotals,
  CASSA_RATE,
  STAMP_DUTY_LINE,
  WITHHOLDING_RATE,
  type EDocumentRowInput,
} from '../../../model/eDocument.js';

export { eDocumentTotals, type EDocumentRowInput, type EDocumentTotals } from '../../../model/eDocument.js';

export type FiscalRegime = 'RF01' | 'RF19' | (string & {});

export interface FatturaPaParty {
  name: string;
  vat?: string | null;
  fiscal_code?: string | null;
  address: string;
  postal_code: string;
  city: string;
  province?: string | null;
}
export interface FatturaPaData {
  /** the document's id (ProgressivoInvio, unless `progressive` is given) */
  id: number;
  /** the file's progressive when it is sent to SdI (issue 28: the one of its name IT…_{progressive}.xml) */
  progressive?: string;
  type: 'TD01' | 'TD04';
  number: string;
  /** YYYY-MM-DD */
  date: string;
  studio: FatturaPaParty & {
    regime: FiscalRegime;
    iban?: string | null;
    withholding?: boolean;
    cassa?: boolean;
    stampCharged?: boolean;
  };
  /** withholdingAgent: whether the customer withholds the 20 % (model/eDocument.ts isWithholdingAgent) */
  customer: FatturaPaParty & {
    sdi_code?: string | null;
    pec?: string | null;
    withholdingAgent: boolean;
    /** how the customer pays (issue 47; model/collectionMethod.ts): MP05 with the studio's IBAN when not given */
    payment?: InvoicePayment | null;
  };
  rows: EDocumentRowInput[];
  /** TD04: the invoice it corrects */
  corrects?: { number: string; date: string } | null;
}

/** the law each Natura rests on (RiferimentoNormativo of the summary) */
const NATURE_LAW: Record<string, string> = {
  N1: 'Escluse ex art. 15 DPR 633/72',
  'N2.2': 'Non soggette - altri casi',
  N4: 'Esenti art. 10 DPR 633/72',
};

/** The flat-rate regime's reference in a summary row (RiferimentoNormativo: at most 100 characters, whole). */
export const FORFETTARIO_REFERENCE = 'Art. 1, commi 54-89, Legge n. 190/2014 - regime forfettario';
export const FORFETTARIO_NOTE =
  "Operazione effettuata ai sensi dell'art. 1, commi da 54 a 89, della Legge n. 190/2014 - regime forfettario";

const money = (cents: number) => new Decimal(cents).div(100).toFixed(2);
const rate = (r: number) => new Decimal(r).toFixed(2);
/** what the typographic characters of a text pasted from Word become (the schema's texts are Latin-1) */
const TYPOGRAPHIC: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201A': "'",
  '\u201B': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u201E': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2026': '...',
  '\u20AC': 'EUR',
  '\u2022': '-',
  // letters without a decomposition
  '\u0141': 'L',
  '\u0142': 'l',
  '\u0110': 'D',
  '\u0111': 'd',
  '\u0152': 'OE',
  '\u0153': 'oe',
};
/**
 * A text as the schema's Latin types admit it (Basic Latin and Latin-1 Supplement; String20Type
 * Basic Latin only): typographic quotes, dashes and '€' in their plain form, a letter beyond
 * Latin-1 without its accent (ő → o), anything else left out, control characters and runs of
 * blanks as one space; at most `max` characters.
 */
export function clip(s: string | null | undefined, max: number, basicOnly = false): string {
  let t = (s ?? '').replace(
    /[\u2018-\u201E\u2013\u2014\u2026\u20AC\u2022\u0141\u0142\u0110\u0111\u0152\u0153]/g,
    (c) => TYPOGRAPHIC[c] ?? c,
  );
  const printable = (k: string) => {
    const n = k.codePointAt(0)!;
    return (n >= 0x20 && n <= 0x7e) || (!basicOnly && n >= 0xa1 && n <= 0xff);
  };
  t = Array.from(t, (c) => {
    if (printable(c)) return c;
    const n = c.codePointAt(0)!;
    // controls and blanks: a space; beyond the range: the letter without its accent, if any
    if (n < 0x20 || (n >= 0x7f && n <= 0xa0)) return ' ';
    return Array.from(c.normalize('NFKD')).filter(printable).join('');
  }).join('');
  return t.replace(/\s+/g, ' ').trim().slice(0, max).trim();
}

/** IdFiscaleIVA of a VAT number ('IT' unless another country's prefix is there). */
function idFiscale(vat: string) {
  const v = vat.replace(/\s+/g, '').toUpperCase();
  const m = /^([A-Z]{2})(.+)$/.exec(v);
  return { IdPaese: m ? m[1]! : 'IT', IdCodice: (m ? m[2]! : v).slice(0, 28) };
}

function sede(p: FatturaPaParty) {
  return {
    Indirizzo: clip(p.address, 60),
    CAP: clip(p.postal_code, 5),
    Comune: clip(p.city, 60),
    ...(p.province ? { Provincia: clip(p.province, 2).toUpperCase() } : {}),
    Nazione: 'IT',
  };
}

// xmlbuilder2 is loaded with the first invoice written, not with the server (issue 27: the
// start's modules and memory); it is CommonJS, so it can be required there, synchronously
let create: typeof createXml | undefined;
const xmlBuilder = () =>
  (create ??= (createRequire(import.meta.url)('xmlbuilder2') as { create: typeof createXml }).create);

/** The XML text of the invoice (UTF-8, with its declaration). */
export function fatturaPaXml(d: FatturaPaData): string {
  const t = eDocumentTotals(d);
  const forfettario = d.studio.regime === 'RF19';
  const sdi = clip(d.customer.sdi_code, 7).toUpperCase() || '0000000';
  const studioVat = d.studio.vat ? idFiscale(d.studio.vat) : null;
  const cedente = {
    DatiAnagrafici: {
      ...(studioVat ? { IdFiscaleIVA: studioVat } : {}),
      ...(d.studio.fiscal_code ? { CodiceFiscale: clip(d.studio.fiscal_code, 16).toUpperCase() } : {}),
      Anagrafica: { Denominazione: clip(d.studio.name, 80) },
      RegimeFiscale: d.studio.regime || 'RF01',
    },
    Sede: sede(d.studio),
  };
  const cessionario = {
    DatiAnagrafici: {
      ...(d.customer.vat ? { IdFiscaleIVA: idFiscale(d.customer.vat) } : {}),
      ...(d.customer.fiscal_code ? { CodiceFiscale: clip(d.customer.fiscal_code, 16).toUpperCase() } : {}),
      Anagrafica: { Denominazione: clip(d.customer.name, 80) },
    },
    Sede: sede(d.customer),
  };
  const generali: Record<string, unknown> = {
    TipoDocumento: d.type,
    Divisa: 'EUR',
    Data: d.date,
    Numero: clip(d.number, 20, true),
  };
  if (t.withholding) {
    generali.DatiRitenuta = {
      TipoRitenuta: 'RT01',
      ImportoRitenuta: money(t.withholding),
      AliquotaRitenuta: rate(WITHHOLDING_RATE),
      CausalePagamento: 'A',
    };
  }
  if (t.stampDuty) generali.DatiBollo = { BolloVirtuale: 'SI', ImportoBollo: money(t.stampDuty) };
  if (t.cassa && t.cassaVat) {
    generali.DatiCassaPrevidenziale = {
      TipoCassa: 'TC04',
      AlCassa: rate(CASSA_RATE),
      ImportoContributoCassa: money(t.cassa),
      ImponibileCassa: money(t.fee),
      AliquotaIVA: rate(t.cassaVat.vat),
      ...(t.cassaVat.nature ? { Natura: t.cassaVat.nature } : {}),
    };
  }
  generali.ImportoTotaleDocumento = money(t.total);
  if (forfettario) generali.Causale = clip(FORFETTARIO_NOTE, 200);

  const body: Record<string, unknown> = {
    DatiGenerali: {
      DatiGeneraliDocumento: generali,
      ...(d.type === 'TD04' && d.corrects
        ? { DatiFattureCollegate: { IdDocumento: clip(d.corrects.number, 20, true), Data: d.corrects.date } }
        : {}),
    },
    DatiBeniServizi: {
      DettaglioLinee: [
        ...d.rows.map((r, i) => ({
          NumeroLinea: i + 1,
          Descrizione: clip(r.description, 1000) || '-',
          Quantita: new Decimal(r.quantity).toFixed(2),
          PrezzoUnitario: money(toCents(r.price)),
          PrezzoTotale: money(t.lines[i]!.total),
          AliquotaIVA: rate(t.lines[i]!.vat),
          ...(t.withholding && t.lines[i]!.fee ? { Ritenuta: 'SI' } : {}),
          ...(t.lines[i]!.nature ? { Natura: t.lines[i]!.nature } : {}),
        })),
        // the stamp duty charged to the customer: a line excluded from VAT (art. 15 DPR 633/72)
        ...(t.stampCharged
          ? [
              {
                NumeroLinea: d.rows.length + 1,
                Descrizione: STAMP_DUTY_LINE,
                Quantita: '1.00',
                PrezzoUnitario: money(t.stampCharged),
                PrezzoTotale: money(t.stampCharged),
                AliquotaIVA: rate(0),
                Natura: 'N1',
              },
            ]
          : []),
      ],
      DatiRiepilogo: t.summary.map((s) => ({
        AliquotaIVA: rate(s.vat),
        ...(s.nature ? { Natura: s.nature } : {}),
        ImponibileImporto: money(s.taxable),
        Imposta: money(s.tax),
        ...(s.nature
          ? {
              RiferimentoNormativo: clip(
                forfettario && s.nature === 'N2.2' ? FORFETTARIO_REFERENCE : (NATURE_LAW[s.nature] ?? s.nature),
                100,
              ),
            }
          : { EsigibilitaIVA: 'I' }),
      })),
    },
    DatiPagamento: {
      CondizioniPagamento: 'TP02',
      DettaglioPagamento: {
        ModalitaPagamento: d.customer.payment?.mode ?? 'MP05',
        ImportoPagamento: money(t.payable),
        // a RiBa is presented at the customer's bank: its ABI and CAB; otherwise the studio's account
        ...(d.customer.payment?.mode === 'MP12'
          ? {
              ...(d.customer.payment.abi ? { ABI: d.customer.payment.abi } : {}),
              ...(d.customer.payment.cab ? { CAB: d.customer.payment.cab } : {}),
            }
          : d.studio.iban
            ? { IBAN: d.studio.iban.replace(/\s+/g, '').toUpperCase() }
            : {}),
      },
    },
  };
  const doc = xmlBuilder()(
    { version: '1.0', encoding: 'UTF-8' },
    {
      'p:FatturaElettronica': {
        '@versione': 'FPR12',
        '@xmlns:ds': 'http://www.w3.org/2000/09/xmldsig#',
        '@xmlns:p': 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2',
        '@xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
        FatturaElettronicaHeader: {
          DatiTrasmissione: {
            IdTrasmittente: studioVat ?? { IdPaese: 'IT', IdCodice: clip(d.studio.fiscal_code, 28).toUpperCase() },
            ProgressivoInvio: d.progressive ?? d.id.toString(36).toUpperCase().slice(0, 10),
            FormatoTrasmissione: 'FPR12',
            CodiceDestinatario: sdi,
            ...(sdi === '0000000' && d.customer.pec ? { PECDestinatario: clip(d.customer.pec, 256) } : {}),
          },
          CedentePrestatore: cedente,
          CessionarioCommittente: cessionario,
        },
        FatturaElettronicaBody: body,
      },
    },
  );
  return doc.end({ prettyPrint: true });
}

// ---------------------------------------------------------------------------
// The file as it was sent, read back (issue 45 item 6)
// ---------------------------------------------------------------------------

const XML_ENTITY: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (v: string) =>
  v.replace(/&(?:#(\d+)|#x([0-9a-f]+)|(\w+));/gi, (m, dec?: string, hex?: string, named?: string) =>
    dec ? String.fromCodePoint(Number(dec)) : hex ? String.fromCodePoint(parseInt(hex, 16)) : (XML_ENTITY[named!] ?? m),
  );
type Node = Record<string, unknown>;
const child = (n: unknown, key: string): Node | undefined => {
  const v = (n as Node | undefined)?.[key];
  return (Array.isArray(v) ? v[0] : v) as Node | undefined;
};
const list = (n: unknown, key: string): Node[] => {
  const v = (n as Node | undefined)?.[key];
  return (v === undefined ? [] : Array.isArray(v) ? v : [v]) as Node[];
};
const leaf = (n: unknown, ...path: string[]): string | null => {
  let cur: unknown = n;
  for (const k of path) cur = child(cur, k);
  if (cur === undefined || cur === null) return null;
  const v = typeof cur === 'object' ? (cur as Node)['#'] : cur;
  return v === undefined || v === null ? null : unescapeXml(String(v));
};
const partyOf = (p: Node | undefined): FatturaPaParty => {
  const anag = child(child(p, 'DatiAnagrafici'), 'Anagrafica');
  const vat = child(child(p, 'DatiAnagrafici'), 'IdFiscaleIVA');
  const idPaese = leaf(vat, 'IdPaese');
  const idCodice = leaf(vat, 'IdCodice');
  return {
    name: leaf(anag, 'Denominazione') ?? [leaf(anag, 'Nome'), leaf(anag, 'Cognome')].filter(Boolean).join(' '),
    vat: idCodice ? (idPaese && idPaese !== 'IT' ? `${idPaese}${idCodice}` : idCodice) : null,
    fiscal_code: leaf(p, 'DatiAnagrafici', 'CodiceFiscale'),
    address: leaf(p, 'Sede', 'Indirizzo') ?? '',
    postal_code: leaf(p, 'Sede', 'CAP') ?? '',
    city: leaf(p, 'Sede', 'Comune') ?? '',
    province: leaf(p, 'Sede', 'Provincia'),
  };
};

/**
 * The data of a FatturaPA file this product wrote (fatturaPaXml), read back: the parties, the rows
 * and what the studio applied (withholding, cassa, the stamp duty charged), so that the readable
 * copy of a sent invoice is made from the file sent, not from today's data. eDocumentTotals of
 * the result gives the file's own figures.
 */
export function fromFatturaPaXml(xml: string, id: number): FatturaPaData {
  const root = xmlBuilder()(xml).end({ format: 'object' }) as Node;
  const doc = child(root, 'p:FatturaElettronica') ?? child(root, 'FatturaElettronica');
  const header = child(doc, 'FatturaElettronicaHeader');
  const body = child(doc, 'FatturaElettronicaBody');
  const generali = child(child(body, 'DatiGenerali'), 'DatiGeneraliDocumento');
  const cedente = child(header, 'CedentePrestatore');
  const cessionario = child(header, 'CessionarioCommittente');
  const lines = list(child(body, 'DatiBeniServizi'), 'DettaglioLinee');
  const stampLine = (l: Node) => leaf(l, 'Descrizione') === STAMP_DUTY_LINE && leaf(l, 'Natura') === 'N1';
  const withholding = !!child(generali, 'DatiRitenuta');
  const corrects = child(child(body, 'DatiGenerali'), 'DatiFattureCollegate');
  return {
    id,
    progressive: leaf(header, 'DatiTrasmissione', 'ProgressivoInvio') ?? undefined,
    type: leaf(generali, 'TipoDocumento') === 'TD04' ? 'TD04' : 'TD01',
    number: leaf(generali, 'Numero') ?? '',
    date: leaf(generali, 'Data') ?? '',
    studio: {
      ...partyOf(cedente),
      regime: (leaf(cedente, 'DatiAnagrafici', 'RegimeFiscale') ?? 'RF01') as FiscalRegime,
      iban: leaf(body, 'DatiPagamento', 'DettaglioPagamento', 'IBAN'),
      withholding,
      cassa: !!child(generali, 'DatiCassaPrevidenziale'),
      stampCharged: lines.some(stampLine),
    },
    customer: {
      ...partyOf(cessionario),
      sdi_code: leaf(header, 'DatiTrasmissione', 'CodiceDestinatario'),
      pec: leaf(header, 'DatiTrasmissione', 'PECDestinatario'),
      withholdingAgent: withholding,
      payment: paymentOf(child(child(body, 'DatiPagamento'), 'DettaglioPagamento')),
    },
    rows: lines
      .filter((l) => !stampLine(l))
      .map((l) => ({
        description: leaf(l, 'Descrizione') ?? '',
        quantity: Number(leaf(l, 'Quantita') ?? 1),
        price: leaf(l, 'PrezzoUnitario') ?? '0',
        vat: Number(leaf(l, 'AliquotaIVA') ?? 0),
        nature: leaf(l, 'Natura'),
      })),
    corrects: corrects ? { number: leaf(corrects, 'IdDocumento') ?? '', date: leaf(corrects, 'Data') ?? '' } : null,
  };
}

/** DettaglioPagamento read back: its ModalitaPagamento (and a RiBa's ABI/CAB); null for the default MP05. */
function paymentOf(detail: Node | undefined): InvoicePayment | null {
  const mode = leaf(detail, 'ModalitaPagamento');
  if (!mode || mode === 'MP05') return null;
  return mode === 'MP12'
    ? { mode, abi: leaf(detail, 'ABI'), cab: leaf(detail, 'CAB') }
    : { mode: mode as InvoicePayment['mode'] };
}
