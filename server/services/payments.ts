/**
 * Subscription payments (seed B §2, §3, §7 C66–C69; PRODUCT.md §7): the price per month, a
 * payment opened with a provider for 1–36 months (a log row, the amount = price × months), its
 * finalisation when the customer is back (COMPLETED extends the studio's expiry once: a replayed
 * token finds the row completed and extends nothing), and the SuperAdmin's offline payment.
 */
import { randomUUID } from 'node:crypto';
import { atLeast } from '../../model/define.js';
import { SUBSCRIPTION_MONTHS, PAYMENT_PROVIDERS } from '../../model/models/PaymentLog.js';
import { totalCents } from '../../model/subscription.js';
import { today } from '../../model/dates.js';
import { getModel } from '../../model/registry.js';
import type { Settings } from '../settings.js';
import type { Ctx } from '../auth/context.js';
import { HttpError, forbidden } from '../errors.js';
import type { Tx } from '../records/crud.js';
import { getRecord } from '../records/crud.js';
import { audit } from '../records/audit.js';
import { oneId } from '../records/ids.js';
import { completePayment, insertPayment, paymentByToken, setPaymentStatus, setPaymentToken } from '../db/payments.js';
import type { PaymentProvider } from '../payments/provider.js';
import { PaymentError } from '../payments/provider.js';

export const PAYMENT_MESSAGES = {
  months: `Scegli da ${SUBSCRIPTION_MONTHS.min} a ${SUBSCRIPTION_MONTHS.max} mesi`,
  provider: 'Metodo di pagamento non disponibile',
  url: 'Indirizzo di ritorno non valido: serve un percorso dell\'applicazione (es. /pay_return)',
  token: 'Pagamento non trovato',
  pending: 'Il pagamento non è ancora stato approvato',
  failed: 'Il pagamento non è andato a buon fine',
} as const;

const refuse = (status: number, message: string, field?: string) => new HttpError(status, message, field ? { [field]: [message] } : undefined);

export function monthsOf(raw: unknown): number {
  const s = String(raw ?? '').trim();
  const n = Number(s);
  if (!/^\d{1,2}$/.test(s) || n < SUBSCRIPTION_MONTHS.min || n > SUBSCRIPTION_MONTHS.max) throw refuse(422, PAYMENT_MESSAGES.months, 'numberOfSubscriptionMonth');
  return n;
}

/** whether `raw` is a path of this application (never another site: the sandbox redirects to it) */
export const isAppPath = (raw: unknown): raw is string => typeof raw === 'string' && raw.length <= 500 && /^\/(?![/\\])[\x21-\x7e]*$/.test(raw);

function appPath(raw: unknown, field: string): string {
  const s = typeof raw === 'string' ? raw.trim() : '';
  if (!isAppPath(s)) throw refuse(422, PAYMENT_MESSAGES.url, field);
  return s;
}

export interface Payments {
  providers: Map<string, PaymentProvider>;
  price: string;
}

export function paymentsOf(settings: Settings, providers: PaymentProvider[]): Payments {
  return { providers: new Map(providers.map((p) => [p.name, p])), price: settings.subscriptionPrice };
}

/** Who pays a studio's subscription: its Admin (and the SuperAdmin). */
function mayPay(ctx: Ctx) {
  if (!atLeast(ctx.role, 'Admin')) throw forbidden();
}

const providerOf = (p: Payments, name: string) => {
  const provider = p.providers.get(name);
  if (!provider) throw refuse(404, PAYMENT_MESSAGES.provider);
  return provider;
};

/** C67: opens a payment of `months` with the provider; the page where the customer approves it. */
export async function initPayment(tx: Tx, p: Payments, ctx: Ctx, providerName: string, body: Record<string, unknown>) {
  mayPay(ctx);
  const provider = providerOf(p, providerName);
  const months = monthsOf(body.numberOfSubscriptionMonth);
  const returnUrl = appPath(body.returnUrl, 'returnUrl');
  const cancelUrl = appPath(body.cancelUrl ?? body.returnUrl, 'cancelUrl');
  const amountCents = totalCents(p.price, months);
  return tx(async (exec) => {
    // the row first (its id is the provider's reference), then the provider's token on it
    const placeholder = `PENDING-${randomUUID()}`;
    const id = await insertPayment(exec, { studioId: ctx.studioId, userId: ctx.userId, months, amountCents, provider: provider.name, token: placeholder });
    let opened: { token: string; approveUrl: string };
    try {
      opened = await provider.init({ paymentId: id, amountCents, months, description: `Abbonamento ${months} ${months === 1 ? 'mese' : 'mesi'}`, returnUrl, cancelUrl });
    } catch (e) {
      if (e instanceof PaymentError) throw refuse(502, e.message);
      throw e;
    }
    await setPaymentToken(exec, id, opened.token);
    await audit(exec, ctx, getModel('PaymentLog'), id, 'create', { provider: [null, provider.name], months: [null, months] });
    return { approveUrl: opened.approveUrl, paymentId: id };
  });
}

/**
 * C68: the customer is back with the token: asks the provider and, when paid, completes the
 * payment (the expiry moves once; a replayed token answers COMPLETED and moves nothing).
 */
export async function finalizePayment(tx: Tx, p: Payments, ctx: Ctx, providerName: string, body: Record<string, unknown>, now = new Date()) {
  mayPay(ctx);
  const provider = providerOf(p, providerName);
  const token = typeof body.token === 'string' ? body.token.trim() : '';
  if (!token || token.length > 200) throw refuse(422, PAYMENT_MESSAGES.token, 'token');
  return tx(async (exec) => {
    const row = await paymentByToken(exec, provider.name, token);
    // another studio's payment is not there for this caller (no existence leak)
    if (!row || (row.studio_id !== ctx.studioId && ctx.role !== 'SuperAdmin')) throw refuse(404, PAYMENT_MESSAGES.token);
    if (row.status === 'COMPLETED') return { status: 'COMPLETED' as const, new_expiry: row.new_expiry, replayed: true };
    let status;
    try {
      status = await provider.finalize(token, row);
    } catch (e) {
      if (e instanceof PaymentError) throw refuse(502, e.message);
      throw e;
    }
    if (status === 'PENDING') throw refuse(409, PAYMENT_MESSAGES.pending);
    if (status === 'FAILED') {
      await setPaymentStatus(exec, row.id, 'FAILED');
      throw refuse(402, PAYMENT_MESSAGES.failed);
    }
    const { previous, next } = await completePayment(exec, row, today(now));
    await audit(exec, ctx, getModel('PaymentLog'), row.id, 'update', { status: [row.status, 'COMPLETED'], new_expiry: [previous, next] });
    return { status: 'COMPLETED' as const, new_expiry: next, replayed: false };
  });
}

/** C69: the SuperAdmin records a payment received offline: the studio's expiry moves at once. */
export async function offlinePayment(tx: Tx, p: Payments, ctx: Ctx, body: Record<string, unknown>, now = new Date()) {
  if (ctx.role !== 'SuperAdmin') throw forbidden();
  const studioId = oneId(body.studioId);
  if (studioId === null) throw refuse(422, body.studioId === undefined || body.studioId === null || body.studioId === '' ? 'Campo Obbligatorio' : 'Elemento non valido', 'studioId');
  const months = monthsOf(body.numberOfSubscriptionMonth);
  return tx(async (exec) => {
    await getRecord(exec, ctx, getModel('Studio'), studioId);
    const token = `OFF-${randomUUID()}`;
    const id = await insertPayment(exec, { studioId, userId: ctx.userId, months, amountCents: totalCents(p.price, months), provider: 'offline', token });
    const row = (await paymentByToken(exec, 'offline', token))!;
    const { previous, next } = await completePayment(exec, row, today(now));
    await audit(exec, ctx, getModel('PaymentLog'), id, 'create', { provider: [null, 'offline'], months: [null, months], new_expiry: [previous, next] });
    return { id, previous_expiry: previous, new_expiry: next };
  });
}

/** The providers a studio may pay with (the payment page's buttons). */
export const enabledProviders = (p: Payments) => PAYMENT_PROVIDERS.filter((x) => p.providers.has(x.value)).map((x) => ({ ...x }));
