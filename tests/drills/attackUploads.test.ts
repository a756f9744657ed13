/**
 * The attack uploads of issue 25 items 1 and 3 and of issue 45 item 20 (one tag of a million
 * attributes in an .xlsx and a CAMT.053, read on the offload pool) against the real server process (server/main.ts,
 * a child process on a PostgreSQL database of its own): the issue's import files (a header of
 * 100,000 columns; one cell in column XFD over 20,000 rows) and zips whose directory lies about
 * a gigabyte, one after the other and then all at once. Done when: every one is refused with an
 * Italian 4xx, the server's peak resident memory (VmHWM in /proc/<pid>/status, reset to the
 * current RSS once the server has started) stays under 600 MB, and it still answers. Before the
 * fix the first file alone grew the process to 4.5–6 GB and killed it.
 * tests/api/attackUploads.test.ts has the same files' answers in detail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { login, ownPostgres, spawnServer, STARTED, type ServerProcess } from '../helpers/serverProcess.js';
import {
  camtAttributeBomb,
  csvColumnBomb,
  docxLying,
  xlsxAttributeBomb,
  xlsxColumnBomb,
  xlsxLying,
} from '../helpers/attackFiles.js';
import { CAMT_MESSAGES } from '../../server/areas/collections/camt.js';
import { IMPORT_MESSAGES } from '../../model/customerImport.js';

const LIMIT_MB = 600;
const dataDir = mkdtempSync(join(tmpdir(), 'gs-attack-'));
let db: Awaited<ReturnType<typeof ownPostgres>> | undefined;
let server: ServerProcess | undefined;
let admin: Record<string, string>;
let collaborator: Record<string, string>;
let superadmin: Record<string, string>;
let templateId: number;

beforeAll(async () => {
  db = await ownPostgres('attack25');
  server = spawnServer({ DATA_DIR: dataDir, DATABASE_URL: db.url, LOG_LEVEL: 'warn' });
  await server.waitFor(STARTED, 120_000);
  admin = (await login(server.url)).headers;
  collaborator = (await login(server.url, 'collaboratore@studiodemo.test')).headers;
  superadmin = (await login(server.url, 'superadmin@gestionale.test')).headers;
  const res = await fetch(`${server.url}/api/word_templates`, {
    method: 'POST',
    headers: { ...superadmin, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Modello esercitazione' }),
  });
  expect(res.status).toBe(201);
  templateId = Number(((await res.json()) as { data: { id: number } }).data.id);
});
afterAll(async () => {
  if (server) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  await db?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** kB of a /proc/<pid>/status field */
const status = (field: 'VmHWM' | 'VmRSS') => {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${server!.child.pid}/status`, 'utf8'));
  return Number(m![1]);
};

interface Attack {
  name: string;
  send: () => Promise<Response>;
  status: number;
  message: string;
}

function attacks(): Attack[] {
  const upload =
    (
      path: string,
      headers: Record<string, string>,
      field: string,
      file: { name: string; bytes: Buffer },
      fields: Record<string, string> = {},
    ) =>
    () => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      form.append(field, new Blob([new Uint8Array(file.bytes)]), file.name);
      return fetch(`${server!.url}${path}`, { method: 'POST', headers, body: form });
    };
  const importFile = (name: string, bytes: Buffer) => upload('/api/customer_imports', admin, 'file', { name, bytes });
  return [
    {
      name: 'csv: 100,000 columns over 20,000 rows',
      send: importFile('bomba.csv', csvColumnBomb()),
      status: 422,
      message: IMPORT_MESSAGES.tooManyColumns,
    },
    {
      name: 'xlsx: a cell in column XFD over 20,000 rows',
      send: importFile('bomba.xlsx', xlsxColumnBomb()),
      status: 422,
      message: IMPORT_MESSAGES.tooManyColumns,
    },
    {
      name: 'xlsx: a sheet of 1 GB said to be 2 KB',
      send: importFile('bugiardo.xlsx', xlsxLying(1024)),
      status: 413,
      message: IMPORT_MESSAGES.tooLargeUnpacked,
    },
    // issue 45 item 20: one tag of a million attributes, as a Collaboratore's bank file and an Admin's import
    {
      name: 'xlsx: one tag of 1,000,000 attributes (import)',
      send: importFile('attributi.xlsx', xlsxAttributeBomb(1_000_000)),
      status: 422,
      message: IMPORT_MESSAGES.notSpreadsheet,
    },
    {
      name: 'xlsx: one tag of 1,000,000 attributes (bank columns)',
      send: upload('/api/bank/statements/columns', collaborator, 'file', {
        name: 'movimenti.xlsx',
        bytes: xlsxAttributeBomb(1_000_000),
      }),
      status: 422,
      message: IMPORT_MESSAGES.notSpreadsheet,
    },
    {
      name: 'camt: a root of 800,000 attributes (bank statement)',
      send: upload('/api/bank/statements', collaborator, 'file', {
        name: 'estratto.xml',
        bytes: camtAttributeBomb(800_000),
      }),
      status: 422,
      message: CAMT_MESSAGES.notXml,
    },
    {
      name: 'docx: a document of 1 GB said to be 2 KB',
      send: upload(
        '/api/word_template_attachments',
        superadmin,
        'files[]',
        { name: 'bugiardo.docx', bytes: docxLying(1024) },
        { word_template_id: String(templateId) },
      ),
      status: 422,
      message: 'Il modello Word non è valido: il contenuto decompresso supera il limite di 60 MB',
    },
  ];
}

describe('issue 25: attack uploads on a real server process', () => {
  it(`the issue's import files and lying zips, one by one and then all at once, are refused in Italian; the peak RSS stays under ${LIMIT_MB} MB and the server answers`, async () => {
    const list = attacks();
    // the peak from here on: the start-up's is not the attacks'
    try {
      writeFileSync(`/proc/${server!.child.pid}/clear_refs`, '5');
    } catch {
      /* not allowed here: the peak since the start, a stricter measure */
    }
    const before = status('VmRSS');
    const check = async (a: Attack) => {
      const res = await a.send();
      const body = (await res.json().catch(() => ({}))) as { message?: string };
      expect({ attack: a.name, status: res.status, message: body.message }).toEqual({
        attack: a.name,
        status: a.status,
        message: a.message,
      });
    };
    for (const a of list) await check(a);
    await Promise.all([...list, ...list].map(check));
    const peak = status('VmHWM');
    expect(server!.alive()).toBe(true);
    expect(
      peak / 1024,
      `peak RSS ${Math.round(peak / 1024)} MB (${Math.round(before / 1024)} MB before the attacks)`,
    ).toBeLessThan(LIMIT_MB);
    const health = await fetch(`${server!.url}/api/health`);
    expect(health.status).toBe(200);
  });
});
