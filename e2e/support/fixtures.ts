import { test as base } from '@playwright/test';
import { startServer, stackOn, type Stack } from './stack';

interface WorkerFixtures {
  /** More server settings for the file's server (the sandbox's rates, say). */
  serverEnv: Record<string, string>;
  /**
   * Why a file needs a server of its own (a database nobody else has written to, say); empty for the
   * files that share one. Playwright gives a file with worker options of its own a worker of its own,
   * and so a server of its own.
   */
  ownServer: string;
  /** The API and web server of this worker and the runner's Chromium, shared by the worker's files. */
  stack: Stack;
}

export const test = base.extend<object, WorkerFixtures>({
  serverEnv: [{}, { scope: 'worker', option: true }],
  ownServer: ['', { scope: 'worker', option: true }],
  stack: [
    async ({ serverEnv, browser }, use) => {
      const server = await startServer(serverEnv);
      try {
        await use(stackOn(server, browser));
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker' },
  ],
});
