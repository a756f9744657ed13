/**
 * Subscription payments (seed B §2, §3, §7 C66–C69; PRODUCT.md §7): the price per month, a
 * payment opened with a provider for 1–36 months (a log row, the amount = price × months), its
 * finalisation when the customer is back (COMPLETED extends the studio's expiry once: a replayed
 * token finds the row completed and extends nothing), and the SuperAdmin's offline payment.
 */
import { randomUUID } from 'node:crypto';
import { atLeast } from '../../../model/define.js';
import { SUBSCRIPTION_MONTHS, PAYMENT_PROVIDERS } from '../../../model/models/PaymentLog.js';
import { totalCents } from '../../../model/subscription.js';
import { today } from '../../../model/dates.js';
import { getModel } from '../../../model/registry.js';
import type { Settings } from '../../settings.js';
import type { Ctx } from '../../auth/context.js';
import { HttpError, forbidden } from '../../errors.js';
import type { Tx } from '../../records/crud.js';
import { getRecord } from '../../records/crud.js';
import { audit } from '../../records/audit.js';
import { oneId } from '../../records/ids.js';
import {
  completePayment,
  insertPayment,
  paymentByToken,
  setPaymentStatus,
  setPaymentToken,
  studioExpiry,
  type PaymentRow,
} from './queries.js';
import type { PaymentProvider } from './provider.js';
import { fromCents, toCents } from '../../../model/money.js';
import { formatEuro } from '../../../model/types.js';
import { PaymentError } from './provider.js';
import {
  SUBSCRIPTION_ITEM,
  type OfflinePaymentInput,
  type PaymentInitInput,
  type PaymentIntentQuery,
} from '../../../model/api/payments.js';

export const PAYMENT_MESSAGES = {
  months: `Scegli da ${SUBSCRIPTION_MONTHS.min} a ${SUBSCRIPTION_MONTHS.max} mesi`,
  provider: 'Metodo di pagamento non disponibile',
  url: "Indirizzo di ritorno non valido: serve un percorso dell'applicazione (es. /pay_return) o un indirizzo del suo stesso sito",
  token: 'Pagamento non trovato',
  pending: 'Il pagamento non è ancora stato approvato',
  failed: 'Il pagamento non è andato a buon fine',
  item: "Articolo non disponibile: si può acquistare solo l'abbonamento (subscription)",
  amount: "L'importo non corrisponde al prezzo dell'abbonamento",
  note: 'Dati aggiuntivi troppo lunghi (massimo 500 caratteri)',
} as const;

const refuse = (status: number, message: string, field?: string) =>
  new HttpError(status, message, field ? { [field]: [message] } : undefined);

export function monthsOf(raw: unknown, field = 'numberOfSubscriptionMonth'): number {
  const s = String(raw ?? '').trim();
  const n = Number(s);
  if (!/^\d{1,2}$/.test(s) || n < SUBSCRIPTION_MONTHS.min || n > SUBSCRIPTION_MONTHS.max)
    throw refuse(422, PAYMENT_MESSAGES.months, field);
  return n;
}

/** whether `raw` is a path of this application (never another site: the sandbox redirects to it) */
export const isAppPath = (raw: unknown): raw is string =>
  typeof raw === 'string' && raw.length <= 500 && /^\/(?![/\\])[\x21-\x7e]*$/.test(raw);

/**
 * Where a return address may point besides a bare path: the product's own origin (SERVER_BASEURL)
 * and the host the request was sent to (what a browser on this server sends as an absolute URL).
 */
export interface OwnSite {
  origins: string[];
  hosts: string[];
}

/**
 * C67's returnUrl/cancelUrl: a path of the app, or an absolute http(s) URL of the product's own
 * site (no credentials in it); either way what is kept is its path (and query), so that the
 * sandbox's page and PayPal only ever send the customer back here. Any other site is refused
 * (no open redirect).
 */
export function returnPath(raw: unknown, field: string, own: OwnSite): string {
  const text = typeof raw === 'string' ? raw.trim() : '';
  // (as unknown: the guard would narrow `text` to never below)
  if (isAppPath(text as unknown)) return text;
  let url: URL | null = null;
  try {
    url = text.length <= 500 && /^https?:\/\//i.test(text) ? new URL(text) : null;
  } catch {
    url = null;
  }
  const ours =
    !!url &&
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    !url.username &&
    !url.password &&
    (own.origins.includes(url.origin) || own.hosts.includes(url.host.toLowerCase()));
  const path = url ? `${url.pathname}${url.search}` : '';
  if (!ours || !isAppPath(path)) throw refuse(422, PAYMENT_MESSAGES.url, field);
  return path;
}

/** the transaction runner of the payment calls (each step its own: no transaction waits on a provider) */
export interface PaymentDeps {
  tx: Tx;
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

const providerOf = (p: Payments, name: string, kind: PaymentProvider['kind']) => {
  const provider = p.providers.get(name);
  if (!provider || provider.kind !== kind) throw refuse(404, PAYMENT_MESSAGES.provider);
  return provider;
};

/**
 * Opens a payment of `months` with the provider: the log row first (its id is the provider's
 * reference), then the provider — outside any transaction, since it is a call over the network —
 * then its token on the row. A provider's refusal leaves the row FAILED.
 */
async function openPayment(
  deps: PaymentDeps,
  p: Payments,
  ctx: Ctx,
  provider: PaymentProvider,
  months: number,
  back: { returnUrl: string; cancelUrl: string },
  note?: string,
) {
  const amountCents = totalCents(p.price, months);
  const id = await deps.tx(async (exec) => {
    const rowId = await insertPayment(exec, {
      studioId: ctx.studioId,
      userId: ctx.userId,
      months,
      amountCents,
      provider: provider.name,
      token: `PENDING-${randomUUID()}`,
    });
    await audit(exec, ctx, getModel('PaymentLog'), rowId, 'create', {
      provider: [null, provider.name],
      months: [null, months],
    });
    return rowId;
  });
  try {
    const opened = await provider.init({
      paymentId: id,
      amountCents,
      months,
      description: `Abbonamento ${months} ${months === 1 ? 'mese' : 'mesi'}`,
      ...back,
      note,
    });
    await deps.tx((exec) => setPaymentToken(exec, id, opened.token));
    return { ...opened, paymentId: id, amountCents };
  } catch (e) {
    await deps.tx((exec) => setPaymentStatus(exec, id, 'FAILED'));
    if (e instanceof PaymentError) throw refuse(502, e.message);
    throw e;
  }
}

/** C67: opens a wallet payment of `months`; the page where the customer approves it. */
export async function initPayment(
  deps: PaymentDeps,
  p: Payments,
  ctx: Ctx,
  providerName: string,
  body: PaymentInitInput,
  own: OwnSite = { origins: [], hosts: [] },
) {
  mayPay(ctx);
  const provider = providerOf(p, providerName, 'wallet');
  const months = monthsOf(body.numberOfSubscriptionMonth);
  const returnUrl = returnPath(body.returnUrl, 'returnUrl', own);
  const cancelUrl = returnPath(body.cancelUrl ?? body.returnUrl, 'cancelUrl', own);
  const opened = await openPayment(deps, p, ctx, provider, months, { returnUrl, cancelUrl });
  if (!opened.approveUrl) throw refuse(502, PAYMENT_MESSAGES.provider);
  return { approveUrl: opened.approveUrl, paymentId: opened.paymentId };
}

/**
 * C70: opens a card payment: `quantity` months of the subscription. The server prices it (price
 * × months); an `amount` sent by the app must be that total in cents (seed B §9: card amounts
 * are cents), else it is refused rather than charged another sum (a page showing a stale price).
 * Answers the PaymentIntent's client secret and the amount, in cents too.
 */
export async function createPaymentIntent(
  deps: PaymentDeps,
  p: Payments,
  ctx: Ctx,
  providerName: string,
  query: PaymentIntentQuery,
) {
  mayPay(ctx);
  const provider = providerOf(p, providerName, 'card');
  const months = monthsOf(query.quantity, 'quantity');
  for (const field of ['purchasing_item_id', 'charge_type'] as const) {
    const v = query[field];
    if (v !== undefined && v !== '' && v !== SUBSCRIPTION_ITEM) throw refuse(422, PAYMENT_MESSAGES.item, field);
  }
  const total = totalCents(p.price, months);
  const amount = query.amount === undefined ? '' : String(query.amount).trim();
  if (amount !== '' && (!/^\d{1,12}$/.test(amount) || Number(amount) !== total)) {
    throw refuse(
      422,
      `${PAYMENT_MESSAGES.amount} (${formatEuro(fromCents(total))} per ${months} ${months === 1 ? 'mese' : 'mesi'}: amount=${total}, in centesimi)`,
      'amount',
    );
  }
  const note = query.purchase_additional_data === undefined ? undefined : String(query.purchase_additional_data);
  if (note !== undefined && note.length > 500) throw refuse(422, PAYMENT_MESSAGES.note, 'purchase_additional_data');
  const opened = await openPayment(
    deps,
    p,
    ctx,
    provider,
    months,
    { returnUrl: '/pay_return', cancelUrl: '/pay_init' },
    note || undefined,
  );
  if (!opened.clientSecret) throw refuse(502, PAYMENT_MESSAGES.provider);
  return { client_secret: opened.clientSecret, paymentId: opened.paymentId, amount: opened.amountCents };
}

/**
 * C68 (wallet) and C71 (card): the customer is back with the token: asks the provider (over the
 * network, outside any transaction) and, when paid, completes the payment under the row's lock
 * (the expiry moves once; a replayed token answers COMPLETED and moves nothing).
 */
export async function finalizePayment(
  deps: PaymentDeps,
  p: Payments,
  ctx: Ctx,
  providerName: string,
  kind: PaymentProvider['kind'],
  rawToken: unknown,
  now = new Date(),
) {
  mayPay(ctx);
  const provider = providerOf(p, providerName, kind);
  const token = typeof rawToken === 'string' ? rawToken.trim() : '';
  if (!token || token.length > 200)
    throw refuse(422, PAYMENT_MESSAGES.token, kind === 'card' ? 'payment_intent_id' : 'token');
  const mine = (row: PaymentRow | null): PaymentRow => {
    // another studio's payment is not there for this caller (no existence leak)
    if (!row || (row.studio_id !== ctx.studioId && ctx.role !== 'SuperAdmin'))
      throw refuse(404, PAYMENT_MESSAGES.token);
    return row;
  };
  const before = mine(await deps.tx((exec) => paymentByToken(exec, provider.name, token)));
  if (before.status === 'COMPLETED')
    return { status: 'COMPLETED' as const, new_expiry: before.new_expiry, replayed: true };
  let status;
  try {
    status = await provider.finalize(token, {
      status: before.status,
      id: before.id,
      amountCents: toCents(before.amount),
    });
  } catch (e) {
    if (e instanceof PaymentError) throw refuse(502, e.message);
    throw e;
  }
  if (status === 'PENDING') throw refuse(409, PAYMENT_MESSAGES.pending);
  const outcome = await deps.tx(async (exec) => {
    const row = mine(await paymentByToken(exec, provider.name, token));
    // completed meanwhile (a second tab, a replay): nothing moves again
    if (row.status === 'COMPLETED') return { status: 'COMPLETED' as const, new_expiry: row.new_expiry, replayed: true };
    if (status === 'FAILED') {
      // kept (the refusal is answered after the commit)
      await setPaymentStatus(exec, row.id, 'FAILED');
      await audit(exec, ctx, getModel('PaymentLog'), row.id, 'update', { status: [row.status, 'FAILED'] });
      return null;
    }
    const { previous, next } = await completePayment(exec, row, today(now));
    await audit(exec, ctx, getModel('PaymentLog'), row.id, 'update', {
      status: [row.status, 'COMPLETED'],
      new_expiry: [previous, next],
    });
    return { status: 'COMPLETED' as const, new_expiry: next, replayed: false };
  });
  if (!outcome) throw refuse(402, PAYMENT_MESSAGES.failed);
  return outcome;
}

/** C69: the SuperAdmin records a payment received offline: the studio's expiry moves at once. */
export async function offlinePayment(tx: Tx, p: Payments, ctx: Ctx, body: OfflinePaymentInput, now = new Date()) {
  if (ctx.role !== 'SuperAdmin') throw forbidden();
  const studioId = oneId(body.studioId);
  if (studioId === null)
    throw refuse(
      422,
      body.studioId === undefined || body.studioId === null || body.studioId === ''
        ? 'Campo Obbligatorio'
        : 'Elemento non valido',
      'studioId',
    );
  const months = monthsOf(body.numberOfSubscriptionMonth);
  return tx(async (exec) => {
    await getRecord(exec, ctx, getModel('Studio'), studioId);
    // the studio's row first: the payment log's insert takes a key-share lock on it, and the
    // expiry's update its row lock; in the other order ten payments at once deadlocked (issue 45 item 24)
    await studioExpiry(exec, studioId, true);
    const token = `OFF-${randomUUID()}`;
    const id = await insertPayment(exec, {
      studioId,
      userId: ctx.userId,
      months,
      amountCents: totalCents(p.price, months),
      provider: 'offline',
      token,
    });
    const row = (await paymentByToken(exec, 'offline', token))!;
    const { previous, next } = await completePayment(exec, row, today(now));
    await audit(exec, ctx, getModel('PaymentLog'), id, 'create', {
      provider: [null, 'offline'],
      months: [null, months],
      new_expiry: [previous, next],
    });
    return { id, previous_expiry: previous, new_expiry: next };
  });
}

/** The providers a studio may pay with (the payment page's buttons), with what the browser needs of each. */
export const enabledProviders = (p: Payments) =>
  PAYMENT_PROVIDERS.filter((x) => p.providers.has(x.value)).map((x) => {
    const provider = p.providers.get(x.value)!;
    return {
      value: x.value,
      text: x.text,
      kind: provider.kind,
      ...(provider.publicConfig ? { config: provider.publicConfig } : {}),
    };
  });
