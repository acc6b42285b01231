import { configDefaults, defineConfig } from 'vitest/config';

/**
 * API test files that never open the test database (they launch the embedded server, or touch none):
 * a run on PostgreSQL (TEST_DATABASE_URL) would repeat them exactly, so it leaves them out.
 */
const SAME_ON_EVERY_DATABASE = [
  'admin-credentials',
  'bundle',
  'embedded-lock',
  'embedded-maintenance',
  'faults-embedded',
  'holes-opt-out',
  'number-set',
  'ops-shutdown',
  'password-hashing',
  'schema-snapshots',
  'sender-report',
  'spool',
  'tokens',
].map((name) => `test/${name}.test.ts`);

export default defineConfig({
  test: {
    // Both cores: each API test app has a database of its own, and API processes take free ports.
    maxWorkers: 2,
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['test/**/*.test.ts'] } },
      {
        extends: 'apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // A fresh context per file in a kept process: each file still starts from its own modules and
          // document, without a new process and a new jsdom import for every file (151 → 65 core-seconds).
          pool: 'vmForks',
          setupFiles: ['src/test/setup.ts'],
          // Only ends a hang (the waits inside take theirs from src/test/setup.ts).
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['test/**/*.test.ts'],
          exclude: [
            ...configDefaults.exclude,
            ...(process.env.TEST_DATABASE_URL ? SAME_ON_EVERY_DATABASE : []),
          ],
          globalSetup: ['test/support/global-database.ts'],
          // Files share their worker's loaded modules: each file importing the app afresh cost about
          // 4.7 s (half the suite's time). Test files keep no state between them: each test app opens
          // a database of its own and is closed by its file, and mocks and fake timers are restored.
          isolate: false,
          setupFiles: ['test/support/setup.ts'],
          // Passwords are hashed at the cheapest cost still recommended, here and in the servers tests
          // launch (they inherit this environment): the default's work is five times as much.
          env: { PASSWORD_HASH_MEMORY_KIB: '19456', PASSWORD_HASH_PASSES: '2', PASSWORD_HASH_LANES: '1' },
          // Tests wait for events, not deadlines: the limit only ends a test that hangs, so it is
          // generous enough for a machine busy with other work.
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
