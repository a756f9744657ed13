/**
 * PDF rendering with pdfmake on a worker thread (pdfWorker.mjs): a large document does not hold
 * the event loop, so other requests go on while it renders. One worker, started on first use
 * and kept; jobs queue on it in order.
 */
import { Worker } from 'node:worker_threads';

let worker: Worker | null = null;
let next = 0;
const pending = new Map<number, { resolve: (b: Buffer) => void; reject: (e: Error) => void }>();

function pdfWorker(): Worker {
  if (worker) return worker;
  const w = new Worker(new URL('./pdfWorker.mjs', import.meta.url));
  w.unref();
  w.on('message', (m: { id: number; buffer?: Uint8Array; error?: string }) => {
    const job = pending.get(m.id);
    if (!job) return;
    pending.delete(m.id);
    if (m.error !== undefined || !m.buffer) job.reject(new Error(m.error ?? 'PDF non generato'));
    else job.resolve(Buffer.from(m.buffer.buffer, m.buffer.byteOffset, m.buffer.byteLength));
  });
  const fail = (e: Error) => {
    worker = null;
    for (const [id, job] of pending) { pending.delete(id); job.reject(e); }
  };
  w.on('error', fail);
  w.on('exit', (code) => { if (code !== 0) fail(new Error(`PDF worker stopped (${code})`)); else worker = null; });
  worker = w;
  return w;
}

/**
 * A pdfmake document as plain data (it is copied to the worker: no functions); `pageFooter`
 * is a footer whose text may hold '{page}' and '{pages}'.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function renderPdf(doc: Record<string, any>): Promise<Buffer> {
  const id = ++next;
  return new Promise<Buffer>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    pdfWorker().postMessage({ id, doc: { ...doc, defaultStyle: { font: 'Helvetica', fontSize: 9, ...doc.defaultStyle } } });
  });
}
