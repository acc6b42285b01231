import { describe, expect, it } from 'vitest';
import { NumberSet } from '../src/modules/imports/number-set';

describe('the set of numbers an import has read', () => {
  it('tells every repeated phone number from a new one, past many growths, like a Set', () => {
    const set = new NumberSet();
    const reference = new Set<number>();
    const added: number[] = [];
    let wrong = 0;
    // Numbers as the import keys them (62 and 8 to 13 digits), with many sharing their low 32 bits
    // or their high bits, and every fifth one repeated.
    let seed = 7;
    const random = () => (seed = (seed * 48_271) % 2_147_483_647);
    for (let i = 0; i < 300_000; i += 1) {
      const value =
        i % 5 === 4
          ? added[random() % added.length]!
          : i % 3 === 0
            ? 62_000_000_000 + (random() % 2_000_000) * 4_294_967_296
            : 6_281_000_000_000 + random();
      if (set.add(value) === reference.has(value)) wrong += 1;
      reference.add(value);
      added.push(value);
    }
    for (const value of reference) if (!set.has(value)) wrong += 1;
    expect(wrong).toBe(0);
    expect(reference.size).toBeGreaterThan(200_000);
    expect(set.has(6_289_999_999_999)).toBe(reference.has(6_289_999_999_999));
  });

  it('refuses what it cannot hold exactly', () => {
    const set = new NumberSet();
    expect(() => set.add(0)).toThrow(RangeError);
    expect(() => set.add(2 ** 53)).toThrow(RangeError);
    expect(() => set.add(1.5)).toThrow(RangeError);
  });
});
