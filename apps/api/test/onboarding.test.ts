import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, MESSAGE_TEXT as MSG } from '@blaster/contract';
import { messageLogs, messageTemplates, whatsappAccounts } from '../src/db/schema';
import { startTestApp, type TestApp } from './support/app';

let t: TestApp;
const path = ENDPOINTS.onboarding.path;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Steps = { steps: { id: string; done: boolean }[] };
async function steps(token: string) {
  const answer = await t.call<Steps>('GET', path, { token });
  expect(answer.status).toBe(200);
  return Object.fromEntries(answer.body.steps.map((step) => [step.id, step.done]));
}

describe('the getting-started checklist', () => {
  it('is refused without a token', async () => {
    const answer = await t.call('GET', path);
    expect(answer.status).toBe(401);
    expect(answer.body.msg).toBe(MSG.unauthorized);
  });

  it("ticks a dev's and an admin's steps as demo data and members are added", async () => {
    const dev = await t.createUser('dev');
    const admin = await t.createUser('admin');
    expect(await steps(admin.token)).toEqual({ phoneNumbers: false, template: false, members: false });
    expect(await steps(dev.token)).toEqual({ demoData: false, connectAccount: false, firstBlast: false });

    const demo = await t.call('POST', ENDPOINTS.sandboxDemoData.path, {
      token: dev.token,
      body: { count: 3 },
    });
    expect(demo.status).toBe(200);
    expect(await steps(dev.token)).toMatchObject({ demoData: true, connectAccount: false });
    expect(await steps(admin.token)).toEqual({ phoneNumbers: true, template: true, members: false });

    // A template switched off no longer lets a blast start: the step is open again.
    await t.ctx.db.update(messageTemplates).set({ status: 'nonactive' });
    expect(await steps(admin.token)).toMatchObject({ template: false });
    expect(await steps(dev.token)).toMatchObject({ demoData: false });
    await t.ctx.db.update(messageTemplates).set({ status: 'active' });

    await t.createUser('member');
    expect(await steps(admin.token)).toEqual({ phoneNumbers: true, template: true, members: true });
  });

  it("ticks a member's own steps only, as they connect, add a bank account and blast", async () => {
    const member = await t.createUser('member');
    const other = await t.createUser('member');
    const none = { connectAccount: false, bankDetails: false, firstBlast: false };
    expect(await steps(member.token)).toEqual(none);

    const [account] = await t.ctx.db
      .insert(whatsappAccounts)
      .values({ userId: member.id, clientid: `id-onb-${member.id}`, state: 'connected' })
      .returning();
    expect(await steps(member.token)).toEqual({ ...none, connectAccount: true });

    // Two of the three bank fields are not enough to withdraw, so not enough for the step.
    const bank = { account_name: 'Sari Dewi', account_bank: 'BCA', account_number: '' };
    const update = (body: typeof bank) =>
      t.call('PUT', `/api/admin/users/${member.id}`, { token: member.token, body });
    expect((await update(bank)).status).toBe(200);
    expect(await steps(member.token)).toMatchObject({ bankDetails: false });
    expect((await update({ ...bank, account_number: '1234567890' })).status).toBe(200);
    expect(await steps(member.token)).toEqual({ connectAccount: true, bankDetails: true, firstBlast: false });

    await t.ctx.db
      .insert(messageLogs)
      .values({ userId: member.id, whatsappId: account!.id, target: '62811', status: 'success' });
    expect(await steps(member.token)).toEqual({ connectAccount: true, bankDetails: true, firstBlast: true });

    // Nothing of one member's ticks another's.
    expect(await steps(other.token)).toEqual(none);
  });

  it('gives staff no steps: their dashboard is the withdraw requests', async () => {
    const staff = await t.createUser('staff');
    expect((await t.call<Steps>('GET', path, { token: staff.token })).body).toEqual({ steps: [] });
  });
});
