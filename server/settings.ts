/** Settings from environment variables, with defaults (README §Settings). */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { acubeSettingsOf, type AcubeOptions } from './areas/sdi/acube.js';

/** An S3-compatible object store (server/storage/s3.ts). */
export interface S3Settings {
  bucket: string;
  /** the store's address (any S3-compatible service); unset: AWS S3 of the region */
  endpoint?: string;
  region: string;
  /** unset: the SDK's own chain (environment, instance role…) */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** `{endpoint}/{bucket}/{key}` rather than `{bucket}.{endpoint}/{key}` (most self-hosted stores) */
  forcePathStyle: boolean;
  /** what every key of this installation begins with inside the bucket ('' or ending in '/') */
  keyPrefix: string;
}

/**
 * S3_BUCKET (on), S3_ENDPOINT, S3_REGION (default us-east-1), S3_ACCESS_KEY_ID and
 * S3_SECRET_ACCESS_KEY (both or neither), S3_FORCE_PATH_STYLE (default: true with an endpoint),
 * S3_PREFIX (a folder of the bucket).
 */
export function s3Of(env: NodeJS.ProcessEnv): S3Settings | undefined {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) {
    if (env.S3_ENDPOINT?.trim()) throw new Error('S3_ENDPOINT: manca S3_BUCKET');
    return undefined;
  }
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  if (endpoint && !/^https?:\/\/[^/\s]+/.test(endpoint)) throw new Error(`S3_ENDPOINT non valido: ${endpoint}`);
  const prefix = (env.S3_PREFIX ?? '').trim().replace(/^\/+|\/+$/g, '');
  // plain folder names: no '.', '..' or empty segments
  if (prefix && prefix.split('/').some((part) => !/^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(part)))
    throw new Error(`S3_PREFIX non valido: ${prefix}`);
  return {
    bucket,
    endpoint,
    region: env.S3_REGION?.trim() || 'us-east-1',
    credentials: pairOf(
      'S3 (S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY)',
      ['accessKeyId', env.S3_ACCESS_KEY_ID],
      ['secretAccessKey', env.S3_SECRET_ACCESS_KEY],
    ),
    forcePathStyle: bool(env.S3_FORCE_PATH_STYLE, !!endpoint),
    keyPrefix: prefix ? `${prefix}/` : '',
  };
}

export interface Settings {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  jwtSecret: string;
  demoData: boolean;
  tokenHours: number;
  subscriptionEnforce: boolean;
  /** answers are checked against their route schema (tests and development; off in production: it costs on large lists) */
  checkResponses: boolean;
  appName: string;
  serverBaseUrl: string;
  logLevel: string;
  creditEnabled: boolean;
  /**
   * Which peers' X-Forwarded-* headers give the client's address (rate limits, logs): false (the
   * default: the peer itself is the client), true (any peer), a hop count, or proxy addresses
   * or subnets, as Fastify's `trustProxy` takes them.
   */
  trustProxy: boolean | number | string[];
  /** uploaded files (Word templates…): STORAGE_DIR, default {DATA_DIR}/files */
  storageDir: string;
  /** uploaded files in an S3-compatible bucket instead (S3_BUCKET and the other S3_ settings) */
  s3?: S3Settings;
  /**
   * ClamAV's daemon, which scans every file a customer uploads to the customers' area (issue 50):
   * CLAMAV_SOCKET (a Unix socket's path) or CLAMAV_HOST (host or host:port, port 3310 by default);
   * unset: files are kept as 'not scanned'
   */
  clamav?: { socket: string } | { host: string; port: number };
  /** SIGTERM/SIGINT: how long requests in progress may take before the process exits anyway */
  shutdownTimeoutMs: number;
  /** outgoing mail server, an smtp:// or smtps:// URL; unset: messages are kept in the outbox, not sent */
  smtpUrl?: string;
  /** the From of every message ('Name <address>') */
  mailFrom: string;
  /** retries of a message after a temporary failure */
  mailRetryLimit: number;
  /** seconds before the first retry of a message (doubling at each retry) */
  mailRetryDelaySeconds: number;
  /**
   * the official FatturaPA schema (the .xsd file, with xmldsig-core-schema.xsd beside it): when
   * set, validate_xml checks every invoice against it besides the product's own rules
   */
  fatturapaXsd?: string;
  /**
   * the built-in SdI simulator (issue 28): on unless SDI_SIMULATOR=false or A-Cube is configured;
   * it answers as SdI does, after SDI_SIMULATOR_DELAY seconds (default 5)
   */
  sdiSimulator: boolean;
  sdiSimulatorDelaySeconds: number;
  /** seconds before the first new attempt when the intermediary is down (doubling at each one): SDI_RETRY_DELAY */
  sdiRetryDelaySeconds: number;
  /** how often each process looks for studios whose reminders' daily run is due (REMINDERS_TICK_SECONDS) */
  remindersTickSeconds: number;
  /** how often each process looks for studios whose engagements' billing run of today is due (issue 49) */
  engagementsTickSeconds: number;
  /** A-Cube (accredited SdI intermediary) when ACUBE_EMAIL is set: server/areas/sdi/acube.ts */
  acube?: AcubeOptions;
  /** the subscription's price per month in euro (C66) */
  subscriptionPrice: string;
  /**
   * the sandbox payment provider (a local approval page, no money moves): off unless
   * PAYMENT_SANDBOX=true — with it on any Admin buys months for nothing, so it is never on by
   * default; `npm start` (the demo) and the tests turn it on explicitly, and the app shows a banner
   */
  paymentSandbox: boolean;
  /** PayPal (wallet provider) is on when both its REST app's credentials are set */
  paypal?: { clientId: string; clientSecret: string; environment: 'sandbox' | 'production' };
  /** Stripe (card provider) is on when both its keys are set */
  stripe?: { secretKey: string; publishableKey: string };
  /** visitors may register a studio (C59, C62): on unless REGISTRATION_ENABLED=false */
  registrationEnabled: boolean;
  /** where the contact form's requests go (C60): VENDOR_EMAIL, default the MAIL_FROM address */
  vendorEmail: string;
  /** shown on the public pages and the error page: SUPPORT_EMAIL, else VENDOR_EMAIL, else assistenza@gestionalestudi.it */
  supportEmail: string;
  /** Google reCAPTCHA instead of the self-hosted captcha when both keys are set */
  recaptcha?: { siteKey: string; secretKey: string };
  /** social logins (C61), off unless their client id is set */
  googleClientId?: string;
  facebook?: { appId: string; appSecret: string };
}

/** both keys of a pair, or neither (a half-configured provider stops the start, naming it) */
function pairOf<K extends string>(
  name: string,
  a: [K, string | undefined],
  b: [K, string | undefined],
): Record<K, string> | undefined {
  const [ka, va] = [a[0], a[1]?.trim()];
  const [kb, vb] = [b[0], b[1]?.trim()];
  if (!va && !vb) return undefined;
  if (!va || !vb) throw new Error(`${name}: servono entrambe le chiavi`);
  return { [ka]: va, [kb]: vb } as Record<K, string>;
}

const addressIn = (from: string) => (/<([^<>]+)>\s*$/.exec(from)?.[1] ?? from).trim();

/** PAYPAL_CLIENT_ID + PAYPAL_CLIENT_SECRET (+ PAYPAL_ENVIRONMENT sandbox|production) */
function paypalOf(env: NodeJS.ProcessEnv): Settings['paypal'] {
  const clientId = env.PAYPAL_CLIENT_ID?.trim();
  const clientSecret = env.PAYPAL_CLIENT_SECRET?.trim();
  if (!clientId && !clientSecret) return undefined;
  if (!clientId || !clientSecret) throw new Error('PayPal: servono sia PAYPAL_CLIENT_ID sia PAYPAL_CLIENT_SECRET');
  const environment = (env.PAYPAL_ENVIRONMENT?.trim() || 'sandbox').toLowerCase();
  if (environment !== 'sandbox' && environment !== 'production')
    throw new Error(`PAYPAL_ENVIRONMENT non valido: ${env.PAYPAL_ENVIRONMENT} (sandbox o production)`);
  return { clientId, clientSecret, environment };
}

/** STRIPE_SECRET_KEY (sk_…) + STRIPE_PUBLISHABLE_KEY (pk_…) */
function stripeOf(env: NodeJS.ProcessEnv): Settings['stripe'] {
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  const publishableKey = env.STRIPE_PUBLISHABLE_KEY?.trim();
  if (!secretKey && !publishableKey) return undefined;
  if (!secretKey || !publishableKey)
    throw new Error('Stripe: servono sia STRIPE_SECRET_KEY sia STRIPE_PUBLISHABLE_KEY');
  if (!/^(sk|rk)_/.test(secretKey) || !publishableKey.startsWith('pk_'))
    throw new Error('Stripe: STRIPE_SECRET_KEY inizia con sk_ (o rk_), STRIPE_PUBLISHABLE_KEY con pk_');
  return { secretKey, publishableKey };
}

/** SUBSCRIPTION_PRICE: euro per month, at most 2 decimals (default 29.90) */
function priceOf(v: string | undefined): string {
  const s = (v ?? '').trim().replace(',', '.');
  if (!s) return '29.90';
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(s) || Number(s) <= 0)
    throw new Error(`SUBSCRIPTION_PRICE non valido: ${v} (euro al mese, es. 29.90)`);
  return Number(s).toFixed(2);
}

const bool = (v: string | undefined, d: boolean) => (v === undefined || v === '' ? d : /^(1|true|yes|on)$/i.test(v));

/** TRUST_PROXY: unset/false, true, a hop count ('1') or addresses and subnets separated by commas. */
function trustProxyOf(v: string | undefined): Settings['trustProxy'] {
  const s = (v ?? '').trim();
  if (s === '' || /^(false|no|off)$/i.test(s)) return false;
  if (/^(true|yes|on)$/i.test(s)) return true;
  if (/^\d+$/.test(s)) return Number(s) || false;
  return s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
}

/** TRUST_PROXY as Fastify's `trustProxy` takes it (a hop count as the function its types accept). */
export const trustProxyOption = (tp: Settings['trustProxy']) =>
  typeof tp === 'number' ? (_address: string, hop: number) => hop < tp : tp;

/** JWT_SECRET, else a secret generated once and kept in DATA_DIR. */
/** CLAMAV_SOCKET or CLAMAV_HOST (host[:port]) */
function clamavOf(env: NodeJS.ProcessEnv): Settings['clamav'] {
  if (env.CLAMAV_SOCKET) return { socket: env.CLAMAV_SOCKET };
  if (env.CLAMAV_HOST) {
    const m = /^(.+?)(?::(\d{1,5}))?$/.exec(env.CLAMAV_HOST.trim());
    if (m) return { host: m[1]!, port: m[2] ? Number(m[2]) : 3310 };
  }
  return undefined;
}

function jwtSecretFor(dataDir: string, env: NodeJS.ProcessEnv): string {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** SMTP_URL: unset, or an smtp:// / smtps:// URL (a wrong one stops the start, not the first send). */
function smtpUrlOf(v: string | undefined): string | undefined {
  const s = (v ?? '').trim();
  if (!s) return undefined;
  let url: URL;
  try {
    url = new URL(s);
  } catch {
    throw new Error('SMTP_URL is not a URL (e.g. smtp://user:password@mail.example.com:587)');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    throw new Error('SMTP_URL must start with smtp:// or smtps://');
  return s;
}

/** MAIL_FROM: 'Name <address>' or a bare address. */
function mailFromOf(v: string | undefined, appName: string): string {
  const s = (v ?? '').trim() || `${appName} <noreply@localhost>`;
  if (!/^(?:[^<>]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/.test(s))
    throw new Error('MAIL_FROM must be an address, e.g. "Studio <noreply@example.com>"');
  return s;
}

/** A whole number setting within bounds (else the start stops naming it). */
function intSetting(name: string, v: string | undefined, fallback: number, min: number, max: number): number {
  if (v === undefined || v.trim() === '') return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`${name} must be a whole number from ${min} to ${max}`);
  return n;
}

/** the SdI channel's settings: A-Cube when configured, else the simulator unless turned off */
function sdiOf(env: NodeJS.ProcessEnv) {
  const acube = acubeSettingsOf(env);
  return {
    acube,
    sdiSimulator: !acube && bool(env.SDI_SIMULATOR, true),
    sdiSimulatorDelaySeconds: intSetting('SDI_SIMULATOR_DELAY', env.SDI_SIMULATOR_DELAY, 5, 0, 3600),
    sdiRetryDelaySeconds: intSetting('SDI_RETRY_DELAY', env.SDI_RETRY_DELAY, 30, 1, 3600),
    remindersTickSeconds: intSetting('REMINDERS_TICK_SECONDS', env.REMINDERS_TICK_SECONDS, 60, 1, 3600),
    engagementsTickSeconds: intSetting('ENGAGEMENTS_TICK_SECONDS', env.ENGAGEMENTS_TICK_SECONDS, 60, 1, 3600),
  };
}

export function loadSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const dataDir = resolve(env.DATA_DIR || './data');
  const port = Number(env.PORT || 3000);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: jwtSecretFor(dataDir, env),
    demoData: bool(env.DEMO_DATA, true),
    tokenHours: Number(env.TOKEN_HOURS || 12),
    subscriptionEnforce: bool(env.SUBSCRIPTION_ENFORCE, false),
    checkResponses: bool(env.CHECK_RESPONSES, false),
    appName: env.APP_NAME || 'Gestionale Studi',
    serverBaseUrl: env.SERVER_BASEURL || `http://localhost:${port}`,
    clamav: clamavOf(env),
    logLevel: env.LOG_LEVEL || 'info',
    creditEnabled: bool(env.CREDIT_ENABLED, false),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    shutdownTimeoutMs: Number(env.SHUTDOWN_TIMEOUT || 10) * 1000,
    smtpUrl: smtpUrlOf(env.SMTP_URL),
    mailFrom: mailFromOf(env.MAIL_FROM, env.APP_NAME || 'Gestionale Studi'),
    mailRetryLimit: intSetting('MAIL_RETRY_LIMIT', env.MAIL_RETRY_LIMIT, 6, 0, 20),
    mailRetryDelaySeconds: intSetting('MAIL_RETRY_DELAY', env.MAIL_RETRY_DELAY, 30, 1, 3600),
    storageDir: resolve(env.STORAGE_DIR || join(dataDir, 'files')),
    s3: s3Of(env),
    fatturapaXsd: env.FATTURAPA_XSD ? resolve(env.FATTURAPA_XSD) : undefined,
    ...sdiOf(env),
    subscriptionPrice: priceOf(env.SUBSCRIPTION_PRICE),
    paymentSandbox: bool(env.PAYMENT_SANDBOX, false),
    paypal: paypalOf(env),
    stripe: stripeOf(env),
    registrationEnabled: bool(env.REGISTRATION_ENABLED, true),
    vendorEmail: env.VENDOR_EMAIL?.trim() || addressIn(mailFromOf(env.MAIL_FROM, env.APP_NAME || 'Gestionale Studi')),
    // never the sender's noreply address: a support address people can write to
    supportEmail: env.SUPPORT_EMAIL?.trim() || env.VENDOR_EMAIL?.trim() || 'assistenza@gestionalestudi.it',
    recaptcha: pairOf(
      'reCAPTCHA (RECAPTCHA_SITE_KEY, RECAPTCHA_SECRET_KEY)',
      ['siteKey', env.RECAPTCHA_SITE_KEY],
      ['secretKey', env.RECAPTCHA_SECRET_KEY],
    ),
    googleClientId: env.GOOGLE_CLIENT_ID?.trim() || undefined,
    facebook: pairOf(
      'Facebook (FACEBOOK_APP_ID, FACEBOOK_APP_SECRET)',
      ['appId', env.FACEBOOK_APP_ID],
      ['appSecret', env.FACEBOOK_APP_SECRET],
    ),
  };
}
