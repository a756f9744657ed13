/**
 * First-load benchmark: the JavaScript a browser downloads before the login page shows (the
 * entry chunk and the chunks it preloads, gzip), against the size recorded when lazy routes came
 * in (issue 8: ≈370 KB gzip). Target: ≤ 1.1 × that, however many screens later issues add —
 * pages beyond the generic list and form load lazily.
 *
 *   npm run build && npm run bench:bundle
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BASELINE_KB = 370;
const TARGET = 1.1;
const dist = join(import.meta.dirname, '..', 'dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const first = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
const all = readdirSync(join(dist, 'assets'))
  .filter((f) => f.endsWith('.js'))
  .map((f) => `assets/${f}`);
const gz = (f: string) => gzipSync(readFileSync(join(dist, f)), { level: 9 }).length / 1024;
const firstKb = first.reduce((s, f) => s + gz(f), 0);
const lazyKb = all.filter((f) => !first.includes(f)).reduce((s, f) => s + gz(f), 0);
const ratio = firstKb / BASELINE_KB;
console.log(
  `first load: ${first.length} file(s), ${firstKb.toFixed(1)} KB gzip; lazy chunks: ${all.length - first.length}, ${lazyKb.toFixed(1)} KB gzip`,
);
console.log(`ratio to the ${BASELINE_KB} KB baseline: ${ratio.toFixed(3)} (target ≤ ${TARGET})`);
if (ratio > TARGET) {
  console.error('first load over its target');
  process.exit(1);
}
