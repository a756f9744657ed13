import { describe, it, expect } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const pool = fileURLToPath(new URL('../../server/render/pdf.ts', import.meta.url));

describe('PDF worker pool', () => {
  it('a script waits for its documents, then ends: the idle pool keeps no process alive', () => {
    // a process of its own: the pool is module state, and only a process's end shows a held worker
    const dir = mkdtempSync(join(tmpdir(), 'pdfpool-'));
    try {
      const script = join(dir, 'render.mts');
      writeFileSync(
        script,
        `const { renderPdf } = await import(${JSON.stringify(pool)});
        const pdfs = await Promise.all([renderPdf({ content: ['uno'] }), renderPdf({ content: ['due'] })]);
        console.log(pdfs.map((b) => b.subarray(0, 5).toString('latin1')).join(' '));`,
      );
      const run = spawnSync(process.execPath, ['--import', 'tsx', script], {
        cwd: fileURLToPath(new URL('../..', import.meta.url)),
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(run.error, 'the process did not end once its documents were made').toBeUndefined();
      expect(run.stdout.trim(), run.stderr).toBe('%PDF- %PDF-');
      expect(run.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('PDF queue', () => {
  it('a document asked on its own goes before the documents of a batch already waiting', async () => {
    const { renderPdf, pdfQueue, PDF_WORKERS } = await import('../../server/render/pdf.js');
    const page = (text: string) => ({ content: Array.from({ length: 40 }, (_, i) => `${text} ${i}`) });
    const done: string[] = [];
    const batch = Array.from({ length: 6 * PDF_WORKERS }, (_, i) =>
      renderPdf(page(`zip ${i}`), { batch: true }).then(() => done.push(`zip ${i}`)),
    );
    // every worker busy with a batch document, the rest of the batch waiting
    expect(pdfQueue()).toEqual({ single: 0, batch: 5 * PDF_WORKERS, rendering: PDF_WORKERS });
    const single = renderPdf({ content: ['Avviso di pagamento'] }).then((b) => {
      done.push('single');
      return b;
    });
    expect(pdfQueue().single).toBe(1);
    expect((await single).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await Promise.all(batch);
    // it waited at most for the documents being rendered when it came, and those the other workers took meanwhile
    expect(done.indexOf('single')).toBeLessThanOrEqual(2 * PDF_WORKERS);
    expect(done).toHaveLength(6 * PDF_WORKERS + 1);
    expect(pdfQueue()).toEqual({ single: 0, batch: 0, rendering: 0 });
  });
});
