/** Shell calls: settings, logged studio, missing studio fields, menu (C01, C05, C07, C08). */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Api, AppDeps } from '../../deps.js';
import { atLeast } from '../../../model/define.js';
import { menuFor } from '../../../model/menu.js';
import { scoped } from './queries.js';
import { z } from 'zod';
import { ClientVar, LoggedStudio, MenuNode, MissingField } from '../../../model/api/shell.js';
import { ERRORS } from '../../routes/schemas.js';

let buildCache: { mtime: number; id: string } | null = null;
/** Id of the served build (written by the Vite build), so the app can tell a new version. */
function buildId(): string {
  const file = join(resolve(process.env.APP_DIST || join(process.cwd(), 'dist')), 'build.json');
  if (!existsSync(file)) return 'dev';
  const mtime = statSync(file).mtimeMs;
  if (!buildCache || buildCache.mtime !== mtime) {
    try {
      buildCache = { mtime, id: String(JSON.parse(readFileSync(file, 'utf8')).id) };
    } catch {
      return 'dev';
    }
  }
  return buildCache.id;
}

export async function shellRoutes(api: Api, deps: AppDeps) {
  const { exec, settings } = deps;

  const tags = ['Shell'];
  api.get(
    '/var/client_var',
    {
      config: { public: true },
      schema: {
        tags,
        summary: "C01 Impostazioni dell'app (pubblica)",
        security: [],
        response: {
          200: ClientVar,
          ...ERRORS,
        },
      },
    },
    async () => ({
      APPNAME: settings.appName,
      SERVER_BASEURL: settings.serverBaseUrl,
      VERSION: '3.5.1',
      BUILD_ID: buildId(),
      CREDIT_ENABLED: settings.creditEnabled,
      EXPORT_ENABLED: true,
      REGISTRATION_ENABLED: settings.registrationEnabled,
      SOCIAL_LOGIN_ENABLED: !!settings.googleClientId || !!settings.facebook,
      GOOGLE_LOGIN_ENABLED: !!settings.googleClientId,
      FACEBOOK_LOGIN_ENABLED: !!settings.facebook,
      GOOGLE_CLIENT_ID: settings.googleClientId ?? null,
      FACEBOOK_APP_ID: settings.facebook?.appId ?? null,
      CAPTCHA: settings.recaptcha ? ('recaptcha' as const) : ('altcha' as const),
      RECAPTCHA_SITE_KEY: settings.recaptcha?.siteKey ?? null,
      SUPPORT_EMAIL: settings.supportEmail,
      PAYMENT_SANDBOX: settings.paymentSandbox,
    }),
  );

  api.get(
    '/studio_logged',
    {
      schema: {
        tags,
        summary: "C05 Lo studio dell'utente",
        response: {
          200: z.object({ data: LoggedStudio.nullable() }),
          ...ERRORS,
        },
      },
    },
    async (req) => {
      return { data: await scoped(exec, req.ctx).studio() };
    },
  );

  api.get(
    '/loggedStudio/missingRequiredFields',
    {
      schema: {
        tags,
        summary: 'C07 Campi obbligatori mancanti nella scheda dello studio',
        response: {
          200: z.object({ data: z.array(MissingField) }),
          ...ERRORS,
        },
      },
    },
    async (req) => ({
      data: await scoped(exec, req.ctx).missingRequiredFields(),
    }),
  );

  api.get(
    '/menu_items',
    {
      schema: {
        tags,
        summary: 'C08 Menu del ruolo',
        response: { 200: z.object({ data: z.array(MenuNode) }), ...ERRORS },
      },
    },
    async (req) => ({ data: menuFor(req.ctx.role, atLeast, undefined, { credit: settings.creditEnabled }) }),
  );
}
