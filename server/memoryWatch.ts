/**
 * The process's memory limit, said clearly (issue 27 item 4): the V8 heap's limit — set with
 * `node --max-old-space-size` by the systemd unit and the Dockerfile in deploy/ — is logged at
 * start, and a warning is logged each time the heap passes 85 % of it (once, until it falls under
 * 70 % again), before the process would die of it. Whatever supervises the process (systemd's
 * Restart=, Docker's restart policy) brings it back if it does.
 */
import { getHeapStatistics } from 'node:v8';

export const HIGH = 0.85;
export const BACK = 0.7;
const MB = 1024 * 1024;

export interface MemoryLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/** One look at the heap: answers whether it is high now (for the next look). */
export function lookAtHeap(
  log: MemoryLog,
  wasHigh: boolean,
  stats: { used_heap_size: number; heap_size_limit: number } = getHeapStatistics(),
): boolean {
  const share = stats.used_heap_size / stats.heap_size_limit;
  if (!wasHigh && share >= HIGH) {
    log.warn(
      { heapUsedMb: Math.round(stats.used_heap_size / MB), heapLimitMb: Math.round(stats.heap_size_limit / MB) },
      `memory: the heap is at ${Math.floor(share * 100)} % of its limit (node --max-old-space-size); past it the process stops and its supervisor restarts it`,
    );
    return true;
  }
  if (wasHigh && share < BACK) {
    log.info({ heapUsedMb: Math.round(stats.used_heap_size / MB) }, 'memory: the heap is back under 70 % of its limit');
    return false;
  }
  return wasHigh;
}

/** Logs the limit now, then looks at the heap every `everyMs` (the timer does not keep the process alive). */
export function watchMemory(log: MemoryLog, everyMs = 10_000): () => void {
  log.info(
    { heapLimitMb: Math.round(getHeapStatistics().heap_size_limit / MB) },
    'memory: heap limit (node --max-old-space-size)',
  );
  let high = false;
  const timer = setInterval(() => (high = lookAtHeap(log, high)), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
