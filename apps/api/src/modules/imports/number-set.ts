/**
 * A set of positive safe integers kept in one Float64Array (open addressing, linear probing): 8 bytes
 * a value at most 70 % full, where a `Set<number>` of values beyond 2^31 holds a heap object per value
 * (about 5 times the memory, and garbage the collector walks on every pass of a large import).
 */
export class NumberSet {
  // 4 MB to begin with (pages the system gives only once written): room for 360,000 values before
  // the first growth, which copies them all.
  private slots = new Float64Array(1 << 19);
  private size = 0;

  /** Adds a value; answers false when it was there already. 0 cannot be stored (it marks a free slot). */
  add(value: number): boolean {
    if (!(value > 0) || !Number.isSafeInteger(value))
      throw new RangeError(`not a positive safe integer: ${value}`);
    if ((this.size + 1) * 10 > this.slots.length * 7) this.grow();
    const slot = this.find(this.slots, value);
    if (this.slots[slot] === value) return false;
    this.slots[slot] = value;
    this.size += 1;
    return true;
  }

  has(value: number): boolean {
    return value > 0 && this.slots[this.find(this.slots, value)] === value;
  }

  /** The slot holding `value`, or the free one where it would go. */
  private find(slots: Float64Array, value: number) {
    const mask = slots.length - 1;
    // Both halves of the value mixed (MurmurHash3's finalizer), so that every bit of it moves the slot.
    const low = value % 0x1_0000_0000;
    let hash = low ^ Math.imul((value - low) / 0x1_0000_0000, 0x9e37_79b1);
    hash = Math.imul(hash ^ (hash >>> 16), 0x85eb_ca6b);
    hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2_ae35);
    let slot = ((hash ^ (hash >>> 16)) >>> 0) & mask;
    while (slots[slot] !== 0 && slots[slot] !== value) slot = (slot + 1) & mask;
    return slot;
  }

  private grow() {
    const old = this.slots;
    this.slots = new Float64Array(old.length * 2);
    for (const value of old) if (value !== 0) this.slots[this.find(this.slots, value)] = value;
  }
}
