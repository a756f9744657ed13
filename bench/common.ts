/**
 * What every benchmark reads and computes the same way: its integer settings from the
 * environment, the median of its samples, the time of one call and a duration written in ms; the
 * studio of its own a benchmark fills.
 */
import { performance } from 'node:perf_hooks';
import type { Api } from '../tests/helpers/api.js';

/** An integer setting from the environment (`1_000` allowed), `dflt` when unset; below `min` or not an integer: an error naming it. */
export const int = (name: string, dflt: number, min = 1): number => {
  const v = process.env[name];
  if (v === undefined || v === '') return dflt;
  const n = Number(v.replace(/_/g, ''));
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer ≥ ${min} (got ${v})`);
  return n;
};

/** The median of the samples (the mean of the middle two for an even count). */
export const median = (xs: number[]): number => {
  const s = [...xs].sort((x, y) => x - y);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** The call's duration in ms, with its result. */
export const time = async <T>(fn: () => Promise<T>): Promise<[number, T]> => {
  const s = performance.now();
  const out = await fn();
  return [performance.now() - s, out];
};

/** A duration written in whole ms. */
export const ms = (x: number): string => `${x.toFixed(0)} ms`;

/**
 * A studio of the benchmark's own, named `name`: a copy of Studio Demo's card without its
 * customers, with the demo Admin moved there (the benchmark's only user). Answers its id.
 */
export async function benchStudio(a: Api, name: string): Promise<number> {
  const demo = await a.studioId('Studio Demo');
  const studioCols = (
    await a.sql<{ c: string }>(
      `SELECT column_name AS c FROM information_schema.columns WHERE table_name = 'studios' AND column_name NOT IN ('id', 'name') ORDER BY ordinal_position`,
    )
  ).map((r) => `"${r.c}"`);
  const [{ id: studio }] = (await a.sql<{ id: number }>(
    `INSERT INTO "studios" (${studioCols.join(', ')}, "name") SELECT ${studioCols.join(', ')}, $2 FROM "studios" WHERE "id" = $1 RETURNING "id"`,
    [demo, name],
  )) as [{ id: number }];
  await a.sql(`UPDATE "users" SET "studio_id" = $1 WHERE "email" = 'admin@studiodemo.test'`, [studio]);
  return studio;
}
