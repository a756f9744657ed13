/**
 * The logged user's own preferences (issue 16 item 2): the saved views and chosen columns of each
 * list, kept on the server so that they follow the user to another computer. Any role, only the
 * caller's rows; a JSON value of at most 64 KB under a key of letters, digits and `_ . : -`.
 */
import { z } from 'zod';
import type { Api, AppDeps } from '../../deps.js';
import { HttpError, MSG } from '../../errors.js';
import { deletePreference, otherPreferenceCount, preferencesOf, savePreference } from './queries.js';
import { ERRORS } from '../../routes/schemas.js';
import {
  PreferenceDeleted,
  PreferenceInput,
  PreferenceParams,
  Preferences,
  PreferenceSaved,
} from '../../../model/api/preferences.js';

export const PREFERENCE_KEY = /^[A-Za-z0-9_.:-]{1,200}$/;
/** the largest value kept, serialized as JSON (UTF-8 bytes) */
export const MAX_PREFERENCE_BYTES = 64 * 1024;
/** the most keys one user keeps */
export const MAX_PREFERENCES = 500;

export const PREFERENCE_MESSAGES = {
  key: 'Chiave non valida: da 1 a 200 caratteri tra lettere, cifre e . _ : -',
  required: 'Campo Obbligatorio',
  tooLarge: `Valore troppo grande: al massimo ${MAX_PREFERENCE_BYTES / 1024} KB`,
  tooMany: `Troppe preferenze salvate: al massimo ${MAX_PREFERENCES}`,
} as const;

const invalid = (field: string, message: string) => new HttpError(422, MSG.validation, { [field]: [message] });

function checkKey(key: string): string {
  if (!PREFERENCE_KEY.test(key)) throw invalid('key', PREFERENCE_MESSAGES.key);
  return key;
}

export async function preferenceRoutes(api: Api, deps: AppDeps) {
  const { exec } = deps;
  const tags = ['Preferenze'];
  // personal settings, not the studio's data: kept even when the subscription has expired
  const config = { subscriptionExempt: true };

  api.get(
    '/user_preferences',
    {
      schema: {
        tags,
        summary: "Le preferenze dell'utente collegato (viste salvate e colonne delle tabelle), per chiave",
        response: { 200: z.object({ data: Preferences }), ...ERRORS },
      },
    },
    async (req) => ({ data: await preferencesOf(exec, req.ctx.userId) }),
  );

  api.put(
    '/user_preferences/:key',
    {
      config,
      schema: {
        tags,
        summary: "Salva una preferenza dell'utente collegato (crea o sostituisce)",
        params: PreferenceParams,
        body: PreferenceInput,
        response: { 200: z.object({ data: PreferenceSaved }), ...ERRORS },
      },
    },
    async (req) => {
      const key = checkKey(req.params.key);
      const body = req.body ?? {};
      if (!('value' in body) || body.value === undefined) throw invalid('value', PREFERENCE_MESSAGES.required);
      const json = JSON.stringify(body.value);
      if (Buffer.byteLength(json, 'utf8') > MAX_PREFERENCE_BYTES) throw invalid('value', PREFERENCE_MESSAGES.tooLarge);
      const userId = req.ctx.userId;
      if ((await otherPreferenceCount(exec, userId, key)) >= MAX_PREFERENCES)
        throw invalid('key', PREFERENCE_MESSAGES.tooMany);
      const updatedAt = await savePreference(exec, userId, key, json);
      return { data: { key, value: body.value, updated_at: updatedAt } };
    },
  );

  api.delete(
    '/user_preferences/:key',
    {
      config,
      schema: {
        tags,
        summary: "Elimina una preferenza dell'utente collegato (anche se non c'era)",
        params: PreferenceParams,
        response: { 200: z.object({ data: PreferenceDeleted }), ...ERRORS },
      },
    },
    async (req) => {
      const key = checkKey(req.params.key);
      return { data: { key, deleted: await deletePreference(exec, req.ctx.userId, key) } };
    },
  );
}
