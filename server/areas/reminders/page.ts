/**
 * The customer's page of a reminder's link (issue 30 item 4) and a reminder's letter (its PDF in
 * the review and in the customer's history).
 *
 * The page: the token's form, then the reminder by its id, then the mac against the reminder's
 * nonce and the day it expires — any mismatch is the same 'Link non valido' page (404) with no
 * data; past its day, 'Link scaduto' (410). A genuine link shows the studio's name, logo and
 * contacts, the customer's open items now, the total, the IBAN and the QR code of the transfer;
 * each opening is counted on the reminder.
 */
import type { AppDeps } from '../../deps.js';
import type { Ctx } from '../../auth/context.js';
import { can } from '../../auth/context.js';
import { forbidden, notFound } from '../../errors.js';
import { execOn } from '../../records/exec.js';
import { pathId } from '../../records/ids.js';
import { getModel } from '../../../model/registry.js';
import { nowDateTime, today as romeToday } from '../../../model/dates.js';
import { renderPdf } from '../../render/pdf.js';
import { customersOf, epcQrDataUrl, studioData } from '../documents/index.js';
import { customerPageHtml, errorPageHtml, PAGE_CSP } from './customerPage.js';
import { reminderPdfDoc } from './documents.js';
import { genuine, parseToken } from './link.js';
import { recordOpening, reminderRow, sentLetter } from './queries.js';
import { letterOf, openItemsOf, remittanceOf, sumOpen } from './sender.js';
import { storedSettings, SUGGESTED_LEVELS } from './service.js';

export interface Page {
  status: number;
  html: string;
  csp: string;
}

const invalid = (): Page => ({
  status: 404,
  csp: PAGE_CSP,
  html: errorPageHtml(
    'Link non valido',
    "Il link non è valido. Controlli di averlo copiato per intero dall'email ricevuta, o chieda allo studio un nuovo link.",
  ),
});

/**
 * What a customer owes on `day` and how to pay it: what is due (past its due date) is asked and paid by
 * the QR code, as the reminder's e-mail and letter ask it; what is not yet due is shown apart, not
 * asked (issue 45 item 9). The reminder's page and the customers' area's 'Da pagare' show it.
 */
export async function customerSituation(
  deps: Pick<AppDeps, 'exec'>,
  studioId: number,
  customer: Awaited<ReturnType<typeof customersOf>>[number],
  day: string,
) {
  const studio = await studioData(deps.exec, studioId);
  const open = await openItemsOf(deps.exec, studioId, Number(customer.id), null);
  const items = open.filter((i) => i.due < day);
  const upcoming = open.filter((i) => i.due >= day);
  const total = sumOpen(items);
  const beneficiary = studio.name ?? '';
  const remittance = remittanceOf(customer);
  const qr =
    studio.iban && total > 0
      ? await epcQrDataUrl({ name: beneficiary, iban: studio.iban, amount: total, remittance }).catch(() => null)
      : null;
  return {
    studio: { ...studio, pec: null },
    customer: { business_name: customer.business_name },
    items,
    total,
    upcoming,
    iban: studio.iban,
    beneficiary,
    remittance,
    qr,
  };
}

/** The page of `/estratto/{token}` (see the file's comment). */
export async function reminderPage(deps: AppDeps, token: string, now = new Date()): Promise<Page> {
  const t = parseToken(token);
  if (!t) return invalid();
  const r = await reminderRow(deps.exec, t.id);
  if (
    !r ||
    r.status !== 'sent' ||
    r.link_expires !== t.expires ||
    !genuine(deps.settings.jwtSecret, t, String(r.nonce))
  )
    return invalid();
  const day = romeToday(now);
  if (t.expires < day)
    return {
      status: 410,
      csp: PAGE_CSP,
      html: errorPageHtml(
        'Link scaduto',
        'Il link non è più valido. Per conoscere la sua situazione aggiornata contatti lo studio.',
      ),
    };
  const studioId = Number(r.studio_id);
  const customerId = Number(r.customer_id);
  const [customer] = await customersOf(deps.exec, studioId, [customerId]);
  if (!customer) return invalid();
  const situation = await customerSituation(deps, studioId, customer, day);
  await recordOpening(deps.exec, t.id);
  return {
    status: 200,
    csp: PAGE_CSP,
    html: customerPageHtml({ ...situation, updated: nowDateTime(now).slice(0, 16), expires: t.expires }),
  };
}

/**
 * GET /api/reminders/:id/pdf: a sent reminder's letter as it was sent (the e-mail's
 * 'Sollecito.pdf'); one not sent yet as it would be sent today (without the link, which is made
 * when it is sent).
 */
export async function reminderLetter(deps: AppDeps, ctx: Ctx, raw: unknown): Promise<Buffer> {
  if (!can(ctx, getModel('Transaction'), 'view')) throw forbidden();
  const id = pathId(raw);
  const r = await reminderRow(deps.exec, id);
  if (!r || Number(r.studio_id) !== ctx.studioId) throw notFound();
  if (r.mail_id != null) {
    const sent = await sentLetter(deps.exec, Number(r.mail_id));
    if (sent) return sent;
  }
  const exec = execOn(deps.database.db);
  const [customer] = await customersOf(exec, ctx.studioId, [Number(r.customer_id)]);
  if (!customer) throw notFound();
  const settings = await storedSettings(exec, ctx.studioId);
  const level = Number(r.level);
  const rule = settings.levels[level - 1] ?? SUGGESTED_LEVELS[level - 1]!;
  const day = romeToday();
  const items = await openItemsOf(exec, ctx.studioId, customer.id, day);
  const { doc } = await letterOf(exec, ctx.studioId, customer, level, rule, items, day, null);
  return renderPdf(await reminderPdfDoc(doc));
}
