import { describe, expect, it } from 'vitest';
import { SenderReputation } from '../src/gateway/reputation';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const START = Date.UTC(2026, 0, 1, 10, 30);

/** A new sender at the first tier that messaged `count` new recipients at `at`. */
function sent(reputation: SenderReputation, count: number, at: number, first = 0) {
  for (let i = 0; i < count; i += 1)
    expect(reputation.take(`62800000${String(first + i).padStart(4, '0')}`, at + i * 20)).toBeNull();
}

describe('the standing report on the sender health page', () => {
  it('puts each message and block in the day it happened, and counts the way to the next tier', () => {
    const reputation = new SenderReputation(0, START);
    sent(reputation, 30, START);
    reputation.feedback('block', START + 1_000);
    const now = START + 2 * DAY + HOUR;
    sent(reputation, 10, now - HOUR, 30);

    const report = reputation.report(now);
    expect(report.days.map((day) => day.sent)).toEqual([0, 0, 0, 0, 30, 0, 10]);
    expect(report.days.map((day) => day.negative)).toEqual([0, 0, 0, 0, 1, 0, 0]);
    expect(report.days.map((day) => day.endedAgoMs)).toEqual([6, 5, 4, 3, 2, 1, 0].map((d) => d * DAY));
    // One block in 40 messages is 2.5 %: YELLOW, still good enough to move up.
    expect(report).toMatchObject({
      tier: 250,
      recipients: 10,
      quality: 'yellow',
      flaggedForMs: null,
      dropInMs: null,
      atTierForMs: 2 * DAY + HOUR,
      upgrade: { nextTier: 2_000, started: 40, needed: 125, eligibleInMs: 5 * DAY - HOUR, qualityOk: true },
    });
  });

  it('dates a RED flag and the tier drop it leads to, and says RED stops the way up', () => {
    const reputation = new SenderReputation(1, START);
    sent(reputation, 30, START);
    for (const at of [1, 2, 3]) reputation.feedback('block', START + at * 1_000);
    const report = reputation.report(START + 2 * DAY);
    expect(report.quality).toBe('red');
    // Flagged at the second block: 2 in 30 messages is past 5 %.
    expect(report.flaggedForMs).toBe(2 * DAY - 2_000);
    expect(report.dropInMs).toBe(7 * DAY - report.flaggedForMs!);
    expect(report.upgrade).toMatchObject({ nextTier: 10_000, qualityOk: false });
  });

  it('shows no next tier at the unlimited tier', () => {
    const reputation = new SenderReputation(4, START);
    expect(reputation.report(START)).toMatchObject({ tier: null, upgrade: null, restricted: false });
  });
});
