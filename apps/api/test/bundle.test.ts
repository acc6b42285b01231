import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { API, MESSAGE_TEXT as MSG } from '@blaster/contract';
import { call, launchListening, type LaunchedProcess } from './support/instances';

const dataDir = mkdtempSync(join(tmpdir(), 'blaster-bundle-'));
let launched: LaunchedProcess | undefined;

afterAll(async () => {
  launched?.process.kill('SIGTERM');
  await launched?.exited;
  rmSync(dataDir, { recursive: true, force: true });
});

// The bundle drops modules imported only for what they do on load unless the package says they
// matter; the one that words the validator's answers did, so `npm start` answered in its English.
it('the bundle `npm start` runs answers an empty form in the panel’s words, as the sources do', async () => {
  const admin = { email: 'admin@bundle.test', password: 'bundle-admin-password' };
  const started = await launchListening(dataDir, {
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  });
  launched = started.launched;
  expect(started.running).toBe(true);
  const { body: session } = await call<{ token: string }>(launched, 'POST', API.login, { body: admin });
  const empty = await call<{ msg: string; errors: Record<string, string> }>(
    launched,
    'POST',
    API.whatsappSendMessage,
    { token: session.token, body: { senders: '', targets: ' ', message: '' } },
  );
  expect(empty.status).toBe(400);
  expect(empty.body).toMatchObject({
    msg: MSG.textRequired,
    errors: { senders: MSG.textRequired, targets: MSG.textRequired, message: MSG.textRequired },
  });
});
