import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BUILD_ID = `${Date.now().toString(36)}`;

/** Writes dist/build.json so the server can tell the app a new build is served. */
const buildInfo = (): Plugin => ({
  name: 'build-info',
  apply: 'build',
  writeBundle(options) {
    writeFileSync(join(options.dir ?? 'dist', 'build.json'), JSON.stringify({ id: BUILD_ID }));
  },
});

export default defineConfig({
  plugins: [react(), buildInfo()],
  define: { __BUILD_ID__: JSON.stringify(BUILD_ID) },
  // the native Object.entries in place of node-polyglot's polyfill (src/shims/objectEntries.cjs)
  resolve: { alias: { 'object.entries': fileURLToPath(new URL('./src/shims/objectEntries.cjs', import.meta.url)) } },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 3000,
    // Every module the first load needs (Rolldown's `$initial` tag: reached by static imports from
    // the entry) in one chunk: 373 KB gzip in one file, where the automatic splitting made 40 files
    // and 403 KB (each shared set of modules a chunk of its own, each compressed apart). The lazy
    // screens import what they share with it from that chunk.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } } },
  },
});
