import { useEffect, useRef, useState } from 'react';
import { subscribe } from '../../lib/realtime';
import { addSample, type Sample } from './rate';

/** The card's clock ticks this often, so a rate slows down while no send arrives. */
export const RATE_TICK_MS = 1_000;

type Samples = ReadonlyMap<number, readonly Sample[]>;

/**
 * Each account's recent sends, from the count events on `channel` (success and fail alike), and the
 * time now, ticking: what the cards' rates are computed from. `now` is the clock (tests give theirs).
 */
export function useSendRates(channel: string | null, now: () => number = Date.now) {
  const [samples, setSamples] = useState<Samples>(new Map());
  const [time, setTime] = useState(now);
  const clock = useRef(now);
  useEffect(() => {
    clock.current = now;
  });
  useEffect(() => {
    if (!channel) return;
    return subscribe(channel, (message) => {
      if (message.event !== 'count_success' && message.event !== 'count_fail') return;
      const id = message.sender?.id;
      if (typeof id !== 'number') return;
      const sample = {
        at: clock.current(),
        done: message.payload.count_success + message.payload.count_fail,
      };
      setSamples((current) => new Map(current).set(id, addSample(current.get(id) ?? [], sample)));
      setTime(sample.at);
    });
  }, [channel]);
  useEffect(() => {
    const timer = setInterval(() => setTime(clock.current()), RATE_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return { now: time, samplesOf: (id: number) => samples.get(id) ?? [] };
}
