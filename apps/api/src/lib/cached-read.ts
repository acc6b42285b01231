/**
 * A value read from the database and kept in memory until dropped (its owner heard of a change) or
 * older than `maxAgeMs`, which makes good a change notice that never arrived. Callers at the same time
 * share one read; a failed read is tried again on the next call rather than kept.
 */
export class CachedRead<T> {
  private current: Promise<T> | null = null;
  private readAt = 0;

  constructor(
    private readonly read: () => Promise<T>,
    private readonly maxAgeMs: number,
  ) {}

  get(): Promise<T> {
    if (!this.current || Date.now() - this.readAt > this.maxAgeMs) {
      this.readAt = Date.now();
      const reading = this.read();
      reading.catch(() => {
        if (this.current === reading) this.current = null;
      });
      this.current = reading;
    }
    return this.current;
  }

  drop() {
    this.current = null;
  }
}
