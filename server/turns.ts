/**
 * Turns of the event loop for long loops on the request's thread: the other requests' callbacks run
 * between two slices of the work, so that one studio's large file does not hold the others.
 */
import { performance } from 'node:perf_hooks';

/** A turn of the event loop: what is waiting (other requests, timers, I/O) runs before the caller goes on. */
export const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A pause to call in a long loop: it gives the event loop a turn once `ms` have passed since the
 * last one (slices by time, not by count: a row that costs more makes a slice of fewer rows).
 */
export function timeSlices(ms = 10): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < ms) return;
    await turn();
    since = performance.now();
  };
}
