/**
 * The offload pool (server/offload/pool.ts, issue 45 item 20): an uploaded file's work runs on
 * worker threads, bounded in time (the worker is ended, the caller told in Italian), an
 * HttpError thrown there reaches the caller as itself, and studios take turns.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../server/errors.js';
import {
  OFFLOAD_MAX_WAITING,
  OFFLOAD_MESSAGES,
  offload,
  offloadRunning,
  stopOffload,
} from '../../server/offload/pool.js';
import { IMPORT_MESSAGES } from '../../model/customerImport.js';

afterAll(() => stopOffload());

const csv = (rows: number) =>
  Buffer.from(['Ragione Sociale;Città', ...Array.from({ length: rows }, (_, i) => `Cliente ${i};Roma`)].join('\n'));

describe('offload pool', () => {
  it('runs a task on a worker thread and gives back its answer', async () => {
    const sheet = await offload('spreadsheet', csv(3), { key: 'a' });
    expect(sheet.headers).toEqual(['Ragione Sociale', 'Città']);
    expect(sheet.rowCount).toBe(3);
    // the rows as the import stages them: JSON text in parts
    expect(sheet.parts.map((p) => JSON.parse(p))).toEqual([
      [
        ['Cliente 0', 'Roma'],
        ['Cliente 1', 'Roma'],
        ['Cliente 2', 'Roma'],
      ],
    ]);
  });

  it("an HttpError thrown by the task reaches the caller as the same HttpError (status, message, the field's errors)", async () => {
    const e = await offload('spreadsheet', Buffer.from('%PDF-1.7\u0000\u0000\u0000binario'), { key: 'a' }).catch(
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(HttpError);
    expect(e).toMatchObject({
      status: 422,
      message: IMPORT_MESSAGES.notSpreadsheet,
      errors: { file: [IMPORT_MESSAGES.notSpreadsheet] },
    });
  });

  it('a task past its time is stopped with an Italian 422, and the next task runs on a new worker', async () => {
    const e = await offload('spreadsheet', csv(20_000), { key: 'b', timeoutMs: 1 }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(HttpError);
    expect(e).toMatchObject({ status: 422, message: OFFLOAD_MESSAGES.timeout(0) });
    const sheet = await offload('spreadsheet', csv(2), { key: 'b' });
    expect(sheet.rowCount).toBe(2);
  });

  it("studios take turns: one studio's queue does not hold another's task, and past its queue's bound it is told to retry (429)", async () => {
    const big = csv(15_000);
    // both workers started first (a worker's start is not what is measured here)
    await Promise.all([
      offload('spreadsheet', csv(2), { key: 'warm-1' }),
      offload('spreadsheet', csv(2), { key: 'warm-2' }),
    ]);
    const order: string[] = [];
    const a = Array.from({ length: 4 }, (_, i) =>
      offload('spreadsheet', big, { key: 'studio-a' }).then(() => order.push(`a${i}`)),
    );
    const b = offload('spreadsheet', big, { key: 'studio-b' }).then(() => order.push('b'));
    // the pool's choice as the tasks arrive: b runs beside the first of a's, the other three of a's
    // wait their turn (when each ends is the machine's: a loaded CI once ended b after a's third)
    expect(offloadRunning().sort()).toEqual(['studio-a', 'studio-b']);
    await Promise.all([...a, b]);
    // a's four ran one after the other
    expect(order.filter((x) => x.startsWith('a'))).toEqual(['a0', 'a1', 'a2', 'a3']);
    expect(order).toContain('b');

    const flood = Array.from({ length: OFFLOAD_MAX_WAITING + 2 }, () =>
      offload('spreadsheet', csv(10), { key: 'studio-c' }).then(
        () => 'ok',
        (e: HttpError) => `${e.status} ${e.message}`,
      ),
    );
    const answers = await Promise.all(flood);
    expect(answers.filter((x) => x === 'ok')).toHaveLength(OFFLOAD_MAX_WAITING + 1);
    expect(answers.at(-1)).toBe(`429 ${OFFLOAD_MESSAGES.busy}`);
  });
});

describe('staged sheet', () => {
  it('cuts the rows into parts of 1,000 as JSON text, keeps the first five as the sample', async () => {
    const { stagedSheet, STAGED_PART } = await import('../../server/areas/customerImport/parse.js');
    const rows = Array.from({ length: 2 * STAGED_PART + 1 }, (_, i) => [`Cliente ${i}`, 'Roma']);
    const staged = stagedSheet({ format: 'csv', headers: ['Ragione Sociale', 'Città'], rows, titleRows: 0 });
    expect(staged.rowCount).toBe(2001);
    expect(staged.parts).toHaveLength(3);
    expect(staged.parts.flatMap((p) => JSON.parse(p) as string[][])).toEqual(rows);
    expect(staged.sample).toEqual(rows.slice(0, 5));
    expect(staged).not.toHaveProperty('rows');
  });
});
