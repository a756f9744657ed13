/**
 * `npm run build`: the app into dist/ when its sources changed (scripts/buildApp.ts) and the
 * server into dist-server/ (scripts/buildServer.ts), at once.
 */
import { buildApp } from './buildApp';
import { buildServer } from './buildServer';

const force = process.argv.includes('--force');
Promise.all([buildApp({ force }), buildServer()]).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
