/**
 * Issue 9 #8: one process per embedded database. Two real servers on one DATA_DIR (PGlite only:
 * DATABASE_URL is not given to them), in the drills project, once per CI run.
 *
 * The lock of a process that died is taken over once it goes stale: 10 s in production, 4 s here
 * (DATA_DIR_LOCK_STALE_MS, server/db/dataDirLock.ts; its time is kept fresh every 2 s, so a
 * running server's lock never looks stale to the second one even on a loaded machine). Most of
 * the rest is the servers' start: about 12 s for the first on an empty DATA_DIR (migrations and
 * demo data on PGlite), 4–5 s for each later one, on this 2-core machine.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { login, spawnServer, STARTED, type ServerProcess } from '../helpers/serverProcess.js';

const dataDir = mkdtempSync(join(tmpdir(), 'gs-lock-'));
const started: ServerProcess[] = [];
const server = () => {
  const s = spawnServer({ DATA_DIR: dataDir, DEMO_DATA: 'true', DATA_DIR_LOCK_STALE_MS: '4000' });
  started.push(s);
  return s;
};
// each test's servers end with it (a test that failed half-way must not leave the next one a running holder)
afterEach(async () => {
  for (const s of started.splice(0)) await s.stop();
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('9.8 one process per embedded database', () => {
  it('9.8 lock: a second server on the same DATA_DIR refuses to start, naming the directory and the pid; after the first stops a new one starts', async () => {
    const first = server();
    await first.waitFor(STARTED, 90_000);
    expect((await login(first.url)).status).toBe(200);

    const second = server();
    const code = await second.exitedWithin(30_000);
    expect(code, second.output()).not.toBe('still running');
    expect(code).not.toBe(0);
    expect(second.output()).toContain(dataDir);
    expect(second.output()).toContain(`pid ${first.child.pid}`);
    expect(second.output()).not.toMatch(STARTED);
    // the first one is untouched
    expect(first.alive()).toBe(true);
    expect((await login(first.url)).status).toBe(200);

    expect(await first.stop()).toBe(0);
    const third = server();
    await third.waitFor(STARTED, 90_000);
    expect((await login(third.url)).status).toBe(200);
    expect(await third.stop()).toBe(0);
  }, 180_000);

  it('9.8 lock: the lock of a server that was killed (no clean stop) is taken over', async () => {
    const killed = server();
    await killed.waitFor(STARTED, 90_000);
    killed.child.kill('SIGKILL');
    await killed.exited;
    // A loaded machine may start the next server later than the lock takes to go stale: it would
    // then take the lock at once, without naming whose it was. The lock is kept as fresh as its
    // holder left it (its time touched, as the holder did) until the next server has found it.
    const touch = () => {
      try {
        const now = new Date();
        utimesSync(join(dataDir, 'pglite.lock'), now, now);
      } catch {
        /* gone */
      }
    };
    touch();
    const fresh = setInterval(touch, 250);
    const next = server();
    try {
      await next.waitFor(/is locked by pid \d+, which is no longer running: waiting/, 90_000);
    } finally {
      clearInterval(fresh);
    }
    await next.waitFor(STARTED, 90_000);
    expect(next.output()).toContain(`pid ${killed.child.pid}`);
    expect((await login(next.url)).status).toBe(200);
  }, 180_000);
});
