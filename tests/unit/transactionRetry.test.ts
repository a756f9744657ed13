/** A transaction PostgreSQL ends as a deadlock's victim runs again (server/records/exec.ts, issue 45 item 24). */
import { describe, expect, it } from 'vitest';
import { inTransaction, TRANSACTION_TRIES } from '../../server/records/exec.js';
import type { Database } from '../../server/db/connection.js';

/** A database whose first `failures` transactions fail with `code`. */
function flaky(failures: number, code: string) {
  let calls = 0;
  const d = {
    db: {
      transaction: async (fn: (tx: unknown) => Promise<unknown>) => {
        calls++;
        if (calls <= failures) throw Object.assign(new Error('conflict'), { code });
        return fn({ execute: async () => ({ rows: [] }) });
      },
    },
  } as unknown as Database;
  return { d, calls: () => calls };
}

describe('inTransaction', () => {
  it('a deadlock (40P01) or a serialization failure (40001) runs the transaction again, and its answer is returned', async () => {
    for (const code of ['40P01', '40001']) {
      const f = flaky(2, code);
      expect(await inTransaction(f.d, async () => 'fatto')).toBe('fatto');
      expect(f.calls()).toBe(3);
    }
  });

  it('gives up after TRANSACTION_TRIES conflicts, and never retries another error', async () => {
    const always = flaky(100, '40P01');
    await expect(inTransaction(always.d, async () => 'mai')).rejects.toMatchObject({ code: '40P01' });
    expect(always.calls()).toBe(TRANSACTION_TRIES);
    const unique = flaky(1, '23505');
    await expect(inTransaction(unique.d, async () => 'mai')).rejects.toMatchObject({ code: '23505' });
    expect(unique.calls()).toBe(1);
  });
});
