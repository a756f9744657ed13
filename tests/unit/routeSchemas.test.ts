/**
 * One shape per call (issue 46 item 2): the body and the query of every route of the areas are
 * schemas declared in model/api/<area>.ts — the route's check, the service's input type and the
 * app's parameter type at once — never an object written inline in the route.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT as root, sourceFiles } from '../helpers/sourceFiles';

/** `body: z.looseObject(`, `querystring:\n z.object(`, `body: z.any()`…: a shape written in the route. */
const INLINE = /\b(body|querystring)\s*:\s*z\s*\.\s*(object|looseObject|strictObject|any)\b/g;

/** Each inline body or query schema of the files: `file:line (body: z.looseObject)`. */
function inlineSchemas(files: Array<{ path: string; text: string }>): string[] {
  return files.flatMap(({ path, text }) =>
    [...text.matchAll(INLINE)].map((m) => {
      const line = text.slice(0, m.index).split('\n').length;
      return `${path}:${line} (${m[1]}: z.${m[2]})`;
    }),
  );
}

const areas = sourceFiles('server/areas').map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }));

describe('route schemas', () => {
  it('no route of server/areas declares its body or query inline: they are named schemas of model/api', () => {
    expect(areas.some((f) => /\bapi\.(get|post|put|delete)\(/.test(f.text))).toBe(true);
    expect(inlineSchemas(areas)).toEqual([]);
  });

  it('the check names the file and the line of an inline schema, however it is laid out', () => {
    const text = [
      "api.post('/x', {",
      '  schema: {',
      '    body: z.looseObject({ a: z.string() }),',
      '    querystring:',
      '      z.object({ q: z.string() }),',
      '  },',
      '});',
      "api.post('/y', { schema: { body: z.any(), querystring: Query, params: z.object({ id: z.string() }) } });",
      "api.post('/z', { schema: { body: z.strictObject({}), response: { 200: z.object({ data: X }) } } });",
      "api.post('/w', { schema: { body: Input } });",
    ].join('\n');
    expect(inlineSchemas([{ path: 'server/areas/x/routes.ts', text }])).toEqual([
      'server/areas/x/routes.ts:3 (body: z.looseObject)',
      'server/areas/x/routes.ts:4 (querystring: z.object)',
      'server/areas/x/routes.ts:8 (body: z.any)',
      'server/areas/x/routes.ts:9 (body: z.strictObject)',
    ]);
  });
});
