/** Shell calls: settings, logged studio, missing studio fields, menu (C01, C05, C07, C08). */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { AppDeps } from '../deps.js';
import { atLeast } from '../../model/define.js';
import { menuFor } from '../../model/menu.js';
import { missingRequiredFields } from '../services/studio.js';

let buildCache: { mtime: number; id: string } | null = null;
/** Id of the served build (written by the Vite build), so the app can tell a new version. */
function buildId(): string {
  const file = join(resolve(process.env.APP_DIST || join(process.cwd(), 'dist')), 'build.json');
  if (!existsSync(file)) return 'dev';
  const mtime = statSync(file).mtimeMs;
  if (!buildCache || buildCache.mtime !== mtime) {
    try { buildCache = { mtime, id: String(JSON.parse(readFileSync(file, 'utf8')).id) }; } catch { return 'dev'; }
  }
  return buildCache.id;
}

export async function shellRoutes(api: FastifyInstance, deps: AppDeps) {
  const { exec, settings } = deps;

  api.get('/var/client_var', { config: { public: true } }, async () => ({
    APPNAME: settings.appName,
    SERVER_BASEURL: settings.serverBaseUrl,
    VERSION: '3.5.1',
    BUILD_ID: buildId(),
    CREDIT_ENABLED: settings.creditEnabled,
    EXPORT_ENABLED: true,
    REGISTRATION_ENABLED: true,
    SOCIAL_LOGIN_ENABLED: false,
  }));

  api.get('/studio_logged', async (req) => {
    const rows = await exec(sql`SELECT "id", "name", to_char("subscription_expire_date", 'YYYY-MM-DD') AS "subscription_expire_date", "status"
      FROM "studios" WHERE "id" = ${req.ctx.studioId}`);
    return { data: rows[0] ?? null };
  });

  api.get('/loggedStudio/missingRequiredFields', async (req) => ({
    data: await missingRequiredFields(exec, req.ctx.studioId),
  }));

  api.get('/menu_items', async (req) => ({ data: menuFor(req.ctx.role, atLeast) }));
}
