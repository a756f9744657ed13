/**
 * Issue 27 item 4: the deployment files' own commands, run here as their supervisor would — the
 * systemd unit's ExecStart with its Environment= lines, the Dockerfile's CMD with its ENV — each
 * answered by the Dockerfile's HEALTHCHECK command, logging its heap limit, and stopped by SIGTERM
 * within the unit's TimeoutStopSec with exit code 0 (so that `Restart=always` is the only thing that
 * restarts it after a crash, not a failed stop). PGlite in a folder of the test's; no demo data, as
 * the files say. (systemd and Docker themselves are not on the CI machine: tests/unit/deploy.test.ts
 * checks the rest of the files.)
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { login, spawnServer, type ServerProcess } from '../helpers/serverProcess.js';
import {
  dockerEnv,
  dockerfile,
  execForm,
  healthCheck,
  systemdService,
  unitEnvironment,
} from '../helpers/deployFiles.js';

const folders: string[] = [];
const running: ServerProcess[] = [];
afterAll(async () => {
  for (const s of running) await s.stop();
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});

/** The Dockerfile's HEALTHCHECK command against PORT: its exit code. */
const healthy = (port: string) =>
  new Promise<number | null>((resolve) => {
    const [bin, ...args] = healthCheck();
    const p = spawn(bin === 'node' ? process.execPath : bin!, args, {
      env: { ...process.env, PORT: port },
      stdio: 'ignore',
    });
    p.on('exit', resolve);
  });

async function runAsSupervised(command: string[], env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'gs-supervised-'));
  folders.push(dataDir);
  // the folder and the port are the machine's; everything else as the file says
  const s = spawnServer({ ...env, DATA_DIR: dataDir, PAYMENT_SANDBOX: undefined }, command);
  running.push(s);
  const port = new URL(s.url).port;
  await expect.poll(() => healthy(port), { timeout: 90_000, interval: 250 }).toBe(0);
  // the heap limit said at start, the one the command set
  const limit = /"heapLimitMb":(\d+)[^\n]*memory: heap limit/.exec(s.output());
  expect(limit, s.output()).not.toBeNull();
  const setMb = Number(/--max-old-space-size=(\d+)/.exec(command.join(' '))![1]);
  expect(Number(limit![1])).toBeGreaterThanOrEqual(setMb);
  expect(Number(limit![1])).toBeLessThan(setMb + 200);
  // no demo studios: nobody can log in with the demo's password
  const demo = await login(s.url);
  expect(demo.status).toBe(401);
  return s;
}

describe('the deployment files, run as written', () => {
  it('the systemd unit: ExecStart answers the health check, says its heap limit, stops cleanly on SIGTERM', async () => {
    const unit = systemdService();
    const command = unit.get('ExecStart')![0]!.split(/\s+/);
    // the unit's node is /usr/bin/node; where this machine's is elsewhere, the same version runs the tests
    command[0] = process.execPath;
    const s = await runAsSupervised(command, unitEnvironment(unit));
    const started = Date.now();
    expect(await s.stop()).toBe(0);
    expect(Date.now() - started).toBeLessThan(Number(unit.get('TimeoutStopSec')![0]) * 1000);
  });

  it("the Dockerfile: CMD with its ENV answers its HEALTHCHECK and stops cleanly on SIGTERM (docker stop's signal)", async () => {
    const cmd = execForm(dockerfile().find(([i]) => i === 'CMD')![1]);
    cmd[0] = process.execPath;
    const s = await runAsSupervised(cmd, dockerEnv());
    expect(await s.stop()).toBe(0);
    // a stopped server fails the health check: the supervisor sees it
    expect(await healthy(new URL(s.url).port)).not.toBe(0);
  });
});
