import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './support/stack';

export default defineConfig({
  testDir: 'tests',
  testMatch: '*.test.ts',
  globalSetup: './support/build.ts',
  // Two files at a time, one server per worker; the tests of a file run in order.
  workers: 2,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  // Tests wait for events, never for a deadline: the limit only ends a test that hangs, so it is
  // generous enough for a machine busy with other work.
  timeout: 10 * 60_000,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: CHROMIUM_LAUNCH,
    viewport: { width: 1280, height: 860 },
    trace: 'off',
    screenshot: 'off',
  },
});
