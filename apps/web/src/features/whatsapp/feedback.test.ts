import { describe, expect, it } from 'vitest';
import { MESSAGE_TEXT as MSG } from '@blaster/contract';
import { blastEndNotice, rememberStartedBlast } from './blast-feedback';
import { applyEvent, type AccountRowEvent, type LiveRow } from './live';
import { anAccount } from '../../test/accounts';

const row: LiveRow = anAccount({
  id: 4,
  user_id: 9,
  clientid: 'id-1700000000000-42',
  pushname: 'Ani',
  server: 'c.us',
  status: 'sending',
  count_success: 3,
  count_fail: 1,
  income: 300,
});

/** An account event as an older or terser server may send it: only the fields a test names. */
const event = (
  name: AccountRowEvent['event'],
  payload: Record<string, unknown> = {},
  sender = { id: 4, user_id: 9 },
) => ({ event: name, payload: { date: '2026-01-01T00:00:00Z', ...payload }, sender }) as AccountRowEvent;
const label = () => '6281234567890';

describe('blast end toasts', () => {
  it('say a blast finished because no target is left, and that an admin adds more', () => {
    expect(blastEndNotice(event('finished'), 9, label)).toMatchObject({
      tone: 'info',
      text: `${MSG.blastFinished('6281234567890')} ${MSG.noTargetsRemedy}`,
    });
  });

  it('say who can add the missing template when a blast cannot go on without one', () => {
    const notice = blastEndNotice(
      event('error_blast', {
        message: MSG.noActiveTemplate,
        reason: { key: 'noActiveTemplate', params: {} },
      }),
      9,
      label,
    );
    expect(notice).toMatchObject({
      tone: 'error',
      text: MSG.blastStopped('6281234567890', `${MSG.noActiveTemplate} ${MSG.noActiveTemplateRemedy}`),
    });
    expect(notice!.text).toContain('admin');
  });

  it('keep a named reason without a remedy as it is', () => {
    const reason = { key: 'senderNotConnected', params: { number: '62811', state: 'loggedOut' } };
    const notice = blastEndNotice(event('error_blast', { message: '62811 is loggedOut', reason }), 9, label);
    expect(notice!.text).toBe(
      MSG.blastStopped('6281234567890', MSG.senderNotConnected('62811', 'loggedOut')),
    );
  });

  it("give the server's reason when a blast stops on an error", () => {
    const notice = blastEndNotice(event('error_blast', { message: MSG.noActiveTemplate }), 9, label);
    expect(notice).toMatchObject({
      tone: 'error',
      text: MSG.blastStopped('6281234567890', MSG.noActiveTemplate),
    });
  });

  it('are one toast per end, whichever channel delivers it', () => {
    const first = blastEndNotice(event('finished'), 9, label);
    const again = blastEndNotice(event('finished'), 9, label);
    expect(first!.id).toBe(again!.id);
  });

  it("leave other people's blasts alone, unless started from this tab", () => {
    const other = event('finished', {}, { id: 5, user_id: 11 });
    expect(blastEndNotice(other, 9, label)).toBeNull();
    rememberStartedBlast(5);
    expect(blastEndNotice(other, 9, label)).not.toBeNull();
  });

  it('ignore generator and validator endings and every other event', () => {
    expect(blastEndNotice(event('finished', { generator: { id: 4 } }), 9, label)).toBeNull();
    expect(blastEndNotice(event('count_success'), 9, label)).toBeNull();
  });
});

describe('account rows', () => {
  it("read 'Generating...' while progressing, and 'Sending...' once the message leaves", () => {
    const generating = applyEvent(row, event('progressing'));
    expect(generating).toMatchObject({ progressing: true, phase: 'generating' });
    expect(applyEvent(row, event('progressing', { kind: 'validator' }))).toMatchObject({
      progressing: true,
      phase: 'validating',
    });
    expect(applyEvent(generating, event('progressing', { value: false })).progressing).toBe(false);
    expect(applyEvent(generating, event('sending'))).toMatchObject({ progressing: true, phase: 'sending' });
  });

  it('take both counts from count_synced', () => {
    expect(applyEvent(row, event('count_synced', { count_success: 0, count_fail: 0 }))).toMatchObject({
      count_success: 0,
      count_fail: 0,
    });
  });

  it('count the ends of blasts, so a late start answer cannot undo one', () => {
    const ended = applyEvent(row, event('finished', { state: 'connected' }));
    expect(ended).toMatchObject({ status: 'idle', progressing: false, ends: 1 });
  });
});
