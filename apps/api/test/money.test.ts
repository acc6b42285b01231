import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, eq, inArray } from 'drizzle-orm';
import { API, MESSAGE_TEXT as MSG, WITHDRAW_CODE_NO_BANK, type WithdrawStatus } from '@blaster/contract';
import { ledgerEntries, messageLogs, settings, users } from '../src/db/schema';
import { creditBlastIncome } from '../src/ledger/ledger';
import { startTestApp, type TestApp } from './support/app';

let t: TestApp;
let admin: { id: number; token: string };

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createUser('admin');
});
afterAll(() => t.close());

const BANK = { account_bank: 'BCA', account_number: '1234567890', account_name: 'Penerima' };

async function memberWithBank(overrides: Record<string, unknown> = {}) {
  const member = await t.createUser('member', overrides);
  const saved = await t.call('PUT', API.user(member.id), { token: member.token, body: BANK });
  expect(saved.status).toBe(200);
  return member;
}

async function referralCodeOf(id: number) {
  const [row] = await t.ctx.db.select({ code: users.referralCode }).from(users).where(eq(users.id, id));
  return row!.code;
}

/** A successful blast in the message log, paid through the ledger like the blast engine does. */
async function blast(userId: number, amount: number, referralPercent: number) {
  const [log] = await t.ctx.db
    .insert(messageLogs)
    .values({ userId, whatsappId: 1, target: '6281100000000', status: 'success' })
    .returning({ id: messageLogs.id });
  await creditBlastIncome(t.ctx.db, { userId, messageLogId: log!.id, amount, referralPercent });
  return log!.id;
}

async function figures(member: { id: number; token: string }) {
  const get = async (url: string) => (await t.call('GET', url, { token: member.token })).body;
  const [balance, income, requested, accepted, bonus, referral] = await Promise.all([
    get(API.balance(member.id)),
    get(API.withdrawIncome(member.id)),
    get(API.withdrawTotalRequested(member.id)),
    get(API.withdrawTotalAccepted(member.id)),
    get(API.totalBonus(member.id)),
    get(`${API.referralPerPage}?page=1`),
  ]);
  return {
    balance: balance.balance as number,
    income: income.income as number,
    requested: requested.total as number,
    accepted: accepted.total as number,
    bonus: bonus.totalBonus as number,
    referral: referral.total as number,
  };
}

type Op =
  | { kind: 'blast'; amount: number }
  | { kind: 'referredBlast'; amount: number }
  | { kind: 'bonus'; nominal: number }
  | { kind: 'revoke'; pick: number }
  | { kind: 'withdraw'; nominal: number }
  | { kind: 'decide'; pick: number; status: WithdrawStatus };

const operation: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('blast' as const), amount: fc.integer({ min: 1, max: 20_000 }) }),
  fc.record({ kind: fc.constant('referredBlast' as const), amount: fc.integer({ min: 1, max: 20_000 }) }),
  fc.record({ kind: fc.constant('bonus' as const), nominal: fc.integer({ min: 1, max: 40_000 }) }),
  fc.record({ kind: fc.constant('revoke' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('withdraw' as const), nominal: fc.integer({ min: 10_000, max: 60_000 }) }),
  fc.record({
    kind: fc.constant('decide' as const),
    pick: fc.nat(),
    status: fc.constantFrom<WithdrawStatus>('requested', 'accepted', 'rejected'),
  }),
);

const ALLOWED: Record<WithdrawStatus, WithdrawStatus[]> = {
  requested: ['accepted', 'rejected'],
  accepted: ['requested'],
  rejected: ['requested'],
};

describe('ledger', () => {
  it('keeps balance = income + bonus + referral - (requested + accepted) over random operations', async () => {
    const REFERRAL_PERCENT = 10;
    await t.ctx.db.update(settings).set({ referralPercent: REFERRAL_PERCENT });
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 14 }), async (ops) => {
        const member = await memberWithBank();
        // Someone the member referred: their blasts pay the member a referral share.
        const referred = await t.createUser('member', { referral_code: await referralCodeOf(member.id) });
        const model = { income: 0, referral: 0, bonus: 0 };
        const bonuses: { id: number; nominal: number }[] = [];
        const requests: { id: number; nominal: number; status: WithdrawStatus }[] = [];
        const held = (status: WithdrawStatus) =>
          requests.filter((r) => r.status === status).reduce((sum, r) => sum + r.nominal, 0);
        const balance = () =>
          model.income + model.referral + model.bonus - held('requested') - held('accepted');

        for (const op of ops) {
          if (op.kind === 'blast') {
            await blast(member.id, op.amount, REFERRAL_PERCENT);
            model.income += op.amount;
          } else if (op.kind === 'referredBlast') {
            await blast(referred.id, op.amount, REFERRAL_PERCENT);
            model.referral += Math.floor((op.amount * REFERRAL_PERCENT) / 100);
          } else if (op.kind === 'bonus') {
            const answer = await t.call<{ bonus: { id: number } }>('POST', API.bonusCreate, {
              token: admin.token,
              body: { nominal: op.nominal, reason: 'Hadiah', userId: member.id },
            });
            expect(answer.status).toBe(200);
            bonuses.push({ id: answer.body.bonus.id, nominal: op.nominal });
            model.bonus += op.nominal;
          } else if (op.kind === 'revoke') {
            if (bonuses.length === 0) continue;
            const index = op.pick % bonuses.length;
            const bonus = bonuses[index]!;
            const answer = await t.call('DELETE', API.bonus(bonus.id), { token: admin.token });
            if (balance() >= bonus.nominal) {
              expect(answer.status).toBe(200);
              bonuses.splice(index, 1);
              model.bonus -= bonus.nominal;
            } else {
              expect(answer.status).toBe(400);
            }
          } else if (op.kind === 'withdraw') {
            const answer = await t.call<{ withdraw: { id: number } }>('POST', API.withdrawRequest, {
              token: member.token,
              body: { nominal: op.nominal, userId: member.id },
            });
            if (op.nominal <= balance()) {
              expect(answer.status).toBe(200);
              requests.push({ id: answer.body.withdraw.id, nominal: op.nominal, status: 'requested' });
            } else {
              expect(answer.status).toBe(400);
              expect(answer.body).toMatchObject({ msg: MSG.withdrawOverBalance });
            }
          } else {
            if (requests.length === 0) continue;
            const request = requests[op.pick % requests.length]!;
            const answer = await t.call('PUT', API.withdrawUpdate, {
              token: admin.token,
              body: { id: request.id, status: op.status },
            });
            const reopensWithoutMoney =
              request.status === 'rejected' && op.status === 'requested' && balance() < request.nominal;
            if (ALLOWED[request.status].includes(op.status) && !reopensWithoutMoney) {
              expect(answer.status).toBe(200);
              request.status = op.status;
            } else {
              expect(answer.status).toBe(400);
            }
          }
        }

        const seen = await figures(member);
        expect(seen).toEqual({
          balance: balance(),
          income: model.income,
          referral: model.referral,
          bonus: model.bonus,
          requested: held('requested'),
          accepted: held('accepted'),
        });
        expect(seen.balance).toBe(
          seen.income + seen.bonus + seen.referral - (seen.requested + seen.accepted),
        );
        expect(seen.balance).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 20 },
    );
  });

  it('never overdraws when 20 withdrawal requests arrive at once', async () => {
    const member = await memberWithBank();
    await t.call('POST', API.bonusCreate, {
      token: admin.token,
      body: { nominal: 55_000, reason: 'Modal', userId: member.id },
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call('POST', API.withdrawRequest, {
          token: member.token,
          body: { nominal: 10_000, userId: member.id },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(15);
    const seen = await figures(member);
    expect(seen.requested).toBe(50_000);
    expect(seen.balance).toBe(5_000);
  });

  it('credits the referral share once per blast, however often the blast is reported', async () => {
    await t.ctx.db.update(settings).set({ referralPercent: 5 });
    const referrer = await t.createUser('member');
    const earner = await t.createUser('member', { referral_code: await referralCodeOf(referrer.id) });
    const logId = await blast(earner.id, 2_000, 5);
    const again = await creditBlastIncome(t.ctx.db, {
      userId: earner.id,
      messageLogId: logId,
      amount: 2_000,
      referralPercent: 5,
    });
    expect(again.credited).toBe(false);
    expect((await figures(earner)).income).toBe(2_000);
    const referrerFigures = await figures(referrer);
    expect(referrerFigures.referral).toBe(100);
    expect(referrerFigures.balance).toBe(100);
    const list = await t.call<{ data: { id: number; income: number }[] }>(
      'GET',
      `${API.referralPerPage}?page=1`,
      {
        token: referrer.token,
      },
    );
    expect(list.body.data).toEqual([expect.objectContaining({ id: earner.id, income: 100 })]);
    // ref_id points at a message log only for blast kinds; a bonus's ref_id is a bonus id and may be equal.
    const entries = await t.ctx.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.refId, logId), inArray(ledgerEntries.userId, [earner.id, referrer.id])));
    expect(entries.map((e) => e.kind).sort()).toEqual(['blast_income', 'referral_income']);
  });
});

describe('withdrawal requests', () => {
  it('refuses a request below Rp 10.000 with the spec text', async () => {
    const member = await memberWithBank();
    const answer = await t.call('POST', API.withdrawRequest, {
      token: member.token,
      body: { nominal: 9_999, userId: member.id },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe(MSG.minWithdraw);
  });

  it('answers code 1 to a member without bank details', async () => {
    const member = await t.createUser('member');
    await t.call('POST', API.bonusCreate, {
      token: admin.token,
      body: { nominal: 20_000, reason: 'Modal', userId: member.id },
    });
    const answer = await t.call('POST', API.withdrawRequest, {
      token: member.token,
      body: { nominal: 10_000, userId: member.id },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: WITHDRAW_CODE_NO_BANK, msg: MSG.withdrawNoBank });
  });

  it('lets staff list every request but only admin decide, with the spec messages', async () => {
    const member = await memberWithBank();
    const staff = await t.createUser('staff');
    await t.call('POST', API.bonusCreate, {
      token: admin.token,
      body: { nominal: 30_000, reason: 'Modal', userId: member.id },
    });
    const request = await t.call<{ withdraw: { id: number } }>('POST', API.withdrawRequest, {
      token: member.token,
      body: { nominal: 12_000, userId: member.id },
    });
    const id = request.body.withdraw.id;
    const listed = await t.call<{ data: { id: number; User: { account_bank: string } }[] }>(
      'GET',
      `${API.withdrawHistoriesPerPage}?page=1`,
      { token: staff.token },
    );
    expect(listed.body.data.find((row) => row.id === id)?.User.account_bank).toBe('BCA');
    const byStaff = await t.call('PUT', API.withdrawUpdate, {
      token: staff.token,
      body: { id, status: 'accepted' },
    });
    expect(byStaff.status).toBe(403);
    const texts: [WithdrawStatus, string][] = [
      ['accepted', MSG.withdrawAccepted],
      ['requested', MSG.withdrawCancelled],
      ['rejected', MSG.withdrawRejected],
    ];
    for (const [status, text] of texts) {
      const answer = await t.call('PUT', API.withdrawUpdate, { token: admin.token, body: { id, status } });
      expect(answer.body.msg).toBe(text);
    }
    expect((await figures(member)).balance).toBe(30_000);
  });

  it('refuses a member asking for money out of someone else’s balance', async () => {
    const member = await memberWithBank();
    const victim = await memberWithBank();
    const answer = await t.call('POST', API.withdrawRequest, {
      token: member.token,
      body: { nominal: 10_000, userId: victim.id },
    });
    expect(answer.status).toBe(403);
  });
});

describe('member privacy', () => {
  it('shows member A nothing of member B', async () => {
    const a = await memberWithBank();
    const b = await memberWithBank();
    await t.call('POST', API.bonusCreate, {
      token: admin.token,
      body: { nominal: 25_000, reason: 'Rahasia B', userId: b.id },
    });
    await t.call('POST', API.withdrawRequest, { token: b.token, body: { nominal: 10_000, userId: b.id } });
    const asA = (url: string) => t.call<Record<string, unknown>>('GET', url, { token: a.token });

    for (const url of [
      API.balance(b.id),
      API.withdrawIncome(b.id),
      API.withdrawHistory(b.id),
      API.withdrawTotalRequested(b.id),
      API.totalBonus(b.id),
      API.user(b.id),
    ]) {
      expect((await asA(url)).status, url).toBe(403);
    }
    // Lists that take a user id give A their own rows whatever A names.
    for (const url of [
      `${API.bonusPerPage}?page=1&user_id=${b.id}`,
      `${API.withdrawHistoriesPerPage}?page=1&user_id=${b.id}`,
      `${API.referralPerPage}?page=1&userId=${b.id}`,
    ]) {
      const answer = await asA(url);
      expect(answer.status, url).toBe(200);
      expect(answer.body.data, url).toEqual([]);
    }
    // And B does see their own.
    const own = await t.call<{ data: unknown[] }>('GET', `${API.bonusPerPage}?page=1`, { token: b.token });
    expect(own.body.data).toHaveLength(1);
  });
});

describe('levels', () => {
  it('validates, saves, edits and deletes a level; members may not touch levels', async () => {
    const invalid = await t.call<{ errors: Record<string, string> }>('POST', API.levelCreate, {
      token: admin.token,
      body: { name: ' ', blast_fee: '', requirement_blast: '' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toMatchObject({
      name: MSG.levelNameRequired,
      blast_fee: MSG.levelFeeRequired,
      requirement_blast: MSG.levelRequirementRequired,
    });
    const created = await t.call<{ level: { id: number; name: string } }>('POST', API.levelCreate, {
      token: admin.token,
      body: { name: 'Platinum', blast_fee: 200, requirement_blast: 20_000 },
    });
    expect(created.status).toBe(200);
    const id = created.body.level.id;
    await t.call('PUT', API.level(id), {
      token: admin.token,
      body: { name: 'Platinum+', blast_fee: 250, requirement_blast: 20_000 },
    });
    const list = await t.call<{ list: { id: number; name: string; blast_fee: number }[] }>(
      'GET',
      API.levelList,
      {
        token: admin.token,
      },
    );
    expect(list.body.list.find((level) => level.id === id)).toMatchObject({
      name: 'Platinum+',
      blast_fee: 250,
    });
    const member = await t.createUser('member');
    expect((await t.call('DELETE', API.level(id), { token: member.token })).status).toBe(403);
    expect((await t.call('DELETE', API.level(id), { token: admin.token })).status).toBe(200);
    expect((await t.call('GET', API.level(id), { token: admin.token })).status).toBe(404);
  });
});

describe('revoking one bonus twice at once', () => {
  it('takes the money back once: one revoke succeeds, the other finds the bonus gone', async () => {
    const member = await memberWithBank();
    for (const nominal of [30_000, 40_000]) {
      const given = await t.call('POST', API.bonusCreate, {
        token: admin.token,
        body: { nominal, reason: 'Hadiah', userId: member.id },
      });
      expect(given.status).toBe(200);
    }
    const list = await t.call<{ data: { id: number; nominal: number }[] }>(
      'GET',
      `${API.bonusPerPage}?page=1&user_id=${member.id}`,
      { token: admin.token },
    );
    const bonus = list.body.data.find((row) => row.nominal === 30_000)!;
    const answers = await Promise.all(
      [1, 2, 3].map(() => t.call<{ msg: string }>('DELETE', API.bonus(bonus.id), { token: admin.token })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404, 404]);
    const balance = await t.call<{ balance: number }>('GET', API.balance(member.id), { token: admin.token });
    expect(balance.body.balance).toBe(40_000);
  });
});
