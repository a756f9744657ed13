/**
 * Issue 7, set-up (items 19–21): the installed packages run on the Node the README promises,
 * and the README's settings table tells every setting the server reads.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { loadSettings } from '../../server/settings';

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const readme = readFileSync('README.md', 'utf8');

describe('7 set-up', () => {
  it('7.20 every locked package supports the Node the README promises (no engine warning)', () => {
    const min = semver.minVersion(pkg.engines.node)!;
    const promised = min.version;
    expect(readme).toContain(`Node ≥ ${min.major}.${min.minor}`);
    const unsupported = Object.entries(
      lock.packages as Record<string, { version?: string; engines?: { node?: string } | string[] }>,
    )
      .filter(([path, p]) => path && p.engines && !Array.isArray(p.engines) && p.engines.node)
      .filter(([, p]) => !semver.satisfies(promised, (p.engines as { node: string }).node, { includePrerelease: true }))
      .map(
        ([path, p]) =>
          `${path.replace(/^.*node_modules\//, '')}@${p.version} needs node ${(p.engines as { node: string }).node}`,
      );
    expect(unsupported).toEqual([]);
  });

  it('7.19 the lock matches package.json (the overrides are recorded in it)', () => {
    expect(lock.packages[''].dependencies).toEqual(pkg.dependencies);
    expect(lock.packages[''].devDependencies).toEqual(pkg.devDependencies);
    const packages = lock.packages as Record<string, { version: string }>;
    const all = pkg.dependencies as Record<string, string>;
    const devs = pkg.devDependencies as Record<string, string>;
    for (const [name, version] of Object.entries(pkg.overrides as Record<string, string | Record<string, string>>)) {
      if (typeof version === 'string') {
        const copies = Object.entries(packages).filter(([path]) => path.endsWith(`node_modules/${name}`));
        expect(copies.length, name).toBeGreaterThan(0);
        for (const [path, p] of copies) expect(p.version, path).toBe(version);
        continue;
      }
      // a package's own dependency set to the project's ('$esbuild'): one copy in the tree, the project's
      for (const [dep, ref] of Object.entries(version)) {
        const wanted = ref.startsWith('$') ? (all[ref.slice(1)] ?? devs[ref.slice(1)]) : ref;
        const copies = Object.entries(packages).filter(([path]) => path.endsWith(`node_modules/${dep}`));
        expect(
          copies.map(([path]) => path),
          `${name} > ${dep}`,
        ).toEqual([`node_modules/${dep}`]);
        expect(copies[0]![1].version, dep).toBe(wanted);
      }
    }
    // no package left in the lock that nothing depends on (npm drops them, changing the file)
    expect(
      Object.values(lock.packages as Record<string, { extraneous?: boolean }>).filter((p) => p.extraneous),
    ).toEqual([]);
  });

  it('7.21 HOST: all interfaces by default, the given address otherwise', () => {
    const base = { JWT_SECRET: 'x', DATA_DIR: '/tmp/gs-settings-test' };
    expect(loadSettings(base).host).toBe('0.0.0.0');
    expect(loadSettings({ ...base, HOST: '127.0.0.1' }).host).toBe('127.0.0.1');
    // the public pages' support address is never the sender's noreply one
    expect(loadSettings({ ...base, MAIL_FROM: 'Gestionale <noreply@studio.it>' }).supportEmail).toBe(
      'assistenza@gestionalestudi.it',
    );
    expect(loadSettings({ ...base, VENDOR_EMAIL: 'vendite@studio.it' })).toMatchObject({
      supportEmail: 'vendite@studio.it',
      vendorEmail: 'vendite@studio.it',
    });
    expect(loadSettings({ ...base, MAIL_FROM: 'Gestionale <noreply@studio.it>' }).vendorEmail).toBe(
      'noreply@studio.it',
    );
  });

  it('7.21 the README settings table lists every setting the server reads, and how long the tests take', () => {
    const source = readFileSync('server/settings.ts', 'utf8');
    const read = [...new Set([...source.matchAll(/env\.([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]!))];
    expect(read).toContain('HOST');
    const table = readme.slice(readme.indexOf('## Settings'), readme.indexOf('## Other commands'));
    for (const name of read) expect(table, name).toContain(`| \`${name}\` |`);
    expect(readme).toMatch(/npm test[\s\S]{0,600}takes about \d+ minutes/);
  });
});
