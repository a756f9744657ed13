/**
 * The browser tests turn off more of Chromium's features than playwright-core does (tests/e2e/chromium.ts):
 * Chromium reads the last --disable-features only, so the list there repeats playwright-core's own,
 * and a playwright-core upgrade that turns off one more must find it there too.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { CHROMIUM_ARGS, PLAYWRIGHT_DISABLED_FEATURES } from '../e2e/chromium';

describe('Chromium switches of the browser tests', () => {
  it('keep every feature playwright-core turns off, in the one --disable-features Chromium reads', () => {
    const require = createRequire(import.meta.url);
    const root = dirname(require.resolve('playwright-core/package.json'));
    const bundle = readFileSync(join(root, 'lib', 'coreBundle.js'), 'utf8');
    const list = /disabledFeatures = \[([\s\S]*?)\]\.filter\(Boolean\)/.exec(bundle)?.[1];
    expect(list, "playwright-core's list of disabled features").toBeDefined();
    const theirs = [...list!.matchAll(/^\s*"(\w+)",?\s*$/gm)].map((m) => m[1]!).filter((f) => !f.startsWith('ms'));
    expect(theirs.length).toBeGreaterThan(5);
    const flags = CHROMIUM_ARGS.filter((a) => a.startsWith('--disable-features='));
    expect(flags).toHaveLength(1);
    const ours = flags[0]!.slice('--disable-features='.length).split(',');
    expect(ours).toEqual(expect.arrayContaining(theirs));
    expect(ours).toEqual(expect.arrayContaining(['WebUIOmniboxPopup', ...PLAYWRIGHT_DISABLED_FEATURES]));
  });
});
