/**
 * What every request's text must be before any route sees it (issue 25 item 5): JSON bodies at
 * most MAX_JSON_DEPTH levels deep (a deeper one overflowed the stack of whatever walked it), and
 * no text — in a body, the path or the query — with a NUL character or a lone UTF-16 surrogate
 * (PostgreSQL refuses both in text and JSON columns: the insert failed with a 500).
 */
import { HttpError, MSG } from './errors.js';

/** Levels of arrays and objects a JSON body may nest (the app's deepest, a saved view, uses fewer than 10). */
export const MAX_JSON_DEPTH = 64;

export const INPUT_MESSAGES = {
  depth: `Corpo della richiesta non valido: al massimo ${MAX_JSON_DEPTH} livelli annidati`,
  text: 'Testo non valido: caratteri non ammessi',
} as const;

// a high surrogate not followed by a low one, or a low one not preceded by a high one
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Text PostgreSQL can store: no NUL, no lone surrogate. */
export const storableText = (s: string) => !s.includes('\u0000') && !LONE_SURROGATE.test(s);

export type JsonProblem = { kind: 'depth' } | { kind: 'text'; field?: string };

/**
 * The first problem of a parsed JSON value (iteratively: no recursion however deep it is), with
 * the top-level field it is in; null when the value may go on.
 */
export function jsonProblem(value: unknown): JsonProblem | null {
  const stack: Array<[unknown, number, string | undefined]> = [[value, 0, undefined]];
  while (stack.length) {
    const [v, depth, field] = stack.pop()!;
    if (typeof v === 'string') {
      if (!storableText(v)) return { kind: 'text', field };
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) return { kind: 'depth' };
    if (Array.isArray(v)) {
      for (const x of v) stack.push([x, depth + 1, field]);
      continue;
    }
    for (const [k, x] of Object.entries(v)) {
      if (!storableText(k)) return { kind: 'text', field: field ?? k };
      stack.push([x, depth + 1, field ?? k]);
    }
  }
  return null;
}

/** The answer to a problem: 400 for a body too deep, 422 on the field (or 400) for bad text. */
export function inputError(p: JsonProblem): HttpError {
  if (p.kind === 'depth') return new HttpError(400, INPUT_MESSAGES.depth);
  const field = p.field && storableText(p.field) ? p.field : undefined;
  return field
    ? new HttpError(422, MSG.validation, { [field]: [INPUT_MESSAGES.text] })
    : new HttpError(400, INPUT_MESSAGES.text);
}

/** A path parameter or query value with a NUL or a lone surrogate: 400. */
export function checkRequestText(params: unknown, query: unknown) {
  for (const part of [params, query]) {
    const p = jsonProblem(part);
    if (p) throw new HttpError(400, INPUT_MESSAGES.text);
  }
}
