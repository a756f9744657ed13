/**
 * The built-in SdI simulator (issue 28), on by default like the payment sandbox: a channel that
 * plays the Sistema di Interscambio with the studio's files, so that the whole cycle — send,
 * receipts, rejections — can be used and tested without an intermediary's contract.
 *
 * - `send` answers an identifier at once and decides, as SdI does on receipt, the outcome it will
 *   notify after SDI_SIMULATOR_DELAY_SECONDS (the "short delay"), in SdI's order of checks:
 *   a file name already received → NS 00002; a file that is not a FatturaPA 1.2 invoice → NS 00200;
 *   a recipient VAT number that the tax registry does not know → NS 00305 (the registry is played
 *   by the number's own structure: its 8th–10th digits name the provincial office that gave it,
 *   001–100, 120, 121, 888 or 999; any other office never issued it); the same invoice (sender,
 *   type, number and year) already received and not rejected → NS 00404; a recipient with neither
 *   an SDI code nor a PEC address (CodiceDestinatario 0000000 without PECDestinatario: typically a
 *   private person) → MC, the invoice put in the recipient's reserved area; else RC.
 * - `notifications` answers the outcome once its time has come, with the receipt's XML as SdI
 *   writes it (RicevutaConsegna, NotificaScarto, NotificaMancataConsegna, messaggi v1.0), named
 *   `{file}_{RC|NS|MC}_001.xml`.
 * - Its store is the database (`sdi_simulator_files`): what "SdI" received survives the server's
 *   restarts, and `find` answers whether a file already arrived (never sent twice).
 */
import { createHash, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type { create as createXml, convert as convertXml } from 'xmlbuilder2';
import type { Exec } from '../../records/exec.js';
import { simFile, simFileNameSeen, simFind, simInsert, simInvoiceSeen } from './simulatorQueries.js';
import type { SdiChannel, SdiError, SdiFile, SdiNotification, SdiNotificationType } from './channel.js';

let xb: { create: typeof createXml; convert: typeof convertXml } | undefined;
const xmlLib = () =>
  (xb ??= createRequire(import.meta.url)('xmlbuilder2') as { create: typeof createXml; convert: typeof convertXml });

const MESSAGES_NS = 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatturazione/messaggi/v1.0';

/** SdI's texts of the errors the simulator gives (Specifiche tecniche, elenco controlli) */
export const SIMULATED_ERRORS = {
  '00002': 'Nome file duplicato',
  '00200': 'File non conforme al formato',
  '00305':
    '1.4.1.1.2 <IdCodice> non valido : IdFiscaleIVA del CessionarioCommittente non presente in Anagrafe Tributaria',
  '00404': 'Fattura duplicata',
} as const satisfies Record<string, string>;

/** provincial offices that issue VAT numbers (digits 8–10) */
export function vatOfficeKnown(vat: string): boolean {
  if (!/^\d{11}$/.test(vat)) return true; // a foreign or non-numeric code: not the Italian registry's
  const office = Number(vat.slice(7, 10));
  return (office >= 1 && office <= 100) || office === 120 || office === 121 || office === 888 || office === 999;
}

interface Received {
  fileName: string;
  senderVat: string;
  type: string;
  number: string;
  year: number;
  outcome: 'RC' | 'NS' | 'MC';
  errors: SdiError[];
}

/** what SdI reads of a file to decide (null: not a FatturaPA invoice) */
function readInvoice(xml: string) {
  let doc: Record<string, unknown>;
  try {
    doc = xmlLib().convert(xml, { format: 'object' }) as Record<string, unknown>;
  } catch {
    return null;
  }
  const root = Object.entries(doc).find(([k]) => /(^|:)FatturaElettronica$/.test(k))?.[1] as
    | Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any
    | undefined;
  const header = root?.FatturaElettronicaHeader;
  const body = Array.isArray(root?.FatturaElettronicaBody)
    ? root.FatturaElettronicaBody[0]
    : root?.FatturaElettronicaBody;
  const general = body?.DatiGenerali?.DatiGeneraliDocumento;
  if (!header?.DatiTrasmissione || !general?.Numero || !general?.Data) return null;
  const buyer = header.CessionarioCommittente?.DatiAnagrafici?.IdFiscaleIVA;
  return {
    code: String(header.DatiTrasmissione.CodiceDestinatario ?? ''),
    pec: header.DatiTrasmissione.PECDestinatario ? String(header.DatiTrasmissione.PECDestinatario) : '',
    buyerVat: buyer?.IdPaese === 'IT' ? String(buyer.IdCodice ?? '') : '',
    type: String(general.TipoDocumento ?? ''),
    number: String(general.Numero),
    year: Number(String(general.Data).slice(0, 4)),
    buyerName: String(
      header.CessionarioCommittente?.DatiAnagrafici?.Anagrafica?.Denominazione ??
        [
          header.CessionarioCommittente?.DatiAnagrafici?.Anagrafica?.Nome,
          header.CessionarioCommittente?.DatiAnagrafici?.Anagrafica?.Cognome,
        ]
          .filter(Boolean)
          .join(' '),
    ),
  };
}

const err = (code: keyof typeof SIMULATED_ERRORS): SdiError => ({ code, description: SIMULATED_ERRORS[code] });

/** SdI's time format in its messages: local time with offset */
const sdiTime = (d: Date) => {
  const rome = new Date(d.toLocaleString('en-US', { timeZone: 'Europe/Rome' }));
  const offsetMin = Math.round((rome.getTime() - d.getTime()) / 60000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const sign = offsetMin >= 0 ? '+' : '-';
  return `${rome.getFullYear()}-${pad(rome.getMonth() + 1)}-${pad(rome.getDate())}T${pad(rome.getHours())}:${pad(rome.getMinutes())}:${pad(rome.getSeconds())}.000${sign}${pad(Math.floor(Math.abs(offsetMin) / 60))}:${pad(Math.abs(offsetMin) % 60)}`;
};

/** the receipt's XML as SdI writes it (messaggi v1.0) */
export function receiptXml(
  r: {
    sdiId: string;
    fileName: string;
    hash: string;
    receivedAt: Date;
    outcome: 'RC' | 'NS' | 'MC';
    errors: SdiError[];
    buyer: string;
    code: string;
  },
  at: Date,
): string {
  const common = {
    IdentificativoSdI: r.sdiId,
    NomeFile: r.fileName,
    Hash: r.hash,
    DataOraRicezione: sdiTime(r.receivedAt),
  };
  const messageId = String(Number(r.sdiId) * 10 + 1);
  const root =
    r.outcome === 'RC'
      ? {
          'ns2:RicevutaConsegna': {
            '@xmlns:ns2': MESSAGES_NS,
            '@versione': '1.0',
            ...common,
            DataOraConsegna: sdiTime(at),
            Destinatario: { Codice: r.code, Descrizione: r.buyer.slice(0, 80) || 'Destinatario' },
            MessageId: messageId,
          },
        }
      : r.outcome === 'NS'
        ? {
            'ns2:NotificaScarto': {
              '@xmlns:ns2': MESSAGES_NS,
              '@versione': '1.0',
              ...common,
              ListaErrori: { Errore: r.errors.map((e) => ({ Codice: e.code, Descrizione: e.description })) },
              MessageId: messageId,
            },
          }
        : {
            'ns2:NotificaMancataConsegna': {
              '@xmlns:ns2': MESSAGES_NS,
              '@versione': '1.0',
              ...common,
              MessageId: messageId,
              Descrizione:
                "Il destinatario non dispone di un canale telematico: la fattura è a sua disposizione nell'area riservata del sito dell'Agenzia delle Entrate",
            },
          };
  return xmlLib().create({ version: '1.0', encoding: 'UTF-8' }, root).end({ prettyPrint: true });
}

export interface SimulatorOptions {
  /** seconds before the outcome is notified (SDI_SIMULATOR_DELAY_SECONDS) */
  delaySeconds: number;
}

const DESCRIPTIONS: Record<'RC' | 'NS' | 'MC', string> = {
  RC: 'Ricevuta di consegna',
  NS: 'Notifica di scarto',
  MC: 'Notifica di mancata consegna',
};

/** The simulator as a channel, on the app's database. */
export function simulatorChannel(exec: Exec, opts: SimulatorOptions): SdiChannel {
  const delayMs = Math.max(0, opts.delaySeconds) * 1000;
  return {
    name: 'simulator',
    pollSeconds: Math.max(1, opts.delaySeconds),

    async send(file: SdiFile) {
      const inv = readInvoice(file.xml);
      const senderVat = file.senderVat;
      let outcome: Received['outcome'] = 'RC';
      let errors: SdiError[] = [];
      if (await simFileNameSeen(exec, file.fileName, senderVat)) [outcome, errors] = ['NS', [err('00002')]];
      else if (!inv || inv.type === '') [outcome, errors] = ['NS', [err('00200')]];
      else if (inv.buyerVat && !vatOfficeKnown(inv.buyerVat)) [outcome, errors] = ['NS', [err('00305')]];
      else if (await simInvoiceSeen(exec, { senderVat, year: inv.year, number: inv.number, type: inv.type }))
        [outcome, errors] = ['NS', [err('00404')]];
      else if (inv.code === '0000000' && !inv.pec) outcome = 'MC';
      const channelId = randomUUID();
      await simInsert(exec, {
        channelId,
        fileName: file.fileName,
        senderVat,
        number: inv?.number ?? file.number,
        year: inv?.year ?? Number(file.date.slice(0, 4)),
        type: inv?.type || '?',
        outcome,
        errors,
        delaySeconds: delayMs / 1000,
        xml: file.xml,
      });
      return { channelId };
    },

    async find(file: SdiFile) {
      const channelId = await simFind(exec, file.fileName, file.senderVat);
      return channelId ? { channelId } : null;
    },

    async notifications(channelId: string): Promise<SdiNotification[]> {
      const r = await simFile(exec, channelId);
      if (!r || !r.due) return [];
      const { outcome, errors } = r;
      const inv = readInvoice(r.xml);
      const readyAt = new Date(r.ready);
      const fileName = r.fileName;
      const xml = receiptXml(
        {
          sdiId: r.sdiId,
          fileName,
          hash: createHash('sha256').update(r.xml).digest('hex'),
          receivedAt: new Date(r.received),
          outcome,
          errors,
          buyer: inv?.buyerName ?? '',
          code: inv?.code ?? '',
        },
        readyAt,
      );
      return [
        {
          id: `${channelId}-${outcome}`,
          type: outcome as SdiNotificationType,
          at: readyAt.toISOString(),
          errors,
          description: DESCRIPTIONS[outcome],
          sdiId: r.sdiId,
          fileName: `${fileName.replace(/\.xml$/i, '')}_${outcome}_001.xml`,
          xml,
        },
      ];
    },
  };
}
