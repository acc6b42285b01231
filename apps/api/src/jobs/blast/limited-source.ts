import { setImmediate as nextTurn } from 'node:timers/promises';
import pLimit from 'p-limit';
import type { BlastDataSource } from './source';

/** The longest the blast's calls run one after another without letting the event loop turn. */
const TURN_MS = 10;
let turnedAt = performance.now();

/**
 * Waits for a turn of the event loop once the calls have run TURN_MS without one. The embedded
 * database answers within promises, so a hundred loops handing their slots on to each other form one
 * chain of promises that never ends: the server would read no request and no timer (lease renewals
 * among them) would fire until the blast did. Every call that comes after the time waits, the chain
 * runs dry and the loop turns.
 */
async function turnWhenDue() {
  if (performance.now() - turnedAt < TURN_MS) return;
  await nextTurn();
  turnedAt = performance.now();
}

/**
 * The blast's reads and writes, at most `slots` at a time for all of this process's loops. A hundred
 * loops at full speed would otherwise hold every pooled connection (PostgreSQL) or keep the embedded
 * database's one queue full, and a panel's request would wait behind a whole turn of every loop's
 * round; with the loops held to a few slots it waits behind those few. The store's own calls to itself
 * go straight through, so a call holding a slot never waits for another.
 */
export function limitedSource(source: BlastDataSource, slots: number): BlastDataSource {
  const limit = pLimit(slots);
  return new Proxy(source, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      // `wantedJobs` builds a statement and reads nothing.
      if (typeof value !== 'function' || key === 'wantedJobs') return value;
      return (...args: unknown[]) =>
        limit(async () => {
          await turnWhenDue();
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        });
    },
  });
}
