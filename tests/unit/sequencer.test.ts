/** The list of long test files that start first (tests/helpers/sequencer.ts) names real files. */
import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { LONG_FILES } from '../helpers/sequencer';
import { PROJECT_ROOT } from '../helpers/sourceFiles';

describe('test order', () => {
  it('every long file listed exists and is a test file of a project', () => {
    const files = Object.keys(LONG_FILES);
    expect(files.length).toBeGreaterThan(10);
    expect(files.filter((f) => !existsSync(join(PROJECT_ROOT, f)))).toEqual([]);
    expect(files.filter((f) => !/^tests\/(api|drills|e2e|ui|unit)\/[\w.]+\.test\.tsx?$/.test(f))).toEqual([]);
  });
});
