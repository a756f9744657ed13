/**
 * PDF rendering with pdfmake on worker threads (pdfWorker.mjs): rendering does not hold the event
 * loop, so other requests go on meanwhile, and a selection of many documents uses every core. A
 * small pool sized to the cores (at most 4), started on first use and kept.
 *
 * Each worker renders one document at a time; the documents wait here, in two queues: a document a
 * person is waiting for on its own (a payment notice, a letter, one statement) goes before the
 * documents of a batch (the entries of a zip, the attachments of many e-mails, the reminders' run).
 * Under load a zip of 20 statements then makes its own requester wait, not a colleague's notice
 * (bench/load with 200 users: issue 45 item 27).
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { fromRoot } from '../paths.js';

/** workers of the pool: one per core, at most 4 */
export const PDF_WORKERS = Math.max(1, Math.min(4, availableParallelism()));

interface Job {
  id: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  doc: Record<string, any>;
  resolve: (b: Buffer) => void;
  reject: (e: Error) => void;
}
interface Slot {
  worker: Worker | null;
  /** the document being rendered */
  current: Job | null;
}
const slots: Slot[] = Array.from({ length: PDF_WORKERS }, () => ({ worker: null, current: null }));
/** documents waiting for a worker: one a person waits for, then a batch's */
const waiting = { single: [] as Job[], batch: [] as Job[] };
let next = 0;

/** Documents waiting for a worker and being rendered (for tests and diagnostics). */
export const pdfQueue = () => ({
  single: waiting.single.length,
  batch: waiting.batch.length,
  rendering: slots.filter((s) => s.current).length,
});

function start(slot: Slot): Worker {
  if (slot.worker) return slot.worker;
  const w = new Worker(fromRoot('server', 'render', 'pdfWorker.mjs'));
  w.on('message', (m: { id: number; buffer?: Uint8Array; error?: string }) => {
    const job = slot.current;
    if (!job || job.id !== m.id) return;
    slot.current = null;
    if (m.error !== undefined || !m.buffer) job.reject(new Error(m.error ?? 'PDF non generato'));
    else job.resolve(Buffer.from(m.buffer.buffer, m.buffer.byteOffset, m.buffer.byteLength));
    dispatch();
  });
  const fail = (e: Error) => {
    slot.worker = null;
    const job = slot.current;
    slot.current = null;
    job?.reject(e);
    dispatch();
  };
  w.on('error', fail);
  w.on('exit', (code) => {
    if (code !== 0) fail(new Error(`PDF worker stopped (${code})`));
    else slot.worker = null;
  });
  slot.worker = w;
  return w;
}

/** Gives each idle worker the next document: one a person waits for first. */
function dispatch() {
  for (const slot of slots) {
    if (slot.current) continue;
    const job = waiting.single.shift() ?? waiting.batch.shift();
    if (!job) {
      // idle, it keeps no process alive (a bench, a tool ends when its work is done)
      slot.worker?.unref();
      continue;
    }
    slot.current = job;
    const worker = start(slot);
    // referenced while it has work, so that a script waits for its document
    worker.ref();
    worker.postMessage({
      id: job.id,
      doc: { ...job.doc, defaultStyle: { font: 'Helvetica', fontSize: 9, ...job.doc.defaultStyle } },
    });
  }
}

/** A pdfmake document definition (see `renderPdf`). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type PdfDoc = Record<string, any>;

/**
 * A pdfmake document as plain data (it is copied to the worker: no functions); `pageFooter`
 * is a footer whose text may hold '{page}' and '{pages}'. Images are data URLs.
 * `batch`: one of many documents made together (a zip's entry, the reminders' run), which waits
 * behind the documents a person asked for one at a time.
 */
export function renderPdf(doc: PdfDoc, opts: { batch?: boolean } = {}): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    (opts.batch ? waiting.batch : waiting.single).push({ id: ++next, doc, resolve, reject });
    dispatch();
  });
}
