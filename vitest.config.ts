import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import LongFirst from './tests/helpers/sequencer';

// Two workers on the 2-core machine (vitest's default there is one): every project's files run on
// both. TEST_WORKERS overrides it (e.g. 1 to read one file's output alone).
const workers = Number(process.env.TEST_WORKERS) || 2;

export default defineConfig({
  plugins: [react()],
  define: { __BUILD_ID__: JSON.stringify('test') },
  test: {
    maxWorkers: workers,
    reporters: ['default', './tests/helpers/projectTimes.ts'],
    // the files known to be long start first within their project (tests/helpers/sequencer.ts)
    sequence: { sequencer: LongFirst },
    // expect.poll gives up after 1 s by default: a render or an idle callback on a loaded 2-core
    // machine takes longer (a passing poll returns as soon as it holds, so this costs nothing then)
    expect: { poll: { timeout: 15_000 } },
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      // the demo database is made once per run (tests/helpers/dbImage.ts); each file opens its own copy
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ['tests/helpers/dbImage.ts'],
          isolate: false,
        },
      },
      // 60 s a test: the long form walks (publicArea's, typing into every field) took 30 s once
      // with three suites at once on the 2-core machine (load 15); they take 2–5 s alone
      {
        extends: true,
        test: {
          name: 'ui',
          include: ['tests/ui/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/ui/setup.ts'],
          testTimeout: 60_000,
          globals: true,
        },
      },
      // the real server process killed, locked out, backed up and restored: once per run, on both
      // databases where they apply (each drill makes its own PostgreSQL database on the local server)
      {
        extends: true,
        test: {
          name: 'drills',
          include: ['tests/drills/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 180_000,
          globalSetup: ['tests/helpers/serverBuild.ts'],
        },
      },
      // one server and one browser per worker (tests/e2e/globalSetup.ts), the app built only when its sources changed
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          globalSetup: ['tests/helpers/serverBuild.ts', 'tests/e2e/globalSetup.ts'],
        },
      },
    ],
  },
});
