/**
 * The server side of the app's store (preferencesStore.tsx), loaded with the first session: the
 * logged user's saved views and columns are loaded into the store's memory, changes are written
 * through (debounced, one key after the other, the rest when the page is closed), a failure is told
 * in Italian (to the list shown, else to the next one). A change of user forgets the values and
 * the unsent changes and loads the new user's. It imports nothing but types: what it needs comes
 * from the store.
 */
import type { HttpError, Store } from 'react-admin';

export type PreferencesStatus = 'anonymous' | 'loading' | 'ready' | 'error';

export interface PreferencesSync {
  /** follows the session: another user (or none) starts from his own values, unsent changes are dropped */
  session: () => void;
  /** a value set by the app (undefined: removed), sent after a pause */
  changed: (key: string, value: unknown) => void;
  /** sends the pending changes now (`keepalive`: the page is closing); true when all were saved */
  flush: (keepalive?: boolean) => Promise<boolean>;
  /** loads the user's values again (after a failure) */
  load: () => void;
  status: () => PreferencesStatus;
  /** status changes */
  listen: (cb: () => void) => () => void;
  /** save failures, with their Italian message (one nobody heard is told to the next listener) */
  onError: (cb: (message: string) => void) => () => void;
}

export interface SyncDeps {
  /** the store's memory of the server keys */
  mem: Store;
  api: {
    userPreferences: () => Promise<Record<string, unknown>>;
    saveUserPreference: (key: string, value: unknown, keepalive?: boolean) => Promise<void>;
  };
  /** the logged user's id (none without a session) */
  userOf: () => unknown;
  isServerKey: (key: string) => boolean;
  debounceMs?: number;
}

export function preferencesSync({ mem, api, userOf, isServerKey, debounceMs = 400 }: SyncDeps): PreferencesSync {
  /** changes not sent yet (undefined: a removal) */
  const pending = new Map<string, unknown>();
  const listeners = new Set<() => void>();
  const errorListeners = new Set<(message: string) => void>();
  let state: PreferencesStatus = 'anonymous';
  let user: unknown;
  /** bumped with every change of user: answers meant for the previous one are dropped */
  let generation = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let chain: Promise<boolean> = Promise.resolve(true);

  /** a failure nobody heard of (no list shown): told to the next one listening */
  let unheard: string | undefined;
  const fail = (message: string) => {
    if (!errorListeners.size) unheard = message;
    errorListeners.forEach((l) => l(message));
  };
  const setState = (s: PreferencesStatus) => {
    state = s;
    listeners.forEach((l) => l());
  };
  const schedule = () => {
    clearTimeout(timer);
    if (state === 'ready' && pending.size) timer = setTimeout(() => void flush(), debounceMs);
  };
  const load = () => {
    const mine = ++generation;
    setState('loading');
    api.userPreferences().then(
      (data) => {
        if (mine !== generation) return;
        for (const [k, v] of Object.entries(data)) if (isServerKey(k) && !pending.has(k)) mem.setItem(k, v);
        setState('ready');
        schedule();
      },
      () => {
        if (mine === generation) setState('error');
      },
    );
  };
  const session = () => {
    const id = userOf() ?? null;
    if (id === user) return;
    user = id;
    generation++;
    pending.clear();
    mem.reset();
    if (id === null) setState('anonymous');
    else load();
  };
  const flush = (keepalive = false) =>
    (chain = chain.then(async () => {
      clearTimeout(timer);
      // never another user's changes with this user's session
      session();
      if (state !== 'ready') return false;
      const mine = generation;
      const batch = [...pending];
      pending.clear();
      let ok = true;
      for (const [k, v] of batch) {
        try {
          await api.saveUserPreference(k, v, keepalive);
        } catch (e) {
          ok = false;
          const { body, message } = e as HttpError;
          if (mine === generation)
            fail(
              `Impossibile salvare le viste sul server: ${Object.values((body as { errors?: object } | undefined)?.errors ?? {}).join(' ') || message}`,
            );
        }
      }
      return ok;
    }));
  addEventListener('pagehide', () => void flush(true));

  return {
    session,
    changed(key, value) {
      pending.set(key, value);
      schedule();
    },
    flush,
    load,
    status: () => state,
    listen(cb) {
      listeners.add(cb);
      return () => {
        listeners.delete(cb);
      };
    },
    onError(cb) {
      errorListeners.add(cb);
      if (unheard) cb(unheard);
      unheard = undefined;
      return () => {
        errorListeners.delete(cb);
      };
    },
  };
}
