/**
 * The menu's screens fetched ahead (issue 27 item 3, src/lazyPreloadable.ts): a screen preloaded
 * renders at its first use without showing the Suspense fallback; one not preloaded suspends and
 * then renders; a failed download is tried again by the next use.
 */
import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPreloadable } from '../../src/lazyPreloadable';

const Screen = () => <p>Schermata pronta</p>;

describe('lazyPreloadable', () => {
  it('preloaded: the first render shows the screen, never the fallback, and the module is fetched once', async () => {
    const load = vi.fn(async () => ({ default: Screen }));
    const Lazy = lazyPreloadable(load);
    await Lazy.preload();
    await Lazy.preload();
    render(
      <Suspense fallback={<p>Caricamento…</p>}>
        <Lazy />
      </Suspense>,
    );
    // synchronously, in the same render: no fallback in between
    expect(screen.getByText('Schermata pronta')).toBeTruthy();
    expect(screen.queryByText('Caricamento…')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('not preloaded: the fallback first, then the screen', async () => {
    const Lazy = lazyPreloadable(async () => ({ default: Screen }));
    render(
      <Suspense fallback={<p>Caricamento…</p>}>
        <Lazy />
      </Suspense>,
    );
    expect(screen.getByText('Caricamento…')).toBeTruthy();
    expect(await screen.findByText('Schermata pronta')).toBeTruthy();
  });

  it('a failed preload never rejects, and the next one fetches again', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Screen }>>()
      .mockRejectedValueOnce(new Error('rete assente'))
      .mockResolvedValue({ default: Screen });
    const Lazy = lazyPreloadable(load);
    await expect(Lazy.preload()).resolves.toBeUndefined();
    await act(() => Lazy.preload());
    expect(load).toHaveBeenCalledTimes(2);
    render(
      <Suspense fallback={<p>Caricamento…</p>}>
        <Lazy />
      </Suspense>,
    );
    expect(screen.getByText('Schermata pronta')).toBeTruthy();
  });
});
