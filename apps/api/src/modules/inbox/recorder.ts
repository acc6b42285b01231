import type { Db } from '../../db';
import type { ChatGateway, GatewayEvent } from '../../gateway/gateway';
import type { RealtimeHub } from '../../realtime/hub';
import { WriteBehind } from '../../lib/write-behind';
import { publishInboxMessage, storeInbound, type Inbound } from './inbound';

/** Inbound messages wait at most this long before they are written... */
const FLUSH_MS = 250;
/** ...or until this many are waiting, whichever comes first; one write takes at most this many. */
const MAX_BATCH = 1_000;
/** A batch the database refused is kept for the next write as long as the backlog stays this small. */
const MAX_BACKLOG = 50_000;

export interface InboxRecorderOptions {
  db: Db;
  hub: RealtimeHub;
  /** Only its events are heard. */
  gateway: Pick<ChatGateway, 'on'>;
  /** REPLY_ATTRIBUTION_HOURS: how far back the blast message a reply answers is looked for. */
  attributionHours: number;
}

/**
 * Every message recipients send to the accounts, STOP replies too, gathered in memory and written in
 * one transaction per batch (never one per message at volume), then told to the threads' owners and
 * the operators. A batch the database refuses is tried again with the next; one still waiting when
 * the process dies is lost, as the network's other best-effort events are.
 */
export class InboxRecorder {
  private waiting: Inbound[] = [];
  private readonly writes = new WriteBehind(() => this.writeUntilEmpty());
  private stopped = false;
  private readonly unsubscribe: () => void;

  constructor(private readonly options: InboxRecorderOptions) {
    this.unsubscribe = options.gateway.on((event) => this.receive(event));
  }

  private receive(event: GatewayEvent) {
    if (this.stopped || event.type !== 'message.inbound') return;
    this.waiting.push({ deviceId: event.deviceId, from: event.from, text: event.text, at: event.at });
    if (this.writes.busy) return; // the write in flight takes it next
    if (this.waiting.length >= MAX_BATCH) void this.writes.now();
    else this.writes.later(FLUSH_MS);
  }

  /** Writes every message gathered so far; resolves once none is waiting (or the database refused). */
  flush(): Promise<void> {
    return this.writes.now();
  }

  private async writeUntilEmpty() {
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, MAX_BATCH);
      let stored: Awaited<ReturnType<typeof storeInbound>>;
      try {
        stored = await storeInbound(this.options.db, batch, this.options.attributionHours);
      } catch {
        // The database is busy or away: the batch goes back in front, and is tried again shortly.
        if (this.stopped) return;
        this.waiting = [...batch, ...this.waiting].slice(0, MAX_BACKLOG);
        this.writes.later(FLUSH_MS * 4);
        return;
      }
      // One event per thread and batch: a burst of replies in a thread is one refresh of it.
      const newest = new Map(stored.map((row) => [row.threadId, row]));
      for (const row of newest.values()) publishInboxMessage(this.options.hub, row);
    }
  }

  /** Writes what is gathered and stops listening (shutdown). */
  async stop() {
    this.unsubscribe();
    await this.flush();
    this.stopped = true;
    this.writes.cancel();
  }
}
