/**
 * PDF rendering with pdfmake on worker threads (pdfWorker.mjs): rendering does not hold the event
 * loop, so other requests go on meanwhile, and a selection of many documents uses every core. A
 * small pool sized to the cores (at most 4), started on first use and kept; each job goes to the
 * worker with the fewest jobs waiting.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { fromRoot } from '../paths.js';

/** workers of the pool: one per core, at most 4 */
export const PDF_WORKERS = Math.max(1, Math.min(4, availableParallelism()));

interface Slot {
  worker: Worker | null;
  pending: Map<number, { resolve: (b: Buffer) => void; reject: (e: Error) => void }>;
}
const slots: Slot[] = Array.from({ length: PDF_WORKERS }, () => ({ worker: null, pending: new Map() }));
let next = 0;

function start(slot: Slot): Worker {
  if (slot.worker) return slot.worker;
  const w = new Worker(fromRoot('server', 'render', 'pdfWorker.mjs'));
  w.on('message', (m: { id: number; buffer?: Uint8Array; error?: string }) => {
    const job = slot.pending.get(m.id);
    if (!job) return;
    slot.pending.delete(m.id);
    if (slot.pending.size === 0) w.unref();
    if (m.error !== undefined || !m.buffer) job.reject(new Error(m.error ?? 'PDF non generato'));
    else job.resolve(Buffer.from(m.buffer.buffer, m.buffer.byteOffset, m.buffer.byteLength));
  });
  const fail = (e: Error) => {
    slot.worker = null;
    for (const [id, job] of slot.pending) {
      slot.pending.delete(id);
      job.reject(e);
    }
  };
  w.on('error', fail);
  w.on('exit', (code) => {
    if (code !== 0) fail(new Error(`PDF worker stopped (${code})`));
    else slot.worker = null;
  });
  slot.worker = w;
  return w;
}

/**
 * A pdfmake document as plain data (it is copied to the worker: no functions); `pageFooter`
 * is a footer whose text may hold '{page}' and '{pages}'. Images are data URLs.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function renderPdf(doc: Record<string, any>): Promise<Buffer> {
  const id = ++next;
  const slot = slots.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
  return new Promise<Buffer>((resolve, reject) => {
    slot.pending.set(id, { resolve, reject });
    const worker = start(slot);
    // referenced while it has work, so that a script waits for its document; idle, it keeps no
    // process alive (a bench, a tool ends when its work is done)
    worker.ref();
    worker.postMessage({
      id,
      doc: { ...doc, defaultStyle: { font: 'Helvetica', fontSize: 9, ...doc.defaultStyle } },
    });
  });
}
