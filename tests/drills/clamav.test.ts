/**
 * Issue 50 item 6 with the real antivirus: Debian's ClamAV daemon (clamd, package clamav-daemon)
 * started by this file, offline, on a signature database the file writes (no definitions are
 * downloaded, freshclam never runs): an MD5 signature (.hdb) of the exact EICAR bytes and of one
 * "known bad" PDF, and a body signature (.ndb, any file type) of the EICAR string wherever it is.
 * Asked directly (scan.ts's INSTREAM client: a verdict for a buffer holding EICAR, at the start,
 * across a 64 KiB chunk boundary, after 5 MB; clean PDFs up to the 20 MB the area accepts) and through the
 * customers' area (an infected PDF refused and quarantined, never served; a clean one kept 'ok'), and
 * once the daemon is dead: an upload refused with 503, nothing kept. clamd missing is a failure
 * telling how to install it (.ci/run installs it), never a skipped test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { scanBytes } from '../../server/areas/portal/scan.js';
import { UPLOAD_FILE_MAX_BYTES } from '../../model/portal.js';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, romeToday, type Api } from '../helpers/api.js';
import { multipart } from '../helpers/multipart.js';
import { addDays } from '../../model/dates.js';

/** the EICAR test string: harmless, flagged by every antivirus on purpose (here by the signatures below) */
const EICAR = Buffer.from('X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*');
const PDF = Buffer.from('%PDF-1.4\n% fattura di acquisto\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
/** a PDF without EICAR, listed by its MD5 only: a hash signature matches these bytes and no other */
const KNOWN_BAD = Buffer.from('%PDF-1.4\n% campione noto\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');
// clamd adds .UNOFFICIAL to the names of signatures from databases that are not ClamAV's own
const BODY = 'Drill.Eicar.Body.UNOFFICIAL';
const KNOWN = 'Drill.Known.Pdf.UNOFFICIAL';

const dir = mkdtempSync(join(tmpdir(), 'gs-clamav-'));
const socketPath = join(dir, 'clamd.sock');
let clamd: ChildProcess | undefined;
let clamdExited: Promise<void> | undefined;
let clamdOutput = '';

/** clamd's path: Debian puts it in /usr/sbin, not always on a user's PATH */
function findClamd(): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin'];
  return dirs
    .filter((d) => d.startsWith('/'))
    .map((d) => join(d, 'clamd'))
    .find((p) => existsSync(p));
}

/** one command on the socket (`zPING\0`…): the daemon's answer, without the NUL */
function ask(command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const s = connect(socketPath);
    let answer = '';
    s.setTimeout(2000, () => s.destroy(new Error('no answer in 2 s')));
    s.on('connect', () => s.end(command));
    s.on('data', (d) => (answer += d.toString()));
    s.on('end', () => resolve(answer.replace(/\0/g, '').trim()));
    s.on('error', reject);
  });
}

/** PING → PONG, polled until the daemon answers (bounded; failing early if it exits) */
async function waitForPong(ms: number) {
  const until = Date.now() + ms;
  let last = '';
  while (Date.now() < until) {
    if (clamd!.exitCode !== null || clamd!.signalCode !== null)
      throw new Error(`clamd exited (${clamd!.exitCode ?? clamd!.signalCode}) before answering:\n${clamdOutput}`);
    try {
      if ((last = await ask('zPING\0')) === 'PONG') return;
    } catch (e) {
      last = (e as Error).message;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`clamd did not answer PING in ${ms} ms (last: ${last}):\n${clamdOutput}`);
}

beforeAll(async () => {
  const bin = findClamd();
  if (!bin)
    throw new Error(
      "clamd (ClamAV's daemon) is not installed: `apt-get install -y clamav-daemon` (only the binary is used: " +
        'no service, no freshclam; .ci/run installs it)',
    );
  const db = join(dir, 'db');
  mkdirSync(db);
  // MD5 signatures: md5:size:name
  writeFileSync(
    join(db, 'drill.hdb'),
    `${md5(EICAR)}:${EICAR.length}:Drill.Eicar.Hash\n${md5(KNOWN_BAD)}:${KNOWN_BAD.length}:Drill.Known.Pdf\n`,
  );
  // a body signature: name:target type (0, any file):offset (*, anywhere):the bytes in hex
  writeFileSync(join(db, 'drill.ndb'), `Drill.Eicar.Body:0:*:${EICAR.toString('hex')}\n`);
  const conf = join(dir, 'clamd.conf');
  writeFileSync(
    conf,
    [
      `LocalSocket ${socketPath}`,
      'FixStaleSocket yes',
      `DatabaseDirectory ${db}`,
      `TemporaryDirectory ${dir}`,
      `LogFile ${join(dir, 'clamd.log')}`,
      `PidFile ${join(dir, 'clamd.pid')}`,
      'Foreground yes',
      // no TCPSocket: the Unix socket only; no database reloads; no bytecode (there is no bytecode.cvd)
      'SelfCheck 0',
      'Bytecode no',
      'ScanPDF yes',
      // above the area's 20 MB a file
      'StreamMaxLength 30M',
      'MaxFileSize 30M',
      'MaxScanSize 100M',
      '',
    ].join('\n'),
  );
  clamd = spawn(bin, [`--config-file=${conf}`], { stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (b: Buffer) => (clamdOutput = (clamdOutput + b.toString()).slice(-20_000));
  clamd.stdout!.on('data', keep);
  clamd.stderr!.on('data', keep);
  clamdExited = new Promise((resolve) => clamd!.once('exit', () => resolve()));
  await waitForPong(30_000);
});

afterAll(async () => {
  if (clamd && clamd.exitCode === null && clamd.signalCode === null) {
    clamd.kill('SIGKILL');
    await clamdExited;
  }
  rmSync(dir, { recursive: true, force: true });
});

describe('issue 50 the real clamd, offline, on the signatures written here', () => {
  it('scanBytes: EICAR found alone, in a PDF, across a chunk boundary and after 5 MB; a known PDF by its hash; clean PDFs up to 20 MB clean', async () => {
    const where = { socket: socketPath };
    // the exact EICAR bytes are listed twice (hash and body): either name is right
    const alone = await scanBytes(where, EICAR);
    expect(alone.clean).toBe(false);
    expect(!alone.clean && alone.signature).toMatch(/^Drill\.Eicar\.(Hash|Body)\.UNOFFICIAL$/);
    expect(await scanBytes(where, Buffer.concat([PDF, EICAR]))).toEqual({ clean: false, signature: BODY });
    // scan.ts sends 64 KiB chunks: EICAR split between the first and the second
    const split = Buffer.concat([PDF, Buffer.alloc(64 * 1024 - PDF.length - 30, 0x20), EICAR, Buffer.alloc(100)]);
    expect(await scanBytes(where, split)).toEqual({ clean: false, signature: BODY });
    const fiveMb = Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024, 7)]);
    expect(await scanBytes(where, Buffer.concat([fiveMb, EICAR]))).toEqual({ clean: false, signature: BODY });
    expect(await scanBytes(where, KNOWN_BAD)).toEqual({ clean: false, signature: KNOWN });
    expect(await scanBytes(where, PDF)).toEqual({ clean: true });
    expect(await scanBytes(where, fiveMb)).toEqual({ clean: true });
    const largest = Buffer.concat([PDF, Buffer.alloc(UPLOAD_FILE_MAX_BYTES - PDF.length, 7)]);
    expect(await scanBytes(where, largest)).toEqual({ clean: true });
  });

  describe('through the customers’ area (CLAMAV_SOCKET)', () => {
    let t: TestApp;
    let a: Api;
    let person: { cookie: string; csrf: string };
    let request: number;
    let items: number[];

    const page = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
    const upload = async (item: number, name: string, bytes: Buffer) => {
      const body = await multipart({}, [{ name, bytes }], 'file');
      return t.app.inject({
        method: 'POST',
        url: `/area-clienti/richieste/${request}/voci/${item}/file?csrf=${person.csrf}`,
        payload: body.payload,
        headers: { ...body.headers, cookie: person.cookie },
      });
    };
    const fileRow = async (name: string) =>
      (
        await a.sql<{ id: number; scan: string; scan_result: string | null; item_id: number | null }>(
          `SELECT "id", "scan", "scan_result", "item_id" FROM "portal_files" WHERE "filename" = $1`,
          [name],
        )
      )[0];
    const status = async (item: number) =>
      (await a.get('admin', `/api/portal/requests/${request}`))
        .json()
        .data.documents.find((d: { id: number }) => d.id === item).status;
    /** the files in the app's storage folder */
    const stored = () => readdirSync(t.storageDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());

    beforeAll(async () => {
      t = await startTestApp({ env: { SERVER_BASEURL: 'https://gestionale.example.it', CLAMAV_SOCKET: socketPath } });
      a = api(t);
      const customer = await a.newCustomer('Antivirus Documenti S.r.l.');
      // a person invited, in through the e-mailed link
      const email = 'mario@antivirus.test';
      expect((await a.post('admin', `/api/customer/${customer}/portal/invite`, { emails: email })).statusCode).toBe(
        201,
      );
      const [m] = await a.sql<{ body_text: string }>(
        `SELECT "body_text" FROM "mail_outbox" WHERE "to_addresses"::text LIKE $1 ORDER BY "id" DESC LIMIT 1`,
        [`%${email}%`],
      );
      const link = /https:\/\/gestionale\.example\.it(\/area-clienti\/link\/[\w-]+)/.exec(m!.body_text)![1]!;
      const entered = await t.app.inject({
        method: 'POST',
        url: link,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
      const cookie = /^(gs_area_clienti=[\w-]+);/.exec(String(entered.headers['set-cookie']))![1]!;
      const csrf = /name="csrf" value="([\w-]+)"/.exec((await page('/area-clienti', cookie)).body)![1]!;
      person = { cookie, csrf };
      const r = await a.post('admin', '/api/portal/requests', {
        customer_ids: [customer],
        title: 'Fatture di acquisto',
        due_date: addDays(romeToday(), 15),
        items: 'Fatture di acquisto\nEstratto conto bancario',
      });
      expect(r.statusCode, r.body).toBe(201);
      request = r.json().data.request_ids[0];
      items = (await a.get('admin', `/api/portal/requests/${request}`))
        .json()
        .data.documents.map((d: { id: number }) => d.id);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('an infected PDF: refused (422), kept in quarantine with the signature, never served; a clean PDF kept as ok', async () => {
      const bad = await upload(items[1]!, 'virus.pdf', Buffer.concat([PDF, EICAR]));
      expect(bad.statusCode).toBe(422);
      expect(bad.body).toContain('bloccato dall&#39;antivirus');
      const q = await fileRow('virus.pdf');
      expect(q).toMatchObject({ scan: 'quarantena', scan_result: BODY, item_id: null });
      const served = await a.get('admin', `/api/portal/files/${q!.id}`);
      expect(served.statusCode).toBe(409);
      expect(served.json().message).toContain(BODY);
      expect((await page(`/area-clienti/file/${q!.id}`, person.cookie)).statusCode).toBe(404);
      expect(await status(items[1]!)).toBe('richiesto');

      const good = await upload(items[0]!, 'fattura.pdf', PDF);
      expect(good.statusCode, good.body).toBe(303);
      const ok = await fileRow('fattura.pdf');
      expect(ok).toMatchObject({ scan: 'ok', scan_result: null, item_id: items[0] });
      const got = await a.get('admin', `/api/portal/files/${ok!.id}`);
      expect(got.statusCode).toBe(200);
      expect(got.rawPayload.equals(PDF)).toBe(true);
      expect(await status(items[0]!)).toBe('inviato');
    });

    // last: it kills the daemon
    it('clamd dead: an upload refused with 503 "L’antivirus non risponde", nothing kept', async () => {
      clamd!.kill('SIGKILL');
      await clamdExited;
      const rows = async () => (await a.sql(`SELECT count(*)::int AS n FROM "portal_files"`))[0];
      const before = { rows: await rows(), files: stored().length };
      const r = await upload(items[1]!, 'estratto.pdf', PDF);
      expect(r.statusCode).toBe(503);
      expect(r.body).toContain('L&#39;antivirus non risponde');
      expect({ rows: await rows(), files: stored().length }).toEqual(before);
      expect(await status(items[1]!)).toBe('richiesto');
    });
  });
});
