/**
 * The SdI channel through A-Cube (https://docs.acubeapi.com, the "gov-it" Italian invoicing API),
 * an accredited intermediary: the FatturaPA XML is handed over as it is and A-Cube talks to SdI.
 *
 * Endpoints used (their shapes as documented on docs.acubeapi.com, checked against two public
 * clients: the unofficial PHP SDK fezz02/unofficial-acube-php-sdk and nick-preda/mcp-server-acube):
 * - `POST {common}/login` JSON `{ email, password }` → `{ token }`, a JWT lasting 24 h whose
 *   payload carries `iat` and `exp` (documentation/common/authentication). Kept until 5 minutes
 *   before it ends (its own lifetime `exp − iat`, counted on our clock, so a skewed clock does not
 *   matter; 23 h when the payload cannot be read); a 401 from the API logs in again, once.
 *   common: https://common-sandbox.api.acubeapi.com | https://common.api.acubeapi.com
 *   api:    https://api-sandbox.acubeapi.com        | https://api.acubeapi.com (documentation/gov-it)
 * - `POST {api}/invoices` with `Content-Type: application/xml` and the FatturaPA as body → 202
 *   `{ uuid }` (documentation/gov-it/invoices/sending-invoice). A failed validation answers 400 (422
 *   too, API Platform's usual code) with a JSON body: API Platform's ConstraintViolationList
 *   (`violations: [{ propertyPath, message }]`, `hydra:description`) or a problem (`detail`).
 * - `GET {api}/invoices?invoice_number=…&invoice_date[after]=…&invoice_date[before]=…&sender.business_vat_number_code=…`
 *   (govit/tag/Invoice: its filters; `invoice_number` matches a part of the number, so the
 *   number is compared again here) → a JSON array of invoices, or a hydra collection
 *   (`hydra:member`) under `application/ld+json`. An invoice has `uuid`, `created_at`, `marking`,
 *   `payload` (the invoice as JSON text, `fattura_elettronica_body[0].dati_generali.dati_generali_documento.{numero,data}`)
 *   and, in the clients' answers, `sdi_file_name`.
 * - `GET {api}/invoices/{uuid}/notifications` → the invoice's notifications, each
 *   `{ uuid, invoice_uuid, created_at, type, file_name, message, downloaded, downloaded_at }`,
 *   `message` being SdI's notification in snake_case JSON: `identificativo_sdi`, `nome_file` (the
 *   name of the invoice's file it is about), `lista_errori: { Errore: {Codice, Descrizione} | [...] }`
 *   for NS, `esito_committente: { esito: EC01|EC02, descrizione }` for NE, `descrizione`, `note`
 *   (govit/tag/Notification; the SDK's CustomerNotificationMessageDto).
 * - `GET {api}/notifications/{uuid}` with `Accept: application/xml` → the notification's original
 *   XML (govit/tag/Notification), read once per notification and kept.
 * - The webhook (documentation/gov-it/webhooks): the `customer-notification` event POSTs
 *   `{ notification: { uuid, invoice_uuid, type, … }, invoice: {…} }`; A-Cube sends the secret
 *   configured on its ApiConfiguration as `Authorization: Bearer {secret}` (authentication_type
 *   header, authentication_key "Bearer") or as `{header}: {secret}`. Only the invoice's uuid is
 *   taken from it: the service then reads `notifications()`.
 */
import { timingSafeEqual } from 'node:crypto';
import {
  SdiRefused,
  SdiUnavailable,
  type SdiChannel,
  type SdiError,
  type SdiFile,
  type SdiNotification,
  type SdiNotificationType,
  type SdiWebhookResult,
} from './channel.js';

export interface AcubeOptions {
  email: string;
  password: string;
  environment: 'sandbox' | 'production';
  /** the header A-Cube's webhook carries the secret in: 'Authorization' (as `Bearer {secret}`) or another name (the bare secret) */
  webhookHeader: string;
  webhookSecret: string;
  pollSeconds?: number;
}

export const ACUBE_BASES = {
  sandbox: { common: 'https://common-sandbox.api.acubeapi.com', api: 'https://api-sandbox.acubeapi.com' },
  production: { common: 'https://common.api.acubeapi.com', api: 'https://api.acubeapi.com' },
} as const;

export const ACUBE_MESSAGES = {
  unavailable: "L'intermediario A-Cube non è raggiungibile: nuovo tentativo più tardi",
  credentials: 'A-Cube: credenziali non valide (ACUBE_EMAIL, ACUBE_PASSWORD)',
  refused: 'A-Cube ha rifiutato il file',
  unexpected: 'A-Cube ha dato una risposta inattesa: nuovo tentativo più tardi',
  unknownInvoice: 'A-Cube non conosce la fattura',
} as const;

const TIMEOUT_MS = 30_000;
const HOUR = 3_600_000;
/** a token is replaced this long before it ends */
const TOKEN_MARGIN_MS = 5 * 60_000;
const DEFAULT_POLL_SECONDS = 300;
/** notifications' XML kept in memory (read once: a notification never changes) */
const XML_CACHE_SIZE = 1_000;
const NOTIFICATION_TYPES: ReadonlySet<string> = new Set<SdiNotificationType>(['RC', 'NS', 'MC', 'NE', 'DT', 'AT']);
/** markings of an invoice SdI never took (rejected with NS, or never delivered to SdI by A-Cube) */
const NOT_TAKEN = new Set(['rejected', 'invoice-error']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : undefined;
const parseJson = (s: string): unknown => {
  try {
    return JSON.parse(s);
  } catch {
    return undefined;
  }
};
/** a JSON value that may also come as JSON text (A-Cube's `payload`, and `message` in some answers) */
const objectOf = (v: unknown): Json | undefined =>
  isObject(v) ? v : typeof v === 'string' ? objectOf(parseJson(v)) : undefined;

/** the items of a collection: a plain array, or hydra's `hydra:member` (`member`, `data` in other renderings) */
function membersOf(body: unknown): unknown[] | undefined {
  if (Array.isArray(body)) return body;
  if (!isObject(body)) return undefined;
  for (const key of ['hydra:member', 'member', 'data']) if (Array.isArray(body[key])) return body[key] as unknown[];
  return undefined;
}

/** When a JWT stops being used: its own lifetime (exp − iat) from now, less a margin; 23 h if unreadable. */
function tokenUntil(token: string, now: number): number {
  const payload = objectOf(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
  const exp = typeof payload?.exp === 'number' ? payload.exp * 1000 : Number.NaN;
  const iat = typeof payload?.iat === 'number' ? payload.iat * 1000 : Number.NaN;
  const lifetime = Number.isFinite(iat) ? exp - iat : exp - now;
  if (!Number.isFinite(lifetime) || lifetime <= TOKEN_MARGIN_MS) return now + 23 * HOUR;
  return now + Math.min(lifetime, 24 * HOUR) - TOKEN_MARGIN_MS;
}

/** A-Cube's reason for a refusal, from the JSON body of a 4xx (violations, hydra, problem), else its text */
function reasonOf(body: string, status: number): string {
  const json = parseJson(body);
  if (isObject(json)) {
    const violations = Array.isArray(json.violations) ? json.violations.filter(isObject) : [];
    const listed = violations
      .map((v) => {
        const message = text(v.message) ?? text(v.title);
        const path = text(v.propertyPath);
        return message && path ? `${path}: ${message}` : message;
      })
      .filter((m): m is string => !!m);
    if (listed.length) return listed.join('; ');
    for (const key of ['hydra:description', 'detail', 'message', 'error', 'hydra:title', 'title']) {
      const t = text(json[key]);
      if (t) return t;
    }
  }
  const plain = body.trim();
  if (plain && !plain.startsWith('<') && plain.length <= 500) return plain;
  return `errore ${status}`;
}

/** SdI's errors of an NS: `lista_errori.Errore`, one object or a list (Codice/Descrizione, any case) */
function errorsOf(message: Json): SdiError[] {
  const list = message.lista_errori ?? message.ListaErrori ?? message.errori;
  const inner = isObject(list) ? (list.Errore ?? list.errore ?? list.errori ?? list) : list;
  const items = Array.isArray(inner) ? inner : [inner];
  return items.filter(isObject).flatMap((e) => {
    const code = text(e.Codice ?? e.codice ?? e.code);
    const description = text(e.Descrizione ?? e.descrizione ?? e.description) ?? '';
    return code ? [{ code, description }] : [];
  });
}

/** NE: the buyer's outcome (EC01 accepted, EC02 refused), as one error entry */
function outcomeOf(message: Json): { errors: SdiError[]; description?: string } {
  const esito = objectOf(message.esito_committente ?? message.EsitoCommittente) ?? message;
  const code = text(esito.esito ?? esito.Esito);
  const description = text(esito.descrizione ?? esito.Descrizione);
  if (code !== 'EC01' && code !== 'EC02') return { errors: [], description };
  const fallback = code === 'EC01' ? 'Fattura accettata dal committente' : 'Fattura rifiutata dal committente';
  return { errors: [{ code, description: description ?? fallback }], description };
}

const isoOf = (v: unknown): string | undefined => {
  const s = text(v);
  const t = s ? Date.parse(s) : Number.NaN;
  return Number.isFinite(t) ? new Date(t).toISOString() : undefined;
};

/** one of A-Cube's notifications as the channel's, or undefined (not one a sender receives, or no uuid) */
function notificationOf(item: unknown): SdiNotification | undefined {
  if (!isObject(item)) return undefined;
  const id = text(item.uuid);
  const type = text(item.type)?.toUpperCase();
  if (!id || !type || !NOTIFICATION_TYPES.has(type)) return undefined;
  const message = objectOf(item.message) ?? {};
  const outcome = type === 'NE' ? outcomeOf(message) : undefined;
  const description = outcome?.description ?? text(message.descrizione) ?? text(message.note);
  const sdiId = text(message.identificativo_sdi);
  const fileName = text(item.file_name);
  return {
    id,
    type: type as SdiNotificationType,
    at:
      isoOf(item.created_at) ??
      isoOf(message.data_ora_ricezione) ??
      isoOf(message.data_ora_consegna) ??
      new Date().toISOString(),
    errors: type === 'NS' ? errorsOf(message) : (outcome?.errors ?? []),
    ...(description ? { description } : {}),
    ...(sdiId ? { sdiId } : {}),
    ...(fileName ? { fileName } : {}),
  };
}

/** an invoice of A-Cube's listing: its uuid, number, date, file name and marking (what is known of them) */
function listedOf(item: unknown) {
  if (!isObject(item)) return undefined;
  const uuid = text(item.uuid);
  if (!uuid) return undefined;
  const payload = objectOf(item.payload);
  const body = payload?.fattura_elettronica_body;
  const document = objectOf(
    objectOf(objectOf(Array.isArray(body) ? body[0] : body)?.dati_generali)?.dati_generali_documento,
  );
  return {
    uuid,
    number: text(item.invoice_number) ?? text(document?.numero),
    date: (text(item.invoice_date) ?? text(document?.data))?.slice(0, 10),
    fileName: text(item.sdi_file_name) ?? text(item.file_name),
    marking: text(item.marking)?.toLowerCase(),
    createdAt: Date.parse(text(item.created_at) ?? '') || 0,
  };
}

/** the VAT number's code without the country ('IT01234567890' → '01234567890'): A-Cube keeps them apart */
const vatCode = (vat: string) => vat.trim().replace(/^IT(?=\d{11}$)/i, '');

/** the header's single value (a name looked up in any case; a header given twice is not trusted) */
function headerOf(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  const found = Object.entries(headers).find(([k]) => k.toLowerCase() === wanted)?.[1];
  const value = Array.isArray(found) ? (found.length === 1 ? found[0] : undefined) : found;
  return typeof value === 'string' && value ? value : undefined;
}

/** the invoices' uuids a webhook call is about: `{ notification: { invoice_uuid } }`, `{ invoice_uuid }`, `{ invoice: { uuid } }`, or a list of these */
function invoiceUuidsOf(body: unknown): string[] {
  const parsed = typeof body === 'string' ? parseJson(body) : body;
  const items = Array.isArray(parsed) ? parsed : [parsed];
  const uuids = items.filter(isObject).map((item) => {
    const notification = objectOf(item.notification);
    const invoice = objectOf(item.invoice);
    return text(notification?.invoice_uuid) ?? text(item.invoice_uuid) ?? text(invoice?.uuid);
  });
  return [...new Set(uuids.filter((u): u is string => !!u && UUID.test(u)))];
}

export function acubeChannel(opts: AcubeOptions, fetchImpl = globalThis.fetch): SdiChannel {
  const base = ACUBE_BASES[opts.environment];
  let token: { value: string; until: number } | undefined;
  let loggingIn: Promise<string> | undefined;
  const xmlCache = new Map<string, string>();

  /** one HTTP exchange, its body read: a network error or the 30 s timeout is SdiUnavailable */
  async function exchange(url: string, init: RequestInit) {
    try {
      const res = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
      return { status: res.status, body: await res.text() };
    } catch {
      throw new SdiUnavailable(ACUBE_MESSAGES.unavailable);
    }
  }

  async function login(): Promise<string> {
    const res = await exchange(`${base.common}/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ email: opts.email, password: opts.password }),
    });
    if (res.status === 400 || res.status === 401 || res.status === 403)
      throw new SdiUnavailable(ACUBE_MESSAGES.credentials);
    if (res.status < 200 || res.status >= 300) throw new SdiUnavailable(ACUBE_MESSAGES.unavailable);
    const value = text(objectOf(res.body)?.token);
    if (!value) throw new SdiUnavailable(ACUBE_MESSAGES.unexpected);
    token = { value, until: tokenUntil(value, Date.now()) };
    return value;
  }

  /** the token in hand, or a new one (calls at once share one login) */
  function currentToken(): Promise<string> {
    if (token && Date.now() < token.until) return Promise.resolve(token.value);
    loggingIn ??= login().finally(() => (loggingIn = undefined));
    return loggingIn;
  }

  /**
   * A call to the Italian API with the token: a 401 logs in again and tries once more; credentials
   * still refused (401, 403) or a temporary error (429, 5xx) is SdiUnavailable. Other answers are
   * the caller's to read.
   */
  async function call(
    path: string,
    init: { method: 'GET' | 'POST'; accept: string; contentType?: string; body?: string },
  ) {
    for (let attempt = 0; ; attempt++) {
      const used = await currentToken();
      const res = await exchange(`${base.api}${path}`, {
        method: init.method,
        headers: {
          Authorization: `Bearer ${used}`,
          Accept: init.accept,
          ...(init.contentType ? { 'Content-Type': init.contentType } : {}),
        },
        body: init.body,
      });
      if (res.status === 401 && attempt === 0) {
        if (token?.value === used) token = undefined;
        continue;
      }
      if (res.status === 401 || res.status === 403) throw new SdiUnavailable(ACUBE_MESSAGES.credentials);
      if (res.status === 429 || res.status >= 500) throw new SdiUnavailable(ACUBE_MESSAGES.unavailable);
      return res;
    }
  }

  /** the notification's original XML (read once), or undefined when A-Cube does not give it */
  async function xmlOf(id: string): Promise<string | undefined> {
    const kept = xmlCache.get(id);
    if (kept !== undefined) return kept;
    const res = await call(`/notifications/${encodeURIComponent(id)}`, { method: 'GET', accept: 'application/xml' });
    const xml = res.body.trim();
    if (res.status < 200 || res.status >= 300 || !xml.startsWith('<')) return undefined;
    if (xmlCache.size >= XML_CACHE_SIZE) xmlCache.delete(xmlCache.keys().next().value!);
    xmlCache.set(id, xml);
    return xml;
  }

  return {
    name: 'acube',
    pollSeconds: opts.pollSeconds ?? DEFAULT_POLL_SECONDS,

    async send(file: SdiFile) {
      const res = await call('/invoices', {
        method: 'POST',
        accept: 'application/json',
        contentType: 'application/xml',
        body: file.xml,
      });
      if (res.status === 400 || res.status === 413 || res.status === 422)
        throw new SdiRefused(`${ACUBE_MESSAGES.refused}: ${reasonOf(res.body, res.status)}`);
      if (res.status < 200 || res.status >= 300)
        throw new SdiUnavailable(`${ACUBE_MESSAGES.unexpected} (HTTP ${res.status})`);
      const uuid = text(objectOf(res.body)?.uuid);
      if (!uuid) throw new SdiUnavailable(ACUBE_MESSAGES.unexpected);
      return { channelId: uuid };
    },

    async find(file: SdiFile) {
      const query = new URLSearchParams({
        type: '0',
        invoice_number: file.number,
        'invoice_date[after]': file.date,
        'invoice_date[before]': file.date,
        'sender.business_vat_number_code': vatCode(file.senderVat),
      });
      const res = await call(`/invoices?${query}`, { method: 'GET', accept: 'application/json' });
      const items = res.status >= 200 && res.status < 300 ? membersOf(parseJson(res.body)) : undefined;
      // in doubt, never "not there": that would send the file twice
      if (!items) throw new SdiUnavailable(`${ACUBE_MESSAGES.unexpected} (HTTP ${res.status})`);
      const listed = items.map(listedOf).filter((i) => i !== undefined);
      const sameFile = listed.find((i) => i.fileName === file.fileName);
      if (sameFile) return { channelId: sameFile.uuid };
      // A-Cube names the file itself (it fills IdTrasmittente and ProgressivoInvio), so the file
      // name rarely matches: the same number and date from the same sender that SdI took is the file
      const taken = listed
        .filter((i) => i.number === file.number.trim() && (!i.date || i.date === file.date))
        .filter((i) => !i.marking || !NOT_TAKEN.has(i.marking))
        .sort((a, b) => b.createdAt - a.createdAt);
      return taken[0] ? { channelId: taken[0].uuid } : null;
    },

    async notifications(channelId: string) {
      const res = await call(`/invoices/${encodeURIComponent(channelId)}/notifications`, {
        method: 'GET',
        accept: 'application/json',
      });
      if (res.status === 404) throw new SdiUnavailable(`${ACUBE_MESSAGES.unknownInvoice} ${channelId}`);
      const items = res.status >= 200 && res.status < 300 ? membersOf(parseJson(res.body)) : undefined;
      if (!items) throw new SdiUnavailable(`${ACUBE_MESSAGES.unexpected} (HTTP ${res.status})`);
      const out: SdiNotification[] = [];
      for (const n of items.map(notificationOf)) {
        if (!n) continue;
        const xml = await xmlOf(n.id);
        out.push(xml ? { ...n, xml } : n);
      }
      return out;
    },

    webhook(headers, body): SdiWebhookResult {
      const got = headerOf(headers, opts.webhookHeader);
      if (!got) return { ok: false, reason: `acube webhook: no ${opts.webhookHeader} header` };
      const expected =
        opts.webhookHeader.toLowerCase() === 'authorization' ? `Bearer ${opts.webhookSecret}` : opts.webhookSecret;
      const a = Buffer.from(got, 'utf8');
      const b = Buffer.from(expected, 'utf8');
      if (a.length !== b.length || !timingSafeEqual(a, b))
        return { ok: false, reason: `acube webhook: wrong secret in the ${opts.webhookHeader} header` };
      return { ok: true, channelIds: invoiceUuidsOf(body) };
    },

    async close() {
      token = undefined;
      xmlCache.clear();
    },
  };
}

/**
 * ACUBE_EMAIL + ACUBE_PASSWORD + ACUBE_WEBHOOK_SECRET (+ ACUBE_ENVIRONMENT sandbox|production,
 * ACUBE_WEBHOOK_HEADER, default Authorization): undefined without ACUBE_EMAIL. A-Cube's
 * authentication_key "Bearer" means the Authorization header, so 'Bearer' is read as that too.
 */
export function acubeSettingsOf(env: NodeJS.ProcessEnv): AcubeOptions | undefined {
  const email = env.ACUBE_EMAIL?.trim();
  if (!email) return undefined;
  const password = env.ACUBE_PASSWORD?.trim() ? env.ACUBE_PASSWORD : undefined;
  const webhookSecret = env.ACUBE_WEBHOOK_SECRET?.trim();
  const missing = [password ? '' : 'ACUBE_PASSWORD', webhookSecret ? '' : 'ACUBE_WEBHOOK_SECRET'].filter(Boolean);
  if (!password || !webhookSecret)
    throw new Error(
      `A-Cube: servono ACUBE_EMAIL, ACUBE_PASSWORD e ACUBE_WEBHOOK_SECRET (manca ${missing.join(' e ')})`,
    );
  const environment = (env.ACUBE_ENVIRONMENT?.trim() || 'sandbox').toLowerCase();
  if (environment !== 'sandbox' && environment !== 'production')
    throw new Error(`ACUBE_ENVIRONMENT non valido: ${env.ACUBE_ENVIRONMENT} (sandbox o production)`);
  const header = env.ACUBE_WEBHOOK_HEADER?.trim() || 'Authorization';
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(header))
    throw new Error(`ACUBE_WEBHOOK_HEADER non valido: ${header} (il nome di un'intestazione HTTP, es. Authorization)`);
  return {
    email,
    password,
    environment,
    webhookHeader: header.toLowerCase() === 'bearer' ? 'Authorization' : header,
    webhookSecret,
  };
}
