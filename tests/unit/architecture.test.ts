/** Rules of the code's shape that a later change could break without a failing feature test. */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT as root, sourceFiles } from '../helpers/sourceFiles';

const read = (path: string) => ({ path, text: readFileSync(join(root, path), 'utf8') });
const server = sourceFiles('server').map(read);
const src = sourceFiles('src').map(read);

describe('app architecture', () => {
  it('every API call of the app goes through src/dataProvider (the HTTP client is used nowhere else)', () => {
    const outside = src.filter(
      (f) =>
        !f.path.startsWith('src/dataProvider/') &&
        !f.path.startsWith('src/api/') &&
        (/\bapi(Fetch|Download)\b/.test(f.text) || /\bfetch\(/.test(f.text) || /XMLHttpRequest/.test(f.text)),
    );
    expect(outside.map((f) => f.path)).toEqual([]);
  });

  it("the data provider is react-admin's DataProvider without a cast", () => {
    const all = src.map((f) => f.text).join('\n');
    expect(all).not.toMatch(/as unknown as (App)?DataProvider/);
    expect(readFileSync(join(root, 'src/dataProvider/index.ts'), 'utf8')).toMatch(/\} satisfies DataProvider;/);
  });

  it("the routes read a request's body, query and parameters as their schemas type them: no cast, no body left unknown", () => {
    const casts = server.filter((f) => /\breq\.(body|query|params)\b[^;\n]*\bas\b/.test(f.text));
    expect(casts.map((f) => f.path)).toEqual([]);
    // every route is declared on the typed instance (server/deps.ts: Api)
    const untyped = server.filter((f) => /\(api: FastifyInstance\b/.test(f.text));
    expect(untyped.map((f) => f.path)).toEqual([]);
    // z.unknown() is left only in answers of the generic engine (a row's data, a list's items)
    const unknownIn = server.filter(
      (f) => /z\.unknown\(\)/.test(f.text) && (f.path.startsWith('server/areas/') || f.path.startsWith('server/auth/')),
    );
    expect(unknownIn.map((f) => f.path)).toEqual([]);
  });

  it("the app takes the answers' shapes from model/api as types only (zod stays out of the app's bundle)", () => {
    const valueImports = src.filter((f) => /^import (?!type )[^;]*from '[./]*model\/api\//m.test(f.text));
    expect(valueImports.map((f) => f.path)).toEqual([]);
    // and it does take them from there: an area with its answers in model/api/<area>.ts names
    // them there only (its data-provider module declares no answer type of its own)
    for (const area of readdirSync(join(root, 'model/api')).map((f) => f.replace(/\.ts$/, ''))) {
      const dp = readFileSync(join(root, `src/dataProvider/${area}.ts`), 'utf8');
      expect(dp, area).toMatch(new RegExp(`from '\\.\\./\\.\\./model/api/${area}'`));
      const own = [...readFileSync(join(root, `model/api/${area}.ts`), 'utf8').matchAll(/export type (\w+) =/g)].map(
        (m) => m[1],
      );
      for (const name of own) expect(dp, `${area}: ${name}`).not.toMatch(new RegExp(`export interface ${name}\\b`));
    }
  });

  it("the model's declarations the app bundles never import model/api's values (zod would join the first load: issue 47 put it there once, +28 KB gzip)", () => {
    const files = readdirSync(join(root, 'model'), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.startsWith('api'))
      .map((f) => ({ path: `model/${f}`, text: readFileSync(join(root, 'model', f), 'utf8') }));
    expect(files.length).toBeGreaterThan(20);
    const valueImports = files.filter((f) => /^import (?!type )[^;]*from '[./]*(api|\.\.\/api)\//m.test(f.text));
    expect(valueImports.map((f) => f.path)).toEqual([]);
  });

  it('raw SQL lives only in server/db (schema, seeds), the records engine and the query and table files of the areas and of auth', () => {
    const queryFile = (p: string) => /^server\/(areas\/\w+|auth)\/(queries|\w+Queries|tables)\.ts$/.test(p);
    const outside = server.filter(
      (f) =>
        !f.path.startsWith('server/db/') &&
        !f.path.startsWith('server/records/') &&
        !queryFile(f.path) &&
        (/\bsql`/.test(f.text) || /import \{[^}]*\bsql\b[^}]*\} from 'drizzle-orm'/.test(f.text)),
    );
    expect(outside.map((f) => f.path)).toEqual([]);
    // the areas hold the features' SQL: server/db keeps only the infrastructure
    expect(server.filter((f) => queryFile(f.path)).length).toBeGreaterThan(15);
  });

  it('server/db holds only the infrastructure: the connection, the schema built from the declarations, migrations, SQL helpers, the lock, the demo data, the schema image', () => {
    const db = readdirSync(join(root, 'server', 'db')).sort();
    expect(db).toEqual([
      'bootstrap.ts',
      'connection.ts',
      'dataDirLock.ts',
      'demo.ts',
      'demoAml.ts',
      'demoEngagements.ts',
      'demoPortal.ts',
      'demoPortalDeclarations.ts',
      'demoPortalInvoices.ts',
      'demoPortalMandates.ts',
      'fieldTypes.ts',
      'generate.ts',
      'migrations',
      'schemaImage.ts',
      'sql.ts',
      'tables.ts',
      'unavailable.ts',
    ]);
  });
});
