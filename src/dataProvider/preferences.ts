/**
 * The logged user's preferences on the server (src/list/preferencesStore.ts).
 */
import { apiFetch } from '../api/client';
import { wrap } from './common';
import type { Preferences } from '../../model/api/preferences';

export const preferenceCalls = {
  /** Every preference of the logged user (saved views and columns of the lists), by key. */
  async userPreferences() {
    return (await wrap(apiFetch<{ data: Preferences }>('/api/user_preferences'))).data;
  },
  /** Saves one preference, or removes it (`value` undefined); `keepalive`: the call outlives the page. */
  async saveUserPreference(key: string, value: unknown, keepalive = false) {
    await wrap(
      apiFetch(
        `/api/user_preferences/${encodeURIComponent(key)}`,
        value === undefined ? { method: 'DELETE', keepalive } : { method: 'PUT', json: { value }, keepalive },
      ),
    );
  },
};
