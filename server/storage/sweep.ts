/**
 * Stored files no attachment names any more (a record deleted forever, a file replaced when its
 * record was saved, an upload whose transaction failed after the write) are removed by a sweep:
 * at start and every few hours. Only files older than `minAgeMs` go, so an upload whose row is
 * about to be committed is never taken.
 */
import type { Exec } from '../records/exec.js';
import { attachmentRows } from '../areas/attachments/queries.js';
import type { Storage, StoredFile } from './index.js';

export async function sweepStorage(
  exec: Exec,
  storage: Storage,
  minAgeMs = 60 * 60 * 1000,
): Promise<{ checked: number; removed: number }> {
  const cutoff = Date.now() - minAgeMs;
  let checked = 0;
  let removed = 0;
  let batch: StoredFile[] = [];
  const flush = async () => {
    if (!batch.length) return;
    const used = await attachmentRows(exec).usedKeys(batch.map((f) => f.key));
    for (const f of batch) {
      if (used.has(f.key)) continue;
      await storage.remove(f.key);
      removed++;
    }
    batch = [];
  };
  for await (const f of storage.list()) {
    checked++;
    if (f.modifiedAt.getTime() > cutoff) continue;
    batch.push(f);
    if (batch.length >= 500) await flush();
  }
  await flush();
  return { checked, removed };
}
