/**
 * Subscription and payments (seed B §2, §7: C66–C69; PRODUCT.md §7): the price per month, a
 * payment opened and finalised with a provider (the sandbox's approval page is served here), the
 * SuperAdmin's offline payment. C67 and C68 answer their failures with `errorMessage` (the app
 * shows it as it is). Payment calls are allowed with an expired subscription (that is what they
 * are for).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  OfflinePayment,
  OfflinePaymentInput,
  PaymentError,
  PaymentFinalized,
  PaymentFinalizeInput,
  PaymentInitInput,
  PaymentIntent,
  PaymentIntentConfirmInput,
  PaymentIntentQuery,
  PaymentStarted,
  SandboxBack,
  SandboxParams,
  SubscriptionPrice,
} from '../../../model/api/payments.js';
import type { Api, AppDeps } from '../../deps.js';
import { HttpError } from '../../errors.js';
import { ERRORS } from '../../routes/schemas.js';
import {
  createPaymentIntent,
  enabledProviders,
  finalizePayment,
  initPayment,
  isAppPath,
  offlinePayment,
  type OwnSite,
  type Payments,
} from './service.js';
import { sandboxPayment, setPaymentStatus, paymentByToken } from './queries.js';
import { esc } from '../../render/frame.js';
import { formatEuro } from '../../../model/types.js';

const withErrorMessage = {
  ...ERRORS,
  400: PaymentError,
  402: PaymentError,
  404: PaymentError,
  409: PaymentError,
  422: PaymentError,
  502: PaymentError,
};

/** an HttpError of a payment call, with `errorMessage` besides `message` */
async function answering<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof HttpError && e.status !== 401 && e.status !== 403) {
      return reply
        .code(e.status)
        .send({ message: e.message, errorMessage: e.message, ...(e.errors ? { errors: e.errors } : {}) });
    }
    throw e;
  }
}

/** the sandbox's approval page (no script: two forms) */
function checkoutPage(
  p: { studio: string; months: number; amount: string; status: string },
  token: string,
  back: { ret: string; cancel: string },
) {
  const q = (path: string) =>
    `/api/sandbox/checkout/${encodeURIComponent(token)}/${path}?${new URLSearchParams({ return: back.ret, cancel: back.cancel })}`;
  const open = p.status === 'CREATED';
  return `<!doctype html><html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Crect width='16' height='16' rx='3' fill='%231565c0'/%3E%3Ctext x='8' y='12' font-size='10' text-anchor='middle' fill='white' font-family='sans-serif'%3EG%3C/text%3E%3C/svg%3E"><title>Pagamento di prova</title><style>body{font-family:system-ui,sans-serif;max-width:520px;margin:48px auto;padding:0 16px;color:#1b1b1b}
.box{border:1px solid #c7d2e0;border-radius:8px;padding:24px}h1{font-size:1.4rem;color:#1a3d6d}dl{display:grid;grid-template-columns:auto 1fr;gap:6px 16px}
dt{color:#555}button{font-size:1rem;padding:10px 18px;margin-right:8px;border-radius:6px;border:1px solid #1565c0;cursor:pointer}
.ok{background:#1565c0;color:#fff}.no{background:#fff;color:#1565c0}p.note{color:#555;font-size:.9rem}</style></head><body><main class="box">
<h1>Pagamento di prova (sandbox)</h1><p class="note">Nessun addebito reale: questa pagina sostituisce il fornitore di pagamento.</p>
<dl><dt>Studio</dt><dd>${esc(p.studio)}</dd><dt>Abbonamento</dt><dd>${p.months} ${p.months === 1 ? 'mese' : 'mesi'}</dd><dt>Importo</dt><dd>${esc(formatEuro(Number(p.amount)))}</dd></dl>
${
  open
    ? `<form method="post" action="${esc(q('approve'))}" style="display:inline"><button class="ok" type="submit">Approva il pagamento</button></form>
<form method="post" action="${esc(q('cancel'))}" style="display:inline"><button class="no" type="submit">Annulla</button></form>`
    : `<p>Questo pagamento è già stato ${p.status === 'FAILED' ? 'annullato' : 'approvato'}.</p><p><a href="${esc(back.ret)}?token=${encodeURIComponent(token)}">Torna all'applicazione</a></p>`
}
</main></body></html>`;
}

/** the product's own site for C67's absolute return addresses: SERVER_BASEURL's origin and the host the request was sent to */
function ownSite(req: FastifyRequest, serverBaseUrl: string): OwnSite {
  let origin: string[] = [];
  try {
    origin = [new URL(serverBaseUrl).origin];
  } catch {
    origin = [];
  }
  const host = typeof req.host === 'string' ? req.host.trim().toLowerCase() : '';
  return { origins: origin, hosts: host ? [host] : [] };
}

/** a path of this application only (the page sends the customer there) */
const appPath = (raw: unknown) => (isAppPath(raw) ? raw : '/pay_return');

export async function paymentRoutes(api: Api, deps: AppDeps, payments: Payments) {
  const tags = ['Abbonamento e pagamenti'];
  const exempt = { subscriptionExempt: true };

  api.get(
    '/subscription_price',
    {
      config: exempt,
      schema: {
        tags,
        summary: "C66 Prezzo mensile dell'abbonamento (euro) e metodi di pagamento disponibili",
        response: {
          200: SubscriptionPrice,
          ...ERRORS,
        },
      },
    },
    async () => ({ data: Number(payments.price), providers: enabledProviders(payments) }),
  );

  for (const [provider, { kind }] of payments.providers) {
    if (kind === 'wallet') {
      api.post(
        `/${provider}/actions/init`,
        {
          config: exempt,
          schema: {
            tags,
            summary: `C67 Apre un pagamento ${provider} dei mesi scelti → approveUrl (errore: errorMessage)`,
            body: PaymentInitInput,
            response: { 201: PaymentStarted, ...withErrorMessage },
          },
        },
        async (req, reply) =>
          answering(reply, async () =>
            reply
              .code(201)
              .send(
                await initPayment(
                  deps,
                  payments,
                  req.ctx,
                  provider,
                  req.body,
                  ownSite(req, deps.settings.serverBaseUrl),
                ),
              ),
          ),
      );

      api.post(
        `/${provider}/actions/finalize`,
        {
          config: exempt,
          schema: {
            tags,
            summary: `C68 Conclude il pagamento ${provider} al ritorno (COMPLETED: la scadenza si sposta una volta sola) → status (errore: errorMessage)`,
            body: PaymentFinalizeInput,
            response: { 200: PaymentFinalized, ...withErrorMessage },
          },
        },
        async (req, reply) =>
          answering(reply, () => finalizePayment(deps, payments, req.ctx, provider, 'wallet', req.body.token)),
      );
    } else {
      api.get(
        `/${provider}/create_payment_intent`,
        {
          config: exempt,
          schema: {
            tags,
            summary: `C70 Apre un pagamento con carta (${provider}) di quantity mesi: il prezzo lo fa il server → client_secret (errore: errorMessage)`,
            querystring: PaymentIntentQuery,
            response: {
              200: PaymentIntent,
              ...withErrorMessage,
            },
          },
        },
        async (req, reply) => answering(reply, () => createPaymentIntent(deps, payments, req.ctx, provider, req.query)),
      );

      api.post(
        `/${provider}/process_confirmed_payment_intent`,
        {
          config: exempt,
          schema: {
            tags,
            summary: `C71 Conclude il pagamento con carta (${provider}) confermato nel browser (COMPLETED: la scadenza si sposta una volta sola)`,
            body: PaymentIntentConfirmInput,
            response: { 200: PaymentFinalized, ...withErrorMessage },
          },
        },
        async (req, reply) =>
          answering(reply, () => {
            const body = req.body;
            return finalizePayment(
              deps,
              payments,
              req.ctx,
              provider,
              'card',
              body.payment_intent_id ?? body.payment_intent,
            );
          }),
      );
    }
  }

  api.post(
    '/payment',
    {
      schema: {
        tags,
        summary: 'C69 Pagamento offline registrato dal SuperAdmin: la scadenza dello studio si sposta subito',
        body: OfflinePaymentInput,
        response: {
          201: z.object({ data: OfflinePayment }),
          ...ERRORS,
        },
      },
    },
    async (req, reply) => reply.code(201).send({ data: await offlinePayment(deps.tx, payments, req.ctx, req.body) }),
  );

  if (payments.providers.has('sandbox')) {
    // the approval page's forms post no fields (x-www-form-urlencoded)
    if (!api.hasContentTypeParser('application/x-www-form-urlencoded')) {
      api.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
        done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );
    }
    api.get(
      '/sandbox/checkout/:token',
      {
        config: { public: true },
        schema: {
          tags,
          summary: 'Pagina di approvazione del fornitore sandbox (nessun addebito reale)',
          params: SandboxParams,
          querystring: SandboxBack,
          response: { 200: z.any(), ...ERRORS },
        },
      },
      async (req, reply) => {
        const token = req.params.token;
        const q = req.query;
        const p = await sandboxPayment(deps.exec, token);
        if (!p) throw new HttpError(404, 'Pagamento non trovato');
        return reply
          .type('text/html; charset=utf-8')
          .header('Cache-Control', 'no-store')
          .send(checkoutPage(p, token, { ret: appPath(q.return), cancel: appPath(q.cancel ?? q.return) }));
      },
    );
    for (const [action, status] of [
      ['approve', 'APPROVED'],
      ['cancel', 'FAILED'],
    ] as const) {
      api.post(
        `/sandbox/checkout/:token/${action}`,
        {
          config: { public: true },
          schema: {
            tags,
            summary:
              action === 'approve'
                ? "Sandbox: approva il pagamento e torna all'applicazione"
                : 'Sandbox: annulla il pagamento',
            params: SandboxParams,
            querystring: SandboxBack,
            response: { 303: z.any(), ...ERRORS },
          },
        },
        async (req, reply) => {
          const token = req.params.token;
          const q = req.query;
          await deps.tx(async (exec) => {
            const row = await paymentByToken(exec, 'sandbox', token);
            if (!row) throw new HttpError(404, 'Pagamento non trovato');
            await setPaymentStatus(exec, row.id, status, 'CREATED');
          });
          const target = action === 'approve' ? appPath(q.return) : appPath(q.cancel ?? q.return);
          return reply.redirect(
            `${target}?${new URLSearchParams({ token, ...(action === 'cancel' ? { cancelled: '1' } : {}) })}`,
            303,
          );
        },
      );
    }
  }
}
