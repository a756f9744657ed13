import { describe, it, expect } from 'vitest';
import { LazyWorker } from '../../server/jobs/queue';

class Lazy extends LazyWorker<{ n: number }> {
  constructor(start?: () => Promise<{ n: number }>) {
    super();
    if (start) this.startWith(start);
  }
}

describe('LazyWorker (the SdI and reminders hand-offs)', () => {
  it('without a way to start, no worker', async () => {
    expect(await new Lazy().ensure()).toBeNull();
  });

  it('callers at once share one start; later callers get the same worker', async () => {
    let starts = 0;
    const lazy = new Lazy(async () => ({ n: ++starts }));
    const [a, b, c] = await Promise.all([lazy.ensure(), lazy.ensure(), lazy.ensure()]);
    expect(starts).toBe(1);
    expect([a, b, c]).toEqual([{ n: 1 }, { n: 1 }, { n: 1 }]);
    expect(await lazy.ensure()).toBe(a);
    expect(lazy.worker).toBe(a);
  });

  it('a start that fails gives null, and is tried again at the next need', async () => {
    let starts = 0;
    const lazy = new Lazy(async () => {
      if (++starts === 1) throw new Error('database away');
      return { n: starts };
    });
    expect(await lazy.ensure()).toBeNull();
    expect(lazy.worker).toBeNull();
    expect(await lazy.ensure()).toEqual({ n: 2 });
    expect(starts).toBe(2);
  });

  it('a worker attached from outside is used without starting one, and detached again', async () => {
    let starts = 0;
    const lazy = new Lazy(async () => ({ n: ++starts }));
    const outside = { n: 99 };
    lazy.attach(outside);
    expect(await lazy.ensure()).toBe(outside);
    expect(starts).toBe(0);
    lazy.attach(null);
    expect(await lazy.ensure()).toEqual({ n: 1 });
  });
});
