import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API, EN_CATALOG, MESSAGE_TEXT as MSG } from '@blaster/contract';
import { bonuses, whatsappAccounts } from '../src/db/schema';
import { startTestApp, type TestApp } from './support/app';
import { connect, recordEvents, waitFor, type Caller } from './support/chat';

describe('what the panel is told', () => {
  let t: TestApp;
  let admin: Caller;
  let member: Caller;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.createUser('admin');
    member = await t.createUser('member');
  });
  afterAll(() => t.close());

  it("refuses a bonus of '50.000' instead of saving Rp 50, and saves 50000", async () => {
    const refused = await t.call<{ msg: string; errors: Record<string, string> }>('POST', API.bonusCreate, {
      token: admin.token,
      body: { nominal: '50.000', reason: 'Hadiah', userId: member.id },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.nominal).toBe(MSG.bonusNominalRequired);
    expect(await t.ctx.db.select().from(bonuses).where(eq(bonuses.userId, member.id))).toHaveLength(0);

    const saved = await t.call('POST', API.bonusCreate, {
      token: admin.token,
      body: { nominal: '50000', reason: 'Hadiah', userId: member.id },
    });
    expect(saved.status).toBe(200);
    const [bonus] = await t.ctx.db.select().from(bonuses).where(eq(bonuses.userId, member.id));
    expect(bonus!.nominal).toBe(50_000);
  });

  it('sends a manual message from the sender named by its phone number, as by its client id', async () => {
    const sender = await connect(t, admin, 'code');
    const [row] = await t.ctx.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.id, sender.id));
    const phone = row!.phonenumber!;
    for (const senders of [phone, `0${phone.slice(2)}`, sender.deviceId]) {
      const sent = await t.call<{ sent: number; failed: number }>('POST', API.whatsappSendMessage, {
        token: admin.token,
        body: { senders, targets: '6281300000001,6281300000002', message: 'Halo' },
      });
      expect(sent.status).toBe(200);
      expect(sent.body.sent + sent.body.failed).toBe(2);
    }
    const unknown = await t.call<{ msg: string }>('POST', API.whatsappSendMessage, {
      token: admin.token,
      body: { senders: '6289999999999', targets: '6281300000001', message: 'Halo' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe(MSG.whatsappNotFound);
  });

  it('answers a manual send with empty fields in the panel’s words, never the validator’s English', async () => {
    const empty = await t.call<{ msg: string; errors: Record<string, string> }>(
      'POST',
      API.whatsappSendMessage,
      {
        token: admin.token,
        body: { senders: '', targets: ' ', message: '' },
      },
    );
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toBe(MSG.textRequired);
    expect(empty.body.errors).toEqual({
      senders: MSG.textRequired,
      targets: MSG.textRequired,
      message: MSG.textRequired,
    });
    const missing = await t.call<{ msg: string; errors: Record<string, string> }>(
      'POST',
      API.whatsappSendMessage,
      {
        token: admin.token,
        body: {},
        headers: { 'accept-language': 'en' },
      },
    );
    expect(missing.status).toBe(400);
    expect(missing.body.errors.message).toBe(EN_CATALOG.textRequired);
    expect(JSON.stringify(missing.body)).not.toMatch(/expected|Too small|Invalid input/);
  });

  it("tells every open list an account's new counts after a reset (count_synced)", async () => {
    const account = await connect(t, member, 'qr');
    await t.ctx.db
      .update(whatsappAccounts)
      .set({ countSuccess: 7, countFail: 2, income: 700 })
      .where(eq(whatsappAccounts.id, account.id));
    const seen = recordEvents(t);
    const reset = await t.call('POST', API.whatsappReset, { token: member.token, body: { id: account.id } });
    expect(reset.status).toBe(200);
    const synced = seen.filter((e) => e.message.event === 'count_synced');
    expect(synced.map((e) => e.channel).sort()).toEqual(['admin', String(member.id)].sort());
    expect(synced[0]!.message.sender?.id).toBe(account.id);
    expect(synced[0]!.message.payload).toMatchObject({ count_success: 0, count_fail: 0, income: 0 });
  });

  it("marks a generator's account as progressing while the job runs, and lists X of Y", async () => {
    const staff = await t.createUser('staff');
    const account = await connect(t, staff, 'qr');
    const created = await t.call<{ generator: { id: number; position: number; total: number } }>(
      'POST',
      API.lookupCreate('generator'),
      {
        token: staff.token,
        body: {
          whatsapp_id: account.id,
          start_number: '6281700000000',
          end_number: '6281700000004',
          interval_min: 0,
          interval_max: 0,
        },
      },
    );
    expect(created.body.generator).toMatchObject({ position: 0, total: 5 });
    const id = created.body.generator.id;
    const seen = recordEvents(t);
    await t.call('POST', API.lookupStart('generator'), { token: staff.token, body: { id } });
    await waitFor(() => seen.some((e) => e.message.event === 'finished'), 'generator to finish');

    const progressing = seen.filter(
      (e) => e.channel === String(staff.id) && e.message.event === 'progressing',
    );
    // On when the job starts asking, off once it ends; about the account, naming the job.
    expect(progressing.map((e) => e.message.payload?.value)).toEqual([true, false]);
    expect(progressing[0]!.message.sender).toMatchObject({ id: account.id, clientid: account.deviceId });
    expect(progressing[0]!.message.payload).toMatchObject({ kind: 'generator', jobId: id });

    const updates = seen.filter((e) => e.channel === String(staff.id) && e.message.event === 'update_target');
    expect(updates.at(-1)!.message.payload?.generator).toMatchObject({ position: 5, total: 5 });
    const listed = await t.call<{ data: { id: number; position: number; total: number }[] }>(
      'GET',
      `${API.lookupPerPage('generator')}?page=1`,
      { token: staff.token },
    );
    expect(listed.body.data.find((row) => row.id === id)).toMatchObject({ position: 5, total: 5 });
  });
});
