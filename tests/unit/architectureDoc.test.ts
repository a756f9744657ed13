/** docs/architecture.md names every area of the server (issue 46 item 6: the map is true). */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../helpers/sourceFiles';

describe('the architecture document', () => {
  it('has a row for every folder of server/areas/', () => {
    const doc = readFileSync(join(PROJECT_ROOT, 'docs/architecture.md'), 'utf8');
    const dir = join(PROJECT_ROOT, 'server/areas');
    const areas = readdirSync(dir).filter((f) => statSync(join(dir, f)).isDirectory());
    expect(areas.length).toBeGreaterThan(15);
    expect(areas.filter((a) => !doc.includes(`| \`${a}/\` |`))).toEqual([]);
  });
});
