/**
 * `React.lazy` for code that may be fetched before it is shown (`preload()`), e.g. the screens of
 * the menu's entries once the menu is shown (src/lazyScreens.ts).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type LazyPreloadable<T extends ComponentType<any> = ComponentType<any>> = LazyExoticComponent<T> & {
  /** fetches and runs the module now (once; again after a failure); never rejects */
  preload(): Promise<void>;
};

/**
 * A lazy component whose module may be loaded ahead. Once it is loaded, the component renders at
 * its first use without suspending: `React.lazy` alone suspends at the first render whatever the
 * module's state (the `import()` of a module already there resolves a microtask later), and React
 * then keeps the Suspense fallback on screen for at least 300 ms (its throttling of Suspense
 * reveals) — longer than a list's data takes to come.
 */
export function lazyPreloadable<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): LazyPreloadable<T> {
  let loaded: { default: T } | undefined;
  let loading: Promise<{ default: T }> | undefined;
  const get = () =>
    (loading ??= load().then(
      (m) => (loaded = m),
      (err: unknown) => {
        // a failed download (the network, a new build) is tried again by the next call
        loading = undefined;
        throw err;
      },
    ));
  const Component = lazy(() => {
    if (!loaded) return get();
    const module = loaded;
    // a module already loaded is handed over by a thenable that calls back at once: React.lazy
    // then takes it in the same render (a promise would call back a microtask later)
    // oxlint-disable-next-line unicorn/no-thenable
    return { then: (resolve: (m: { default: T }) => void) => resolve(module) } as Promise<{ default: T }>;
  });
  return Object.assign(Component, {
    preload: () =>
      get().then(
        () => undefined,
        () => undefined,
      ),
  });
}

/** Runs `fn` once the browser is idle (at the latest after `timeout` ms); answers the cancel. */
export function onIdle(fn: () => void, timeout = 3000): () => void {
  // jsdom (the UI tests) has no requestIdleCallback
  if (typeof window.requestIdleCallback !== 'function') {
    const t = setTimeout(fn, 1000);
    return () => clearTimeout(t);
  }
  const id = window.requestIdleCallback(fn, { timeout });
  return () => window.cancelIdleCallback(id);
}
