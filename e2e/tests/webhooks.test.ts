import assert from 'node:assert/strict';
import { EventEmitter, once } from 'node:events';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { WEBHOOK_TEXT } from '@blaster/contract';
import { test } from '../support/fixtures';
import { ADMIN_EMAIL, ADMIN_PASSWORD, signIn, until, type Stack } from '../support/stack';

// The receiver listens on loopback, which only the operator's allowance opens; one failed attempt
// is the last, so the given-up delivery and its replay show.
test.use({ serverEnv: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_MAX_ATTEMPTS: '1' } });

let stack: Stack;
test.beforeAll(({ stack: shared }) => {
  stack = shared;
});

test('an admin adds a webhook endpoint, sees its secret once and its test event delivered after a replay', async () => {
  // The operator's receiver: a local server that refuses the first request and accepts the rest.
  const received: { type: string; id: string }[] = [];
  const arrivals = new EventEmitter();
  const receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push(JSON.parse(body) as { type: string; id: string });
      response.writeHead(received.length === 1 ? 500 : 204).end();
      arrivals.emit('delivery');
    });
  });
  /** Resolves once the receiver holds `count` deliveries. */
  const deliveries = async (count: number) => {
    while (received.length < count) await once(arrivals, 'delivery');
  };
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  try {
    const { page } = await stack.newPage();
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page
      .getByRole('navigation', { name: 'Menu utama' })
      .getByRole('link', { name: WEBHOOK_TEXT.menu })
      .click();
    await page.waitForURL('**/webhooks');

    await page.getByRole('button', { name: WEBHOOK_TEXT.addEndpoint }).click();
    // A non-http address is refused with the contract's message.
    await page.locator('#webhook-url').fill('ftp://example.test/hook');
    await page.getByLabel('account.status').check();
    await page.getByRole('button', { name: WEBHOOK_TEXT.save }).click();
    await page.getByText(WEBHOOK_TEXT.urlScheme).waitFor();
    // So is an address inside the network (the cloud's metadata service).
    await page.locator('#webhook-url').fill('http://169.254.169.254/latest/meta-data/');
    await page.getByRole('button', { name: WEBHOOK_TEXT.save }).click();
    await page.getByText(WEBHOOK_TEXT.urlNotPublic).waitFor();

    await page.locator('#webhook-url').fill(url);
    await page.getByRole('button', { name: WEBHOOK_TEXT.save }).click();
    await page.getByText(WEBHOOK_TEXT.secretOnce).waitFor();
    const secret = await page.locator('code', { hasText: 'whsec_' }).innerText();
    assert.match(secret, /^whsec_/);

    await page.getByRole('button', { name: WEBHOOK_TEXT.sendTest }).click();
    await page.getByText(WEBHOOK_TEXT.testQueued).waitFor();
    await deliveries(1);
    assert.equal(received[0]?.type, 'webhook.test');
    // Refused once, given up: the row says so and offers a replay.
    const row = page.getByRole('row', { name: /webhook\.test/ });
    await until(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      return row.getByText(WEBHOOK_TEXT.statusDead, { exact: true }).isVisible();
    });
    await row.getByText('HTTP 500').waitFor();
    await row.getByRole('button', { name: WEBHOOK_TEXT.replay }).click();
    await page.getByText(WEBHOOK_TEXT.replayQueued).waitFor();
    await deliveries(2);
    assert.equal(received[1]?.id, received[0]?.id);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await row.getByText(WEBHOOK_TEXT.statusDelivered, { exact: true }).waitFor();

    if (process.env.WEBHOOK_SCREENSHOTS) {
      const outDir = resolve(import.meta.dirname, '../artifacts');
      mkdirSync(outDir, { recursive: true });
      await page.screenshot({ path: resolve(outDir, 'webhooks-light.png'), fullPage: true });
    }
  } finally {
    receiver.close();
  }
});
