/**
 * One write in flight at a time over what gathers in memory meanwhile: the write goes on until its
 * drain finds nothing waiting, so batches grow with the backlog instead of queueing behind each other.
 */
export class WriteBehind {
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> | null = null;

  constructor(private readonly drain: () => Promise<void>) {}

  /** A write is in flight: what arrives now goes in it. */
  get busy() {
    return this.writing !== null;
  }

  /** Writes at once, or joins the write in flight; resolves once it has drained. */
  now(): Promise<void> {
    this.cancel();
    this.writing ??= this.drain().finally(() => {
      this.writing = null;
    });
    return this.writing;
  }

  /** Writes in `ms`, unless a write is already due. */
  later(ms: number) {
    this.timer ??= setTimeout(() => void this.now(), ms).unref();
  }

  cancel() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
