import assert from 'node:assert/strict';
import {
  API,
  MESSAGE_TEXT as MSG,
  UI_PANEL,
  type CampaignsAnswer,
  type TemplateRow,
} from '@blaster/contract';
import { test } from '../support/fixtures';
import { changeSettings, connectAccount } from '../support/seed';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createUser, signIn, until, type Stack } from '../support/stack';

// The network's rules on, with recipients who never block, report, fail or answer unless a template says.
test.use({
  serverEnv: {
    SANDBOX_REPUTATION: 'on',
    SANDBOX_BLOCK_RATE: '0',
    SANDBOX_REPORT_RATE: '0',
    SANDBOX_FAIL_RATE: '0',
    SANDBOX_REPLY_RATE: '0',
  },
});

let stack: Stack;
test.beforeAll(({ stack: shared }) => {
  stack = shared;
});

const login = async (email: string, password: string) =>
  (await stack.api<{ token: string }>('POST', API.login, { email, password })).data.token;

test('a template is reviewed by staff, paced, then paused by bad feedback, and the member sees why', async () => {
  const adminToken = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
  await changeSettings(stack, adminToken, {
    interval_min: 0,
    interval_max: 0,
    template_first_batch: 3,
    template_feedback_minutes: 30,
  });
  for (let i = 0; i < 8; i += 1)
    assert.equal(
      (await stack.api('POST', API.phoneSave, { number: `628199030000${i}`, name: 'Pelanggan' }, adminToken))
        .status,
      200,
    );
  // A dev writes a template every recipient of the sandbox blocks.
  const dev = await createUser(stack, 'dev', 'Dina');
  const devToken = await login(dev.email, dev.password);
  const created = await stack.api<{ message: TemplateRow }>(
    'POST',
    API.messageCreate,
    { text: '<p>Promo kilat {name}</p>' },
    devToken,
  );
  assert.equal(created.status, 200, JSON.stringify(created.data));
  const template = created.data.message;
  assert.equal(template.review_state, 'pending');
  const network = { template: 'Promo kilat', reactions: { blockRate: 1, reportRate: 0 } };
  assert.equal((await stack.api('POST', API.sandboxNetwork, network, devToken)).status, 200);

  // Staff approves it on the review screen.
  const staff = await createUser(stack, 'staff', 'Sinta');
  const reviewer = await stack.newPage();
  await signIn(reviewer.page, staff.email, staff.password);
  await reviewer.page.goto('/message/review');
  const actions = reviewer.page.locator(`[data-review-actions="${template.id}"]`);
  await actions.getByRole('button', { name: UI_PANEL['template.approve'] }).click();
  await reviewer.page.getByText(UI_PANEL['template.approved']).first().waitFor();
  await reviewer.context.close();

  // The member's blast sends the first batch of 3, then holds the rest for its feedback.
  const member = await createUser(stack, 'member', 'Mira');
  const memberToken = await login(member.email, member.password);
  const id = await connectAccount(stack, memberToken, member.id);
  assert.equal(
    (await stack.api('POST', API.whatsappStart, { whatsappClientId: id }, memberToken)).status,
    200,
  );
  const cards = () =>
    stack.api<CampaignsAnswer>('GET', API.whatsappCampaigns(member.id), undefined, memberToken);
  await until(async () =>
    (await cards()).data.campaigns.some((c) => c.account.id === id && c.hold?.key === 'templateBatchHeld'),
  );
  // Every block the batch drew is in before the network's clock passes the wait.
  await until(
    async () =>
      (await stack.api<{ message: TemplateRow }>('GET', API.message(template.id), undefined, devToken)).data
        .message.feedback.blocks >= 3,
  );
  assert.equal((await stack.api('POST', API.sandboxNetwork, { advanceHours: 1 }, devToken)).status, 200);

  // The member sees the template paused, why, and what to change.
  const reason = MSG.templatePausedBlock(template.id, 100, 5);
  const { context, page } = await stack.newPage();
  await signIn(page, member.email, member.password);
  await page.goto('/whatsapp');
  const notices = page.getByTestId('template-notices');
  await notices.getByText(reason, { exact: true }).waitFor();
  assert.ok((await notices.innerText()).includes(MSG.templatePausedRemedy));
  const answer = await cards();
  assert.equal(answer.data.templates[0]?.state, 'paused');
  await context.close();
});
