/**
 * The process's memory limit, said clearly (issue 27 item 4): the V8 heap's limit — set with
 * `node --max-old-space-size` by the systemd unit and the Dockerfile in deploy/ — is logged at
 * start, and a warning is logged each time the heap passes 85 % of it (once, until it falls under
 * 70 % again), before the process would die of it. Whatever supervises the process (systemd's
 * Restart=, Docker's restart policy) brings it back if it does.
 */
import { getHeapStatistics } from 'node:v8';

/**
 * V8's heap sized for a server that must stay small (issue 27 item 2): a young generation of
 * 2 MB semi-spaces (V8's default grows them to 16 MB) and an old generation that grows by 20 %
 * when it fills (V8's default: a factor chosen between 1.1 and 4 by the allocation rate). A
 * 10,000-row customer import peaked at 385–444 MB without them and at 296–332 MB with them, for
 * ≈ 20 % more time in that request (docs/decisions.md). Every way of running the server passes
 * them: `npm start` (package.json), the systemd unit, the Dockerfile, and the tests' servers
 * (tests/unit/deploy.test.ts checks that the files say the same); not the short-lived process
 * that loads a new folder's demo data (server/main.ts), which ends with what it grew.
 */
export const NODE_MEMORY_FLAGS = ['--max-semi-space-size=2', '--heap-growing-percent=20'] as const;

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
