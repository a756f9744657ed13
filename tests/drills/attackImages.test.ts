/**
 * Issue 25 item 2, the memory of the attack: the real server (server/main.ts as a child process,
 * on a PostgreSQL database of its own, as the fault drills: the process's memory is then the
 * server's alone, not the embedded database's) is sent the 249 KB PNG of an 8000 × 8000 transparent square
 * as the studio's logo, then the largest logo it accepts, and asked for a statement PDF and a
 * zip of statements after each. Before images were decoded at upload one PDF took +1 GB; the
 * server's peak resident memory during the attack (VmHWM in /proc/<pid>/status, PDF worker
 * threads included, its mark reset once the server has started) must stay under 600 MB. Checked
 * after each step, so a regression stops at the first PDF.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ownPostgres, spawnServer, STARTED, type ServerProcess } from '../helpers/serverProcess.js';
import { dataUrl, zeroPng } from '../helpers/attackImages.js';
import { DEMO_PASSWORD } from '../../server/db/demo.js';

const LIMIT_MB = 600;
const dataDir = mkdtempSync(join(tmpdir(), 'gs-images-'));
let server: ServerProcess | undefined;
let db: Awaited<ReturnType<typeof ownPostgres>> | undefined;
afterAll(async () => {
  if (server) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  await db?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const nowMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
/** the process's peak resident memory so far, in MB */
const peakMb = (pid: number) =>
  Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

describe('25.2 a big logo costs the server little memory', () => {
  it("C40 C29 drill: an 8000 × 8000 logo, then the largest accepted one, a statement PDF and a zip of statements after each: the server's peak RSS stays under 600 MB", async () => {
    db = await ownPostgres('images');
    server = spawnServer({ DATA_DIR: dataDir, DATABASE_URL: db.url, DEMO_DATA: 'true' });
    await server.waitFor(STARTED, 90_000);
    const pid = server.child.pid!;
    const startMb = Math.round(peakMb(pid));
    // the peak from here on: the attack's, not the start's (migrations, demo data)
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    const base = server.url;
    const login = (await (
      await fetch(`${base}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@studiodemo.test', password: DEMO_PASSWORD }),
      })
    ).json()) as { access_token: string; studio_id: number };
    const headers = { authorization: `Bearer ${login.access_token}` };
    const get = (path: string) => fetch(`${base}${path}`, { headers });
    const customers = (
      (await (await get('/api/list/Customer/CustomerResourceListCollection?items_per_page=4')).json()) as {
        data: Array<{ id: number }>;
      }
    ).data.map((c) => c.id);
    expect(customers.length).toBe(4);
    const setLogo = async (png: Buffer) => {
      const card = ((await (await get(`/api/studios/${login.studio_id}`)).json()) as { data: { updated_at: string } })
        .data;
      return fetch(`${base}/api/studios/${login.studio_id}`, {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ logo: dataUrl('png', png), updated_at: card.updated_at }),
      });
    };
    const documents = async (step: string) => {
      const one = await get(`/api/account_balance_pdf?customer_ids=${encodeURIComponent(`[${customers[0]}]`)}`);
      expect(one.status, step).toBe(200);
      expect((await one.arrayBuffer()).byteLength).toBeGreaterThan(0);
      expect(peakMb(pid), `${step}: one statement`).toBeLessThan(LIMIT_MB);
      const zip = await get(`/api/account_balance_pdf?customer_ids=${encodeURIComponent(JSON.stringify(customers))}`);
      expect(zip.status, step).toBe(200);
      expect(zip.headers.get('content-type')).toContain('application/zip');
      expect((await zip.arrayBuffer()).byteLength).toBeGreaterThan(0);
      expect(peakMb(pid), `${step}: a zip of ${customers.length} statements`).toBeLessThan(LIMIT_MB);
    };

    // refused (this server's rule: too many pixels) or stored scaled: either way cheap from here on
    const attack = await setLogo(zeroPng(8000, 8000));
    expect([200, 422]).toContain(attack.status);
    expect(peakMb(pid), 'the 8000 × 8000 upload').toBeLessThan(LIMIT_MB);
    await documents('after the 8000 × 8000 logo');

    const largest = await setLogo(zeroPng(5000, 5000));
    expect(largest.status).toBe(200);
    expect(peakMb(pid), 'the 5000 × 5000 upload').toBeLessThan(LIMIT_MB);
    await documents('with the largest logo');
    console.log(
      `server's peak RSS: ${startMb} MB while starting, ${Math.round(peakMb(pid))} MB during the attack (${Math.round(nowMb(pid))} MB now)`,
    );
  }, 180_000);
});
