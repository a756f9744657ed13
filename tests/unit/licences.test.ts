/**
 * Issue 17 item 5: docs/licences.md lists exactly the installed production packages (as
 * `npm run licences` writes it), and every licence is one a closed-source SaaS may ship.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { allowed, productionPackages, render } from '../../scripts/licences';

describe('licences of the production dependencies', () => {
  const pkgs = productionPackages();

  it('docs/licences.md is current: run npm run licences after changing dependencies', () => {
    expect(pkgs.length).toBeGreaterThan(100);
    expect(readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'licences.md'), 'utf8')).toBe(render(pkgs));
  });

  it('every licence is in the allowed set (or reviewed by hand, with its reason)', () => {
    expect(pkgs.filter((p) => !allowed(p.licence)).map((p) => `${p.name} ${p.licence}`)).toEqual([]);
  });

  it('an SPDX expression: one allowed alternative of an OR suffices, an AND needs every part', () => {
    expect(allowed('(MIT OR GPL-3.0)')).toBe(true);
    expect(allowed('MIT AND GPL-3.0')).toBe(false);
    expect(allowed('GPL-3.0')).toBe(false);
    expect(allowed('UNKNOWN')).toBe(false);
  });
});
