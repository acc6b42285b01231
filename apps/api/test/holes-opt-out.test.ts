import { describe, expect, it } from 'vitest';
import { isOptOutReply } from '../src/modules/suppression/opt-out-reply';

/**
 * Replies people really send when they want no more messages, and replies that only look alike.
 * Each is the whole message as it arrives.
 */
const OPT_OUT_REPLIES: [reply: string, optsOut: boolean][] = [
  // Recognised before
  ['STOP', true],
  ['stop', true],
  ['Stop', true],
  ['  STOP  ', true],
  ['STOP!', true],
  ['stop.', true],
  ['STOP!!!', true],
  ['BERHENTI', true],
  ['berhenti', true],
  ['Berhenti.', true],
  ['unsubscribe', true],
  ['UNSUB', true],
  // Punctuation, emoji, invisible and full-width characters around or inside the word
  ['STOP,', true],
  ['stop?', true],
  ['Stop 🙏', true],
  ['"STOP"', true],
  ['ST\u200BOP', true],
  ['ＳＴＯＰ', true],
  ['S.T.O.P', true],
  // Other words and phrases for the same wish, in both languages
  ['STOPALL', true],
  ['berhenti ya', true],
  ['tolong berhenti', true],
  ['BERHENTI BERLANGGANAN', true],
  ['CANCEL', true],
  ['END', true],
  ['QUIT', true],
  ['UNSUBSCRIBE', true],
  // Not a wish to stop
  ['nonstop', false],
  ['jangan berhenti', false],
  ['Kapan promo ini berhenti?', false],
  ['Please do not stop sending me the weekly deals', false],
];

describe('opt-out replies', () => {
  it('lists at least the 31 replies it is judged by', () => {
    expect(OPT_OUT_REPLIES.length).toBeGreaterThanOrEqual(31);
  });

  it.each(OPT_OUT_REPLIES)('%j opts out: %s', (reply, optsOut) => {
    expect(isOptOutReply(reply)).toBe(optsOut);
  });
});
