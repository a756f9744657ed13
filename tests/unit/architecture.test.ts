/** Rules of the code's shape that a later change could break without a failing feature test. */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : /\.(ts|tsx)$/.test(f) ? [p] : [];
  });
}
const server = files(join(root, 'server')).map((p) => ({ path: relative(root, p), text: readFileSync(p, 'utf8') }));
const src = files(join(root, 'src')).map((p) => ({ path: relative(root, p), text: readFileSync(p, 'utf8') }));

describe('app architecture', () => {
  it('every API call of the app goes through src/dataProvider (the HTTP client is used nowhere else)', () => {
    const outside = src.filter((f) => !f.path.startsWith('src/dataProvider/') && !f.path.startsWith('src/api/')
      && (/\bapi(Fetch|Download)\b/.test(f.text) || /\bfetch\(/.test(f.text) || /XMLHttpRequest/.test(f.text)));
    expect(outside.map((f) => f.path)).toEqual([]);
  });

  it("the data provider is react-admin's DataProvider without a cast", () => {
    const all = src.map((f) => f.text).join('\n');
    expect(all).not.toMatch(/as unknown as (App)?DataProvider/);
    expect(readFileSync(join(root, 'src/dataProvider/index.ts'), 'utf8')).toMatch(/\} satisfies DataProvider;/);
  });

  it('raw SQL lives only in server/db (scoped access, identity, schema, seeds) and the records engine', () => {
    const outside = server.filter((f) => !f.path.startsWith('server/db/') && !f.path.startsWith('server/records/')
      && (/\bsql`/.test(f.text) || /import \{[^}]*\bsql\b[^}]*\} from 'drizzle-orm'/.test(f.text)));
    expect(outside.map((f) => f.path)).toEqual([]);
  });
});
