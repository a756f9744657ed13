/** Settings from environment variables, with defaults (README §Settings). */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

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
  /** SIGTERM/SIGINT: how long requests in progress may take before the process exits anyway */
  shutdownTimeoutMs: number;
}

const bool = (v: string | undefined, d: boolean) => (v === undefined || v === '' ? d : /^(1|true|yes|on)$/i.test(v));

/** TRUST_PROXY: unset/false, true, a hop count ('1') or addresses and subnets separated by commas. */
function trustProxyOf(v: string | undefined): Settings['trustProxy'] {
  const s = (v ?? '').trim();
  if (s === '' || /^(false|no|off)$/i.test(s)) return false;
  if (/^(true|yes|on)$/i.test(s)) return true;
  if (/^\d+$/.test(s)) return Number(s) || false;
  return s.split(',').map((x) => x.trim()).filter(Boolean);
}

/** TRUST_PROXY as Fastify's `trustProxy` takes it (a hop count as the function its types accept). */
export const trustProxyOption = (tp: Settings['trustProxy']) =>
  (typeof tp === 'number' ? (_address: string, hop: number) => hop < tp : tp);

/** JWT_SECRET, else a secret generated once and kept in DATA_DIR. */
function jwtSecretFor(dataDir: string, env: NodeJS.ProcessEnv): string {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
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
    logLevel: env.LOG_LEVEL || 'info',
    creditEnabled: bool(env.CREDIT_ENABLED, false),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    shutdownTimeoutMs: Number(env.SHUTDOWN_TIMEOUT || 10) * 1000,
  };
}
