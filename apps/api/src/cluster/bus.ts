import { lt, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../db';
import { clusterMessages } from '../db/schema';

/**
 * Carries messages to the other API instances on the same database (realtime events, "wake this
 * job"). A message is never delivered back to the instance that sent it: senders act locally first.
 */
export interface ClusterBus {
  readonly instanceId: string;
  publish(topic: string, data: unknown): void;
  subscribe(topic: string, handler: (data: unknown) => void): () => void;
  close(): Promise<void>;
}

type Handlers = Map<string, Set<(data: unknown) => void>>;

function subscribeTo(handlers: Handlers, topic: string, handler: (data: unknown) => void) {
  let set = handlers.get(topic);
  if (!set) {
    set = new Set();
    handlers.set(topic, set);
  }
  set.add(handler);
  return () => void set.delete(handler);
}

function dispatch(handlers: Handlers, topic: string, data: unknown) {
  for (const handler of handlers.get(topic) ?? []) {
    try {
      handler(data);
    } catch (error) {
      console.error(`cluster message on ${topic} failed:`, error);
    }
  }
}

/** The embedded database serves one process: there is nobody else to tell. */
export function createLocalBus(instanceId: string): ClusterBus {
  const handlers: Handlers = new Map();
  return {
    instanceId,
    publish() {},
    subscribe: (topic, handler) => subscribeTo(handlers, topic, handler),
    close: async () => {},
  };
}

const CHANNEL = 'blaster_cluster';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const NOTIFY_LIMIT = 7_000;
/**
 * Messages waiting to leave (a burst, or the connection down); beyond this the oldest are dropped, so a
 * long outage cannot exhaust memory (about 200 bytes each).
 */
const QUEUE_LIMIT = 100_000;
const RECONNECT_MS = 1_000;

interface Item {
  t: string;
  d: unknown;
}
type Envelope = { o: string; m: Item[] } | { o: string; ref: number };

/**
 * Messages waiting to be notified, oldest first, at most QUEUE_LIMIT (the oldest give way). Read from
 * `head` on: shifting a long array moves every element, so a backlog would cost each message in
 * proportion to its length.
 */
class PendingMessages {
  private items: { json: string; bytes: number }[] = [];
  private head = 0;

  get size() {
    return this.items.length - this.head;
  }

  push(json: string) {
    this.items.push({ json, bytes: Buffer.byteLength(json) });
    if (this.size > QUEUE_LIMIT) this.take();
  }

  /** The oldest messages that fit one notification together; always at least one. */
  takeBatch(): { batch: string[]; bytes: number } {
    const batch: string[] = [];
    let bytes = 0;
    while (this.size > 0 && (batch.length === 0 || bytes + this.items[this.head]!.bytes < NOTIFY_LIMIT)) {
      const next = this.take();
      batch.push(next.json);
      bytes += next.bytes + 1;
    }
    return { batch, bytes };
  }

  private take() {
    const next = this.items[this.head]!;
    this.head += 1;
    if (this.head >= 1024 && this.head * 2 >= this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return next;
  }
}

/** The messages a notification carries, read from the table when it names a stored one. */
async function itemsOf(db: Db, envelope: Envelope): Promise<Item[]> {
  if (!('ref' in envelope)) return envelope.m;
  const [row] = await db
    .select({ body: clusterMessages.body })
    .from(clusterMessages)
    .where(eq(clusterMessages.id, envelope.ref));
  return row ? [row.body as Item] : [];
}

/**
 * One notification's payload. The items were serialised once, when published; the envelope is
 * assembled around them. A message too large for a notification is stored and sent by reference.
 */
async function envelopeOf(db: Db, ownPrefix: string, { batch, bytes }: { batch: string[]; bytes: number }) {
  if (bytes < NOTIFY_LIMIT) return `${ownPrefix}"m":[${batch.join(',')}]}`;
  const [stored] = await db
    .insert(clusterMessages)
    .values({ body: JSON.parse(batch[0]!) as Item })
    .returning({ id: clusterMessages.id });
  await db.delete(clusterMessages).where(lt(clusterMessages.createdAt, sql`now() - interval '5 minutes'`));
  return `${ownPrefix}"ref":${stored!.id}}`;
}

/**
 * PostgreSQL LISTEN/NOTIFY. One connection listens and sends, so messages leave in the order they
 * were published; queued messages are batched into as few notifications as fit.
 */
export async function createPostgresBus(options: {
  connectionString: string;
  instanceId: string;
  db: Db;
}): Promise<ClusterBus> {
  const { instanceId, db } = options;
  const handlers: Handlers = new Map();
  const pending = new PendingMessages();
  // Every listener hears every notification, its own too: those are recognised without parsing them.
  const ownPrefix = `{"o":${JSON.stringify(instanceId)},`;
  let client: pg.Client | null = null;
  let closed = false;
  let flushing = false;
  let received = Promise.resolve();

  const receive = async (payload: string) => {
    if (payload.startsWith(ownPrefix)) return;
    for (const item of await itemsOf(db, JSON.parse(payload) as Envelope)) dispatch(handlers, item.t, item.d);
  };

  const connect = async () => {
    const next = new pg.Client({ connectionString: options.connectionString });
    next.on('notification', (notification) => {
      if (notification.channel !== CHANNEL || !notification.payload) return;
      const payload = notification.payload;
      // In arrival order, even when a large message has to be fetched first.
      received = received.then(() => receive(payload)).catch((error) => console.error(error));
    });
    next.on('error', () => {});
    next.on('end', () => {
      if (client === next) client = null;
      if (!closed) setTimeout(reconnect, RECONNECT_MS).unref();
    });
    await next.connect();
    await next.query(`listen ${CHANNEL}`);
    client = next;
    void flush();
  };

  const reconnect = () => {
    if (closed || client) return;
    connect().catch(() => {
      if (!closed) setTimeout(reconnect, RECONNECT_MS).unref();
    });
  };

  const flush = async () => {
    if (flushing) return;
    flushing = true;
    try {
      while (client && pending.size > 0) {
        const connection = client;
        const envelope = await envelopeOf(db, ownPrefix, pending.takeBatch());
        try {
          await connection.query('select pg_notify($1, $2)', [CHANNEL, envelope]);
        } catch {
          // The connection dropped; the batch is lost like any event published while nobody listens.
          if (client === connection) client = null;
          connection.end().catch(() => {});
        }
      }
    } finally {
      flushing = false;
    }
  };

  await connect();

  return {
    instanceId,
    publish(topic, data) {
      pending.push(JSON.stringify({ t: topic, d: data } satisfies Item));
      void flush().catch((error) => console.error('cluster publish failed:', error));
    },
    subscribe: (topic, handler) => subscribeTo(handlers, topic, handler),
    async close() {
      closed = true;
      const connection = client;
      client = null;
      await connection?.end().catch(() => {});
    },
  };
}
