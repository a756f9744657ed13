/**
 * The requests and answers of the logged user's preferences (server/areas/preferences; issue 16
 * item 2): one source for the server's schemas and the app's types (imported as types only by the app).
 */
import { z } from 'zod';

/** Every preference of the user, by key. */
export const Preferences = z.record(z.string(), z.json());
export type Preferences = z.infer<typeof Preferences>;

/** A preference in the address: its key (checked by the route: letters, digits and `_ . : -`). */
export const PreferenceParams = z.object({
  key: z.string().describe('chiave della preferenza, es. list.Customer.savedQueries'),
});

/** PUT /api/user_preferences/:key: the value (required, checked by the route). */
export const PreferenceInput = z.looseObject({ value: z.json().optional().describe('valore JSON (al massimo 64 KB)') });
export type PreferenceInput = z.infer<typeof PreferenceInput>;

/** PUT's answer: the preference as kept. */
export const PreferenceSaved = z.object({ key: z.string(), value: z.json(), updated_at: z.string() });
export type PreferenceSaved = z.infer<typeof PreferenceSaved>;

/** DELETE's answer: whether there was one. */
export const PreferenceDeleted = z.object({ key: z.string(), deleted: z.boolean() });
export type PreferenceDeleted = z.infer<typeof PreferenceDeleted>;
