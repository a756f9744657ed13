/**
 * The layers of the code, one way (issue 26 item 5): the import graph of model/, server/ and src/
 * — static, dynamic (`import()`) and type-only imports alike — has no cycle, `model/` imports
 * nothing above it, and the app and the server never import each other.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { PROJECT_ROOT as root, sourceFiles } from '../helpers/sourceFiles';

const LAYERS = ['model', 'server', 'src'] as const;

const all = LAYERS.flatMap((l) => sourceFiles(l));
const known = new Set(all);

/** The file a relative specifier names (`./x.js` is `./x.ts`, `./dir` is `./dir/index.ts`). */
function resolve(from: string, spec: string): string | null {
  const p = normalize(join(dirname(from), spec));
  const candidates = [
    p,
    p.replace(/\.js$/, '.ts'),
    p.replace(/\.js$/, '.tsx'),
    `${p}.ts`,
    `${p}.tsx`,
    `${p}/index.ts`,
    `${p}/index.tsx`,
  ];
  return candidates.find((c) => known.has(c)) ?? null;
}

/** Every relative import of a file: `from '…'`, `import '…'`, `import('…')`, type-only included. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const out = new Set<string>();
  for (const m of text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g)) {
    const target = resolve(file, m[1]!);
    if (target) out.add(target);
  }
  return [...out];
}

const graph = new Map(all.map((f) => [f, importsOf(f)]));

/** The strongly connected components of more than one file (Tarjan): each is a cycle. */
function cycles(): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v)!.includes(v)) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

const layerOf = (f: string) => f.split('/')[0] as (typeof LAYERS)[number];

describe('import graph', () => {
  it('reads the whole tree: every layer, hundreds of imports', () => {
    for (const l of LAYERS) expect(all.filter((f) => layerOf(f) === l).length).toBeGreaterThan(20);
    expect([...graph.values()].reduce((n, deps) => n + deps.length, 0)).toBeGreaterThan(500);
    // the test sees the kinds of import it promises to: a dynamic one and a type-only one
    expect(graph.get('src/App.tsx')!.some((t) => t.startsWith('src/pages/'))).toBe(true);
    expect(graph.get('server/app.ts')).toContain('server/deps.ts');
  });

  it('has no import cycle (static, dynamic or type-only)', () => {
    // the first load's modules share one chunk by the bundler's configuration (vite.config.ts,
    // the `$initial` group), not by imports that loop back to the app's root
    expect(cycles()).toEqual([]);
  });

  it('keeps the layers one way: model imports nothing above it; src and server never import each other', () => {
    const crossings: string[] = [];
    for (const [from, deps] of graph) {
      for (const to of deps) {
        const a = layerOf(from);
        const b = layerOf(to);
        if ((a === 'model' && b !== 'model') || (a === 'src' && b === 'server') || (a === 'server' && b === 'src'))
          crossings.push(`${from} → ${to}`);
      }
    }
    expect(crossings).toEqual([]);
  });

  it('has no cycle between the areas of the server: an area uses another only if that one never uses it back', () => {
    // issue 46 item 1: {accounts, documents, mail, reminders, wordTemplates} and eDocuments ↔ sdi were cycles
    const areaOf = (f: string) => (f.startsWith('server/areas/') ? f.split('/')[2]! : null);
    const uses = new Map<string, Set<string>>();
    for (const [from, deps] of graph) {
      const a = areaOf(from);
      if (!a) continue;
      for (const to of deps) {
        const b = areaOf(to);
        if (b && b !== a) (uses.get(a) ?? uses.set(a, new Set()).get(a)!).add(b);
      }
    }
    expect(uses.size, 'the areas import each other somewhere (the test reads them)').toBeGreaterThan(5);
    // every pair of areas reachable from each other is a cycle
    const reach = (from: string) => {
      const seen = new Set<string>();
      const walk = (a: string) => {
        for (const b of uses.get(a) ?? []) {
          if (seen.has(b)) continue;
          seen.add(b);
          walk(b);
        }
      };
      walk(from);
      return seen;
    };
    const loops = [...uses.keys()].filter((a) => reach(a).has(a)).sort();
    expect(loops, 'areas that reach themselves through others').toEqual([]);
  });

  it("lets an area use another only through that area's public file (server/areas/<area>/index.ts)", () => {
    // issue 46 item 1: an area's other files are its own; what the others may use is re-exported by its index.ts
    const areaOf = (f: string) => (f.startsWith('server/areas/') ? f.split('/')[2]! : null);
    const across: string[] = [];
    const inside: string[] = [];
    for (const [from, deps] of graph) {
      const a = areaOf(from);
      if (!a) continue;
      for (const to of deps) {
        const b = areaOf(to);
        if (!b || b === a) continue;
        (to === `server/areas/${b}/index.ts` ? across : inside).push(`${from} → ${to}`);
      }
    }
    expect(across.length, 'the areas do use each other (the test reads them)').toBeGreaterThan(10);
    expect(inside, "imports of another area's own files").toEqual([]);
    // a public file only re-exports its own area's files: it is a door, not a corridor to a third area
    for (const file of all.filter((f) => /^server\/areas\/[^/]+\/index\.ts$/.test(f)))
      for (const to of graph.get(file)!) expect(areaOf(to), `${file} → ${to}`).toBe(areaOf(file));
  });
});
