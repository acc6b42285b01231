import assert from 'node:assert/strict';
import { API, newDeviceId } from '@blaster/contract';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createUser, until, type Server } from './stack';

/** Signs in over the API. */
export const login = async (server: Server, email: string, password: string) =>
  (
    await server.api<{ token: string; user: { id: number; referral_code: string } }>('POST', API.login, {
      email,
      password,
    })
  ).data;

/**
 * Changes some settings as an admin does on the settings page, the rest saved back as they are;
 * answers the settings as they were before, for a test that puts them back.
 */
export async function changeSettings(server: Server, token: string, change: Record<string, unknown>) {
  const before = await server.api<{ setting: Record<string, unknown> }>(
    'GET',
    API.settingGet,
    undefined,
    token,
  );
  const saved = await server.api('PUT', API.settingUpdate, { ...before.data.setting, ...change }, token);
  assert.equal(saved.status, 200, JSON.stringify(saved.data));
  return before.data.setting;
}

/**
 * Connects a sandbox chat account over the API, as its owner, with the steps the connect screen
 * takes; returns the account's id.
 */
export async function connectAccount(server: Server, token: string, userId: number) {
  const deviceId = newDeviceId();
  const created = await server.api(
    'POST',
    API.whatsappNewClient,
    { deviceId, userId, previousDeviceId: null },
    token,
  );
  assert.equal(created.status, 200, JSON.stringify(created.data));
  await server.api('GET', API.whatsappQr(deviceId), undefined, token);
  assert.equal((await server.api('POST', API.sandboxScan, { deviceId }, token)).status, 200);
  await until(
    async () =>
      (await server.api<{ state: string }>('GET', API.whatsappClientState(deviceId), undefined, token)).data
        .state === 'connected',
  );
  const saved = await server.api<{ whatsapp: { id: number } }>(
    'POST',
    API.whatsappSave,
    { clientid: deviceId, user_id: userId },
    token,
  );
  assert.equal(saved.status, 200, JSON.stringify(saved.data));
  return saved.data.whatsapp.id;
}

/**
 * A row in each list: a member (Lestari) with a referred member, a bonus, a bank account and a
 * withdrawal request; a proxy; a developer's demo numbers and template; chat accounts of the member
 * and the admin, and a generator on the admin's.
 */
export async function seedLists(server: Server) {
  const admin = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
  const member = await createUser(server, 'member', 'Lestari');
  const memberLogin = await login(server, member.email, member.password);
  const dev = await createUser(server, 'dev', 'Dewi');
  const referred = await server.api(
    'POST',
    API.register,
    {
      firstName: 'Rudi',
      lastName: 'Hartono',
      email: `rudi-${Date.now()}@e2e.test`,
      password: 'rahasia-123',
      password2: 'rahasia-123',
      referral_code: memberLogin.user.referral_code,
      agreeToTerms: true,
    },
    undefined,
    // A shared server counts sign-ups per address; createUser's addresses stay below this one.
    '127.0.250.1',
  );
  assert.equal(referred.status, 200, JSON.stringify(referred.data));
  const as = admin.token;
  await server.api('POST', API.bonusCreate, { nominal: 75_000, reason: 'Bonus', userId: member.id }, as);
  await server.api(
    'PUT',
    API.user(member.id),
    { account_bank: 'BCA', account_number: '1234567890', account_name: 'Lestari' },
    memberLogin.token,
  );
  await server.api('POST', API.withdrawRequest, { nominal: 20_000, userId: member.id }, memberLogin.token);
  await server.api('POST', API.proxySave, { value: 'http://user:secret@203.0.113.10:8080' }, as);
  const devLogin = await login(server, dev.email, dev.password);
  await server.api('POST', API.sandboxDemoData, { count: 3 }, devLogin.token);
  const [memberAccount, adminAccount] = await Promise.all([
    connectAccount(server, memberLogin.token, member.id),
    connectAccount(server, as, admin.user.id),
  ]);
  const generator = await server.api(
    'POST',
    API.lookupCreate('generator'),
    { whatsapp_id: adminAccount, start_number: '6281500000001', end_number: '6281500000030' },
    as,
  );
  assert.equal(generator.status, 200, JSON.stringify(generator.data));
  return { admin, member, memberLogin, dev, memberAccount, adminAccount };
}
