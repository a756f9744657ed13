/**
 * Lists of record ids as requests carry them: a JSON array (or its text), or one id. The one
 * parser of the records engine (paths, multiple-mode creates) and of the bulk services.
 */
import { INT_MAX } from '../../model/types.js';
import { notFound } from '../errors.js';

/** at most this many ids in one request (a select-all of a large table) */
export const MAX_IDS = 100_000;

const isId = (x: unknown) =>
  (typeof x === 'number' || (typeof x === 'string' && /^\d{1,10}$/.test(x))) &&
  Number.isInteger(Number(x)) &&
  Number(x) >= 1 &&
  Number(x) <= INT_MAX;

/** One id (a number or its digits, trimmed), or null when it is not one. */
export function oneId(raw: unknown): number | null {
  const x = typeof raw === 'string' ? raw.trim() : raw;
  return isId(x) ? Number(x) : null;
}

/** The id of a path (`/…/:id`): a request for anything else finds nothing (404). */
export function pathId(raw: unknown): number {
  const id = oneId(raw);
  if (id === null) throw notFound();
  return id;
}

/**
 * The distinct ids of `raw` (an array, its JSON text, or a single id), in their first order;
 * 'empty' for an empty list, null for anything else (text, booleans, fractions, 0, negatives,
 * beyond 32 bits, more than MAX_IDS).
 */
export function idList(raw: unknown): number[] | 'empty' | null {
  let list = raw;
  if (typeof raw === 'string') {
    try {
      list = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  if (!Array.isArray(list)) list = [list];
  const items = list as unknown[];
  if (!items.length) return 'empty';
  if (items.length > MAX_IDS || !items.every(isId)) return null;
  return [...new Set(items.map(Number))];
}
