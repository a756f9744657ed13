/**
 * Global set-up of the browser tests: once per run
 * - the app is built if its sources changed since the last build (scripts/buildApp.ts);
 * - one database image is made: the demo data and a studio for each test file that writes
 *   (tests/e2e/studios.ts), on PGlite or — with DATABASE_URL — as a PostgreSQL template;
 * - one server (from a copy of the image) and one Chromium (a playwright-core browser server)
 *   are started per worker. A test file takes the pair of its worker, VITEST_POOL_ID (1…workers;
 *   a worker runs one file at a time), through `inject('e2e')` (tests/e2e/harness.ts) and connects
 *   to the browser; closing its session closes its contexts, not the browser or the server.
 * The teardown stops the servers (SIGTERM, their exit waited for), closes the browsers and removes
 * the copies, the databases and the image.
 */
import type { TestProject } from 'vitest/node';
import { chromium, type BrowserServer } from 'playwright-core';
import { buildApp } from '../../scripts/buildApp';
import { CHROMIUM_ARGS, CHROMIUM_PATH, makeImage, serverFromImage, type E2EImage, type ServerProcess } from './servers';

export interface E2EWorker {
  /** the server's address, http://127.0.0.1:port */
  url: string;
  /** the Chromium's websocket, for chromium.connect() */
  ws: string;
}

export interface E2EContext {
  /** one per worker: index VITEST_POOL_ID - 1 */
  workers: E2EWorker[];
  /** for a file that needs a server of its own (harness.ts ownServer) */
  image: E2EImage;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: E2EContext;
  }
}

export default async function setup(project: TestProject) {
  const started = Date.now();
  const log = (line: string) => console.log(line);
  // the worker count as vitest resolved it (vitest.config.ts: TEST_WORKERS, else 2)
  const count = project.config.maxWorkers || project.vitest.config.maxWorkers || Number(process.env.TEST_WORKERS) || 2;
  const range = Array.from({ length: count }, (_x, i) => i);
  const servers: ServerProcess[] = [];
  const browsers: BrowserServer[] = [];
  let dropImage: (() => Promise<void>) | undefined;
  const teardown = async () => {
    await Promise.allSettled([...browsers.splice(0).map((b) => b.close()), ...servers.splice(0).map((s) => s.stop())]);
    await dropImage?.();
  };
  try {
    // what does not depend on each other at once; every start settled before a failure is
    // reported, so nothing is left running
    const [b, app, made] = await Promise.allSettled([
      Promise.allSettled(
        range.map(() => chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })),
      ),
      buildApp({ quiet: true, log }),
      makeImage(log),
    ]);
    if (made.status === 'fulfilled') dropImage = made.value.drop;
    for (const r of b.status === 'fulfilled' ? b.value : []) if (r.status === 'fulfilled') browsers.push(r.value);
    const failedFirst = [b, app, ...(b.status === 'fulfilled' ? b.value : [])].find((r) => r.status === 'rejected');
    if (made.status === 'rejected') throw made.reason;
    if (failedFirst) throw failedFirst.reason;
    const { image } = made.value;
    const s = await Promise.allSettled(range.map(() => serverFromImage(image)));
    for (const r of s) if (r.status === 'fulfilled') servers.push(r.value);
    const failed = s.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    const workers = range.map((i) => ({ url: servers[i]!.url, ws: browsers[i]!.wsEndpoint() }));
    project.provide('e2e', { workers, image });
    log(
      `e2e: ${count} server${count > 1 ? 's' : ''} and browser${count > 1 ? 's' : ''} ready in ${((Date.now() - started) / 1000).toFixed(1)} s (${workers.map((w) => w.url).join(', ')})`,
    );
  } catch (err) {
    await teardown();
    throw err;
  }
  return teardown;
}
