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
}

const bool = (v: string | undefined, d: boolean) => (v === undefined || v === '' ? d : /^(1|true|yes|on)$/i.test(v));

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
  };
}
