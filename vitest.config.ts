import { defineConfig } from 'vitest/config';

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
          setupFiles: ['src/test/setup.ts'],
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['test/**/*.test.ts'],
          globalSetup: ['test/support/global-database.ts'],
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
