import assert from 'node:assert/strict';
import { API, MESSAGE_TEXT as MSG, UI_PANEL } from '@blaster/contract';
import { test } from '../support/fixtures';
import { changeSettings, connectAccount } from '../support/seed';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createUser, signIn, type Stack } from '../support/stack';

test.use({ ownServer: 'the pause depends on which numbers a blast sends to and in what order' });

let stack: Stack;
test.beforeAll(({ stack: shared }) => {
  stack = shared;
});

const login = async (email: string, password: string) =>
  (await stack.api<{ token: string }>('POST', API.login, { email, password })).data.token;

/** A new template waits for review: the admin approves it, so the blast sends it. */
async function approveTemplate(created: unknown, adminToken: string) {
  const id = (created as { message: { id: number } }).message.id;
  const approved = await stack.api('POST', API.messageReview(id), { decision: 'approve' }, adminToken);
  assert.equal(approved.status, 200, JSON.stringify(approved.data));
}

/** Numbers the sandbox (seed 42, 10 % failures) never delivers to. */
const FAILING = [
  '6281990000007',
  '6281990000008',
  '6281990000009',
  '6281990000012',
  '6281990000016',
  '6281990000018',
  '6281990000020',
  '6281990000039',
];

test('an operator sees the pause reason once an account fails past the threshold', async () => {
  const adminToken = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
  const before = await changeSettings(stack, adminToken, {
    interval_min: 0,
    interval_max: 0,
    pause_fail_window: 5,
    pause_fail_percent: 60,
  });
  for (const number of FAILING)
    assert.equal((await stack.api('POST', API.phoneSave, { number, name: 'Gagal' }, adminToken)).status, 200);
  const templates = await stack.api('POST', API.messageCreate, { text: '<p>Halo {name}</p>' }, adminToken);
  assert.ok(templates.status < 300, JSON.stringify(templates.data));
  await approveTemplate(templates.data, adminToken);

  const member = await createUser(stack, 'member', 'Tono');
  const memberToken = await login(member.email, member.password);
  const id = await connectAccount(stack, memberToken, member.id);

  const { context, page } = await stack.newPage();
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto(`/member/whatsapp?id=${member.id}`);
  await page.getByTestId(`state-${id}`).waitFor();
  const started = await stack.api('POST', API.whatsappStart, { whatsappClientId: id }, memberToken);
  assert.equal(started.status, 200);

  // Told live on the operators' channel, without a reload.
  const reason = page.getByTestId(`paused-${id}`);
  await reason.waitFor();
  assert.match(
    await reason.innerText(),
    /^Dijeda otomatis: \d+ dari 5 kiriman terakhir gagal \(batas 60%\)\.$/,
  );

  // The blast's card names the rule that paused it, in words.
  await page
    .getByTestId(`campaign-reason-${id}`)
    .filter({ hasText: 'Dijeda oleh aturan kegagalan' })
    .waitFor();
  assert.equal(await page.getByTestId(`campaign-status-${id}`).innerText(), 'Dijeda otomatis');

  // The health page lists the pause and its reason.
  await page.goto(`/whatsapp/health?id=${id}`);
  const pauses = page.getByTestId('health-pauses');
  await pauses.waitFor();
  assert.match(await pauses.innerText(), /Dijeda otomatis/);
  await context.close();

  // Back off, so the next test blasts as the spec says.
  await changeSettings(stack, adminToken, { ...before, pause_fail_window: '', pause_fail_percent: '' });
});

test('a member schedules a blast on an own account and cancels it', async () => {
  const member = await createUser(stack, 'member', 'Sari');
  const memberToken = await login(member.email, member.password);
  const id = await connectAccount(stack, memberToken, member.id);
  const { context, page } = await stack.newPage();
  await signIn(page, member.email, member.password);
  await page.goto('/whatsapp');
  const row = page.getByRole('row').filter({ has: page.getByTestId(`state-${id}`) });
  await row.getByRole('button', { name: MSG.schedule }).click();
  // The dialog offers a time ten minutes ahead; the member keeps it.
  const dialog = page.getByRole('dialog');
  await dialog.getByText(MSG.scheduleAt).waitFor();
  await dialog.getByRole('button', { name: MSG.schedule }).click();
  await page.getByTestId(`scheduled-${id}`).waitFor();
  assert.match(await page.getByTestId(`scheduled-${id}`).innerText(), /^Terjadwal: /);
  const scheduled = await stack.api<{ whatsapp: { scheduled_at: string | null } }>(
    'GET',
    API.whatsapp(id),
    undefined,
    memberToken,
  );
  assert.ok(scheduled.data.whatsapp.scheduled_at);
  assert.ok(new Date(scheduled.data.whatsapp.scheduled_at).getTime() > Date.now());

  await row.getByRole('button', { name: MSG.cancelSchedule }).click();
  await page.getByTestId(`scheduled-${id}`).waitFor({ state: 'detached' });
  await row.getByRole('button', { name: MSG.schedule }).waitFor();
  const cancelled = await stack.api<{ whatsapp: { scheduled_at: string | null } }>(
    'GET',
    API.whatsapp(id),
    undefined,
    memberToken,
  );
  assert.equal(cancelled.data.whatsapp.scheduled_at, null);
  await context.close();
});

/** The clock in Jakarta (the server's time zone) `offsetHours` from now, as quiet hours are written. */
const jakartaClock = (offsetHours: number) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Jakarta',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(Date.now() + offsetHours * 3_600_000));

test('a blast started in quiet hours is held, and its card says until when', async () => {
  const adminToken = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
  const quietEnd = jakartaClock(1);
  const before = await changeSettings(stack, adminToken, {
    quiet_start: jakartaClock(-1),
    quiet_end: quietEnd,
  });
  assert.equal(
    (await stack.api('POST', API.phoneSave, { number: '6281990200001', name: 'Malam' }, adminToken)).status,
    200,
  );
  const templates = await stack.api('POST', API.messageCreate, { text: '<p>Selamat pagi</p>' }, adminToken);
  assert.ok(templates.status < 300, JSON.stringify(templates.data));
  await approveTemplate(templates.data, adminToken);

  const member = await createUser(stack, 'member', 'Malam');
  const memberToken = await login(member.email, member.password);
  const id = await connectAccount(stack, memberToken, member.id);
  const { context, page } = await stack.newPage();
  await signIn(page, member.email, member.password);
  await page.goto('/whatsapp');
  await page.getByTestId(`state-${id}`).waitFor();
  const started = await stack.api('POST', API.whatsappStart, { whatsappClientId: id }, memberToken);
  assert.equal(started.status, 200);

  // Held, not failed: the card names the quiet hours and the time they end, and nothing is sent.
  await page
    .getByTestId(`campaign-reason-${id}`)
    .filter({ hasText: UI_PANEL['campaign.hold.quiet'].replace('{{end}}', quietEnd) })
    .waitFor();
  assert.equal(await page.getByTestId(`campaign-status-${id}`).innerText(), UI_PANEL['campaign.status.held']);
  assert.equal(await page.getByTestId(`success-${id}`).innerText(), '0');
  await stack.api('POST', API.whatsappStop, { whatsappClientId: id }, memberToken);
  await context.close();

  await changeSettings(stack, adminToken, { ...before, quiet_start: '', quiet_end: '' });
});
