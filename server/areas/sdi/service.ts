/**
 * 'Invia a SdI' and the invoice's life (issue 28 items 2, 3, 5): the chosen invoices checked as
 * SdI would (the product's FatturaPA rules, the official schema when configured, a recipient it can
 * reach), each written as its file `IT{studio's VAT}_{progressive}.xml` with the progressive in
 * ProgressivoInvio, queued all together or not at all; the timeline of each invoice with its
 * receipts' XML; a sent invoice read-only.
 */
import type { Database } from '../../db/connection.js';
import type { Settings } from '../../settings.js';
import { getModel } from '../../../model/registry.js';
import { SDI_EDITABLE, SDI_STATUSES } from '../../../model/models/EDocument.js';
import { displayDate } from '../../../model/dates.js';
import {
  SDI_MAX_SEND as MAX_SEND,
  type SdiChannel as SdiChannelAnswer,
  type SdiSendInput,
  type SdiTimeline,
} from '../../../model/api/sdi.js';
import { can, type Ctx } from '../../auth/context.js';
import { HttpError, forbidden, notFound } from '../../errors.js';
import type { Tx } from '../../records/crud.js';
import type { Exec } from '../../records/exec.js';
import { idList, oneId } from '../../records/ids.js';
import {
  eDocumentProblems,
  eDocumentSources,
  fatturaPaXml,
  READ_ONLY_MESSAGE,
  unreachableBuyer,
  xsdErrors,
} from '../eDocuments/index.js';
import type { SdiChannel } from './channel.js';
import { simulatorChannel } from './simulator.js';
import { acubeChannel } from './acube.js';
import { execOn } from '../../records/exec.js';
import { eventXml, insertTransmissions, lastProgressive, lockSending, sendable, timelineOf } from './queries.js';

/** days after a rejection within which SdI takes the invoice again with the same number and date */
export const RESEND_DAYS = 5;

export const SDI_MESSAGES = {
  ids: `Scegli da 1 a ${MAX_SEND} fatture da inviare`,
  none: 'Nessun intermediario SdI configurato: imposta ACUBE_EMAIL (A-Cube) o lascia attivo il simulatore (SDI_SIMULATOR)',
  refused: (n: number) =>
    n === 1
      ? 'Una fattura non può essere inviata a SdI: correggila e riprova (nessuna fattura è stata inviata)'
      : `${n} fatture non possono essere inviate a SdI: correggile o toglile dalla selezione e riprova (nessuna fattura è stata inviata)`,
  already: (status: string) =>
    `è già stata inviata a SdI (stato: ${SDI_STATUSES.find((s) => s.value === status)?.text ?? status}): per correggerla emetti una nota di credito`,
  trashed: 'è nel cestino',
  noSdi: 'il cliente non ha né codice destinatario SDI né PEC: SdI non saprebbe a chi recapitarla',
  noSender: 'lo studio non ha partita IVA né codice fiscale: servono per il nome del file SdI',
  resendLate: (at: string) =>
    `è stata scartata il ${displayDate(at)}: dopo ${RESEND_DAYS} giorni SdI la accetta di nuovo solo con un nuovo numero e la data di oggi (cambiali nella fattura)`,
  readOnly: READ_ONLY_MESSAGE,
  unknownEvent: 'Ricevuta non trovata',
  changed:
    "Le fatture scelte sono cambiate mentre venivano preparate per l'invio (modificate, inviate o spostate nel cestino da un'altra persona): riprova",
} as const;

/** The channel of this server: A-Cube when configured, else the simulator unless turned off, else none. */
export function channelFor(settings: Settings, database: Database): SdiChannel | null {
  if (settings.acube) return acubeChannel(settings.acube);
  if (settings.sdiSimulator)
    return simulatorChannel(execOn(database.db), { delaySeconds: settings.sdiSimulatorDelaySeconds });
  return null;
}
export const channelName = (settings: Settings): SdiChannelAnswer['channel'] =>
  settings.acube ? 'acube' : settings.sdiSimulator ? 'simulator' : null;

/** the progressive in the file name: 5 characters of base 36 (SdI allows up to 5 alphanumerics) */
export const progressiveText = (n: number) => n.toString(36).toUpperCase().padStart(5, '0');

const dayDiff = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);

export interface SendResult {
  queued: number;
  transmissionIds: number[];
  channel: string;
}

/** the progressive while the file is written, before the sending lock gives the real one (same length, never a real one: lowercase) */
const PENDING_PROGRESSIVE = 'xxxxx';

/**
 * Queues the chosen invoices' files, all or none: any invoice that SdI would not take (or that
 * was already sent) makes a 422 listing each with its reasons, and nothing is written.
 *
 * In two steps, so that no transaction (on the embedded database: the only connection) is held
 * while a thousand XMLs are written and checked against the schema: first the invoices are read
 * (one short transaction), checked, and their files written outside any; then, under the studio's
 * sending lock, the invoices are read again — anything changed since (the invoice, its customer,
 * the studio, or its status) is a 409 asking to try again — the progressives given and the files queued.
 */
export async function sendToSdi(
  deps: { tx: Tx; settings: Settings },
  ctx: Ctx,
  body: SdiSendInput,
  today: string,
): Promise<SendResult> {
  const m = getModel('EDocument');
  if (!can(ctx, m, 'update')) throw forbidden();
  const channel = channelName(deps.settings);
  if (!channel) throw new HttpError(503, SDI_MESSAGES.none);
  const raw = body.ids;
  const ids = Array.isArray(raw) || typeof raw === 'string' || typeof raw === 'number' ? idList(raw) : null;
  if (!Array.isArray(ids) || !ids.length || ids.length > MAX_SEND)
    throw new HttpError(422, SDI_MESSAGES.ids, { ids: [SDI_MESSAGES.ids] });
  const unique = [...new Set(ids)];
  const read = await deps.tx(async (exec) => ({
    states: new Map((await sendable(exec, ctx.studioId, unique)).map((r) => [r.id, r])),
    docs: await eDocumentSources(exec, ctx.studioId, unique),
  }));
  const { states, docs } = read;
  // another studio's invoice, or one that does not exist: not found, as for a single one
  if (states.size !== unique.length || docs.length !== unique.length) throw notFound();
  const problems: string[] = [];
  for (const d of docs) {
    const st = states.get(d.id)!;
    const reasons: string[] = [];
    if (st.trashed) reasons.push(SDI_MESSAGES.trashed);
    if (!SDI_EDITABLE.includes(st.status as never)) reasons.push(SDI_MESSAGES.already(st.status));
    if (
      st.status === 'scartata' &&
      st.rejected_at &&
      dayDiff(st.rejected_at, today) > RESEND_DAYS &&
      st.rejected_number === d.number &&
      st.rejected_date === d.date
    )
      reasons.push(SDI_MESSAGES.resendLate(st.rejected_at));
    reasons.push(...eDocumentProblems(d));
    if (unreachableBuyer(d.customer)) reasons.push(SDI_MESSAGES.noSdi);
    if (!d.studio.vat && !d.studio.fiscal_code) reasons.push(SDI_MESSAGES.noSender);
    if (reasons.length) problems.push(`Fattura n. ${d.number}: ${reasons.join('; ')}`);
  }
  if (problems.length) throw new HttpError(422, SDI_MESSAGES.refused(problems.length), { ids: problems });
  // written 50 at a time, letting the event loop turn between (other requests are served meanwhile)
  const files: Array<{ d: (typeof docs)[number]; xml: string }> = [];
  for (const d of docs) {
    if (files.length % 50 === 49) await new Promise<void>((resolve) => setImmediate(resolve));
    files.push({ d, xml: fatturaPaXml({ ...d, progressive: PENDING_PROGRESSIVE }) });
  }
  if (deps.settings.fatturapaXsd) {
    const bad: string[] = [];
    for (const f of files) {
      const errs = await xsdErrors(f.xml, deps.settings.fatturapaXsd);
      if (errs.length) bad.push(`Fattura n. ${f.d.number}: schema FatturaPA: ${errs.slice(0, 3).join('; ')}`);
    }
    if (bad.length) throw new HttpError(422, SDI_MESSAGES.refused(bad.length), { ids: bad });
  }
  const sender = (docs[0]!.studio.vat ?? docs[0]!.studio.fiscal_code ?? '').trim().toUpperCase();
  const pending = `<ProgressivoInvio>${PENDING_PROGRESSIVE}</ProgressivoInvio>`;
  const transmissionIds = await deps.tx(async (exec) => {
    await lockSending(exec, ctx.studioId);
    const now = new Map((await sendable(exec, ctx.studioId, unique)).map((r) => [r.id, r]));
    const changed = unique.some((id) => {
      const [before, after] = [states.get(id)!, now.get(id)];
      return !after || after.version !== before.version || after.status !== before.status || after.trashed;
    });
    if (changed) throw new HttpError(409, SDI_MESSAGES.changed);
    let progressive = await lastProgressive(exec, ctx.studioId);
    const rows = files.map(({ d, xml }) => {
      const p = progressiveText(++progressive);
      if (!xml.includes(pending)) throw new Error(`sdi: the file of invoice ${d.id} has no ProgressivoInvio to set`);
      return {
        e_document_id: d.id,
        file_name: `IT${sender}_${p}.xml`,
        progressive,
        xml: xml.replace(pending, `<ProgressivoInvio>${p}</ProgressivoInvio>`),
        number: d.number,
        document_date: d.date,
      };
    });
    return insertTransmissions(exec, ctx.studioId, channel, ctx.userId, rows);
  });
  return { queued: transmissionIds.length, transmissionIds, channel };
}

/** The invoice's status and events, oldest first (404 for another studio's). */
export async function sdiTimeline(exec: Exec, ctx: Ctx, rawId: unknown): Promise<SdiTimeline> {
  const m = getModel('EDocument');
  if (!can(ctx, m, 'view')) throw forbidden();
  const id = oneId(rawId);
  if (id === null) throw notFound();
  const [st] = await sendable(exec, ctx.studioId, [id]);
  if (!st) throw notFound();
  return { status: st.status, events: await timelineOf(exec, ctx.studioId, id) };
}

/** One event's XML (the file as sent, or a receipt), 404 for another studio's. */
export async function sdiEventXml(exec: Exec, ctx: Ctx, rawId: unknown) {
  const m = getModel('EDocument');
  if (!can(ctx, m, 'view')) throw forbidden();
  const id = oneId(rawId);
  const x = id !== null ? await eventXml(exec, ctx.studioId, id) : null;
  if (!x) throw new HttpError(404, SDI_MESSAGES.unknownEvent);
  return x;
}
