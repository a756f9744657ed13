/**
 * Issue 9 #8: one process per embedded database. Two real servers on one DATA_DIR (PGlite, in
 * both CI passes: DATABASE_URL is not given to them).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { login, spawnServer, STARTED, type ServerProcess } from '../helpers/serverProcess.js';

const dataDir = mkdtempSync(join(tmpdir(), 'gs-lock-'));
const started: ServerProcess[] = [];
const server = () => { const s = spawnServer({ DATA_DIR: dataDir, DEMO_DATA: 'true' }); started.push(s); return s; };
afterAll(async () => {
  for (const s of started) await s.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('9.8 one process per embedded database', () => {
  it('9.8 lock: a second server on the same DATA_DIR refuses to start, naming the directory and the pid; after the first stops a new one starts', async () => {
    const first = server();
    await first.waitFor(STARTED, 90_000);
    expect((await login(first.url)).status).toBe(200);

    const second = server();
    const code = await Promise.race([second.exited, new Promise((r) => setTimeout(() => r('still running'), 30_000))]);
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
    const next = server();
    await next.waitFor(STARTED, 90_000);
    expect(next.output()).toContain(`pid ${killed.child.pid}`);
    expect((await login(next.url)).status).toBe(200);
  }, 180_000);
});
