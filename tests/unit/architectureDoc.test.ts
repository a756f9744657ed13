/**
 * docs/architecture.md is the map of the code (issue 46 item 6: the map is true): a row for every
 * area of the server and of the app, and every file its "where is X" table names exists.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../helpers/sourceFiles';

const doc = readFileSync(join(PROJECT_ROOT, 'docs/architecture.md'), 'utf8');
/** The text of the document's section that starts with this heading, up to the next of its level. */
function section(heading: string): string {
  const at = doc.indexOf(`\n${heading}\n`);
  expect(at, heading).toBeGreaterThanOrEqual(0);
  const level = heading.split(' ')[0]!;
  const next = doc.slice(at + heading.length + 2).search(new RegExp(`\\n${level} `));
  return next < 0 ? doc.slice(at) : doc.slice(at, at + heading.length + 2 + next);
}
const folders = (dir: string) =>
  readdirSync(join(PROJECT_ROOT, dir)).filter((f) => statSync(join(PROJECT_ROOT, dir, f)).isDirectory());

describe('the architecture document', () => {
  it('has a row for every folder of server/areas/, in its Areas section', () => {
    const areas = folders('server/areas');
    expect(areas.length).toBeGreaterThan(15);
    const text = section('## Areas');
    expect(areas.filter((a) => !text.includes(`| \`${a}/\` |`))).toEqual([]);
  });

  it('has a row for every folder of src/areas/, in its section on the app', () => {
    const areas = folders('src/areas');
    expect(areas.length).toBeGreaterThan(8);
    const text = section('## The app').split('### Where is X')[0]!;
    expect(areas.filter((a) => !text.includes(`| \`${a}/\` |`))).toEqual([]);
  });

  it('its "where is X" table names files and folders that exist, from a screen of each area with a menu entry', () => {
    const table = section('### Where is X');
    const paths = [...table.matchAll(/`((?:src|server)\/[^`\s]*)`/g)].map((m) => m[1]!);
    expect(paths.length).toBeGreaterThan(40);
    expect(paths.filter((p) => !existsSync(join(PROJECT_ROOT, p)))).toEqual([]);
    // a row for every area of the app whose screens have a menu entry (accounts' card and the test pages aside)
    const screens = [...table.matchAll(/`src\/areas\/(\w+)\//g)].map((m) => m[1]);
    const withMenu = folders('src/areas').filter((a) => {
      const file = join(PROJECT_ROOT, 'src/areas', a, 'screens.ts');
      return existsSync(file) && /\bmenu:/.test(readFileSync(file, 'utf8')) && a !== 'testPages';
    });
    expect(withMenu.filter((a) => !screens.includes(a))).toEqual([]);
  });
});
