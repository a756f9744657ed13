/**
 * Compiles the server into dist-server/: `server/main.ts` → main.mjs, the demo data's loader of a
 * new embedded database `server/seed.ts` → seed.mjs (run by main.mjs as a child process) and the
 * backup command `server/areas/backup/cli.ts` → backup.mjs, ES modules bundled by esbuild from the TypeScript
 * sources (server/ and model/) — the code they share and what main.mjs loads with a dynamic import
 * (server/serverParts.ts) in chunks (chunk-<hash>.mjs) — with source maps beside them for the stack traces
 * (`node --enable-source-maps`: the tests' servers; in production NODE_OPTIONS when needed). The packages stay in node_modules (imported, not bundled), so
 * PGlite's WebAssembly and pdfmake's fonts are found where they are installed; the files the
 * server reads beside its code (migrations, the PDF worker, package.json) are found from the
 * project's root (server/paths.ts).
 *
 *   npx tsx scripts/buildServer.ts
 *
 * Why: the server then starts without transpiling anything (tsx loaded and compiled ≈ 300 modules
 * at every start: about 2 CPU-s more a start — every test server, every drill, every restart).
 * esbuild takes a fraction of a second, so it always builds; each file is written beside and
 * renamed into place, so two builds at once (two test runs) leave a whole file either way, and a
 * server already running keeps the code it loaded.
 */
import { mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { makeSchemaImage } from '../server/db/schemaImage';
import { openDatabase } from '../server/db/connection';

/** What is compiled: output name → source. */
const ENTRIES = {
  main: 'server/main.ts',
  seed: 'server/seed.ts',
  backup: 'server/areas/backup/cli.ts',
  // the offload pool's task table, loaded by its worker threads (server/offload/pool.ts)
  offloadTasks: 'server/offloadTasks.ts',
} as const;
const OUT = 'dist-server';
/** How long an earlier build's chunks are kept (a server started from that build may still load one). */
const DAY_MS = 24 * 60 * 60 * 1000;

/** The compiled entry points, for `node <file>`. */
export const SERVER_ENTRY = `${OUT}/main.mjs`;
export const BACKUP_ENTRY = `${OUT}/backup.mjs`;

/** V8's heap sizing flags of every way of running the server (server/memoryWatch.ts). */
export { NODE_MEMORY_FLAGS } from '../server/memoryWatch.js';

export async function buildServer(opts: { root?: string; log?: (line: string) => void } = {}): Promise<{ ms: number }> {
  const root = resolve(opts.root ?? process.cwd());
  const started = Date.now();
  const out = join(root, OUT);
  const tmp = join(out, `.tmp-${process.pid}-${Date.now()}`);
  mkdirSync(tmp, { recursive: true });
  try {
    await build({
      absWorkingDir: root,
      entryPoints: ENTRIES,
      outdir: tmp,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      // the code the entries share, and what main.mjs imports later (server/serverParts.ts), in
      // chunks of their own (chunk-<hash>.mjs)
      splitting: true,
      chunkNames: 'chunk-[hash]',
      target: 'node20',
      packages: 'external',
      sourcemap: 'linked',
      sourcesContent: false,
      logLevel: 'warning',
    });
    // the maps first, then the chunks, the entries last: a file is never there without its map,
    // an entry never without the chunks it imports
    const entries = Object.keys(ENTRIES).map((n) => `${n}.mjs`);
    const files = readdirSync(tmp);
    const rank = (f: string) => (f.endsWith('.map') ? 0 : entries.includes(f) ? 2 : 1);
    for (const f of files.sort((a, b) => rank(a) - rank(b))) renameSync(join(tmp, f), join(out, f));
    // an earlier build's chunks: a server started from it may still import one later, so they
    // stay a day (their names are their content's hash, never reused for other code)
    for (const f of readdirSync(out))
      if (/^chunk-.*\.mjs(\.map)?$/.test(f) && !files.includes(f) && statSync(join(out, f)).mtimeMs < started - DAY_MS)
        rmSync(join(out, f), { force: true });
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  // the migrated schema, for new embedded databases (server/db/schemaImage.ts): made once per
  // change of the migrations
  const imageStarted = Date.now();
  const made = await makeSchemaImage(() => openDatabase({ memory: true, schemaImage: false }));
  const ms = Date.now() - started;
  (opts.log ?? ((line: string) => console.log(line)))(
    `server build: ${OUT}/ in ${ms} ms${made ? ` (the schema image made in ${Date.now() - imageStarted} ms)` : ''}`,
  );
  return { ms };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  buildServer().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
