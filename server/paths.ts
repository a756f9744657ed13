/**
 * Files the server reads beside its code (the migrations, the PDF worker, package.json), found
 * from the project's root: the same whether the server runs from its sources (tsx) or as the
 * compiled bundle in dist-server/ (scripts/buildServer.ts), whose own location differs.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'server'))) return dir;
    if (dirname(dir) === dir) throw new Error(`project root not found above ${from}`);
  }
}

/** The folder of package.json, server/ and dist-server/. */
export const PROJECT_ROOT = findRoot(dirname(fileURLToPath(import.meta.url)));

/** A path under the project's root, e.g. `fromRoot('server', 'db', 'migrations')`. */
export const fromRoot = (...parts: string[]): string => join(PROJECT_ROOT, ...parts);
