/** The project's TypeScript sources under a folder, for the tests of the code's shape. */
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export const PROJECT_ROOT = join(import.meta.dirname, '..', '..');

/** Every `.ts`/`.tsx` file under `dir` (relative to the project's root), as paths relative to the root; declaration files left out. */
export function sourceFiles(dir: string): string[] {
  const walk = (abs: string): string[] =>
    readdirSync(abs).flatMap((f) => {
      const p = join(abs, f);
      return statSync(p).isDirectory()
        ? walk(p)
        : /\.tsx?$/.test(f) && !f.endsWith('.d.ts')
          ? [relative(PROJECT_ROOT, p)]
          : [];
    });
  return walk(join(PROJECT_ROOT, dir));
}
