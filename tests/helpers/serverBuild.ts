/**
 * Global set-up of the projects that start the real server as a process (drills, e2e): the
 * server compiled once per run into dist-server/ (scripts/buildServer.ts, a fraction of a
 * second), so every process started by the tests runs the same compiled code `npm start` runs.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { BACKUP_ENTRY, buildServer, NODE_MEMORY_FLAGS, SERVER_ENTRY } from '../../scripts/buildServer';

export { BACKUP_ENTRY, NODE_MEMORY_FLAGS, SERVER_ENTRY };

/**
 * `node` arguments that run a compiled entry (a clear error if the build has not run). With source
 * maps: a test's failure shows the TypeScript's lines; production runs without them (≈ 30 MB of
 * RSS, docs/decisions.md), which changes no behaviour. The heap's sizing flags as in production.
 */
export function compiled(entry: string): string[] {
  if (!existsSync(join(process.cwd(), entry)))
    throw new Error(`${entry} is missing: run \`npx tsx scripts/buildServer.ts\` (the tests' global set-up does)`);
  return ['--enable-source-maps', ...NODE_MEMORY_FLAGS, entry];
}

export default async function setup() {
  await buildServer({ log: () => undefined });
}
