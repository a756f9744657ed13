/**
 * react-admin's store with each list's saved views and chosen columns kept on the server, per
 * user (issue 16): they follow the user to another computer, and another user on the same browser
 * never sees them (they are held in memory, never in local storage). Every other key stays in
 * local storage as before. Loading and saving (preferencesSync.ts) come with the first session;
 * a failure to save is told by the lists (ListViews.tsx).
 */
import { localStorageStore, memoryStore, type Store } from 'react-admin';
import { dataProvider } from '../dataProvider';
import { getToken, sessionVersion, tokenClaims } from '../authProvider/token';
import type { PreferencesSync } from './preferencesSync';

/** Keys kept on the server: `list.{Model|View}[.of].savedQueries` (saved views) and `….columns`. */
export const isServerKey = (key: string) => /^list\..+\.(savedQueries|columns)$/.test(key);

export interface PreferencesStore extends Store {
  /** the server side: the user's values loaded, changes written through */
  sync: () => Promise<PreferencesSync>;
  /** before a logout: the changes still waiting for their pause are sent now (at most `ms`) */
  flushPending: (ms?: number) => Promise<void>;
}

/** How long a read trusts the last look at the session cookie (a change in this tab is seen at once). */
const READ_CHECK_MS = 1000;

export function preferencesStore(): PreferencesStore {
  const local = localStorageStore();
  const mem = memoryStore();
  mem.setup();
  let token: unknown;
  let loading: Promise<PreferencesSync> | undefined;
  const sync = () =>
    (loading ??= import('./preferencesSync').then((m) =>
      m.preferencesSync({ mem, api: dataProvider, userOf: () => tokenClaims()?.id, isServerKey }),
    ));
  /** a change of session (login, logout, another user): the server side follows it */
  const check = () => {
    const t = getToken();
    if (t !== token && ((token = t), t || loading)) void sync().then((s) => s.session());
  };
  /**
   * The check of a read: at most once per READ_CHECK_MS, unless this tab changed the session
   * since. A table reads the store for each of its rows (react-admin's expanded state), and each
   * check parses document.cookie — most of a list's first paint went there. (Once per task was
   * not enough: on a loaded machine React splits a long render into many tasks.) A session
   * changed in another tab is seen by the reads after the interval; setup, writes and reset
   * always check.
   */
  let checkedAt = -Infinity;
  let checkedVersion = -1;
  const checkOnRead = () => {
    const now = performance.now();
    if (sessionVersion() === checkedVersion && now - checkedAt < READ_CHECK_MS) return;
    checkedAt = now;
    checkedVersion = sessionVersion();
    check();
  };
  const pick = (key: string) => (isServerKey(key) ? mem : local);
  const setItem = (key: string, value: unknown) => {
    check();
    if (!isServerKey(key)) return local.setItem(key, value);
    if (value === undefined) mem.removeItem(key);
    else mem.setItem(key, value);
    void sync().then((s) => s.changed(key, value));
  };
  return {
    setup() {
      local.setup();
      check();
    },
    teardown: local.teardown,
    getItem(key, defaultValue) {
      checkOnRead();
      return pick(key).getItem(key, defaultValue);
    },
    setItem,
    removeItem: (key) => setItem(key, undefined),
    /** forgets the keys here (the server keys stay on the server) */
    removeItems(prefix) {
      local.removeItems(prefix);
      mem.removeItems(prefix);
    },
    /** after a logout: the values are forgotten here, never removed from the server */
    reset() {
      local.reset();
      mem.reset();
      check();
    },
    subscribe: (key, cb) => pick(key).subscribe(key, cb),
    /** the keys in local storage (the server keys are not listed) */
    listItems: local.listItems,
    sync,
    async flushPending(ms = 3000) {
      if (!loading) return;
      let timer: ReturnType<typeof setTimeout> | undefined;
      // after every change already handed over: setItem's `then` on this same promise runs first
      const sent = loading.then((s) => s.flush());
      await Promise.race([
        sent,
        new Promise((r) => {
          timer = setTimeout(r, ms);
        }),
      ]).catch(() => undefined);
      clearTimeout(timer);
    },
  };
}

/** The app's store (App.tsx). */
export const appStore = preferencesStore();
