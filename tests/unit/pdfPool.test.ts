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
