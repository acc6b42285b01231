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
  // A queue read from `head` on: shifting a long array moves every element, so a backlog would cost
  // each message in proportion to its length.
  let queue: { json: string; bytes: number }[] = [];
  let head = 0;
  const waiting = () => queue.length - head;
  const take = () => {
    const next = queue[head]!;
    head += 1;
    if (head >= 1024 && head * 2 >= queue.length) {
      queue = queue.slice(head);
      head = 0;
    }
    return next;
  };
  // Every listener hears every notification, its own too: those are recognised without parsing them.
  const ownPrefix = `{"o":${JSON.stringify(instanceId)},`;
  let client: pg.Client | null = null;
  let closed = false;
  let flushing = false;
  let received = Promise.resolve();

  const receive = async (payload: string) => {
    if (payload.startsWith(ownPrefix)) return;
    const envelope = JSON.parse(payload) as Envelope;
    let items: Item[];
    if ('ref' in envelope) {
      const [row] = await db
        .select({ body: clusterMessages.body })
        .from(clusterMessages)
        .where(eq(clusterMessages.id, envelope.ref));
      if (!row) return;
      items = [row.body as Item];
    } else items = envelope.m;
    for (const item of items) dispatch(handlers, item.t, item.d);
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
      while (client && waiting() > 0) {
        const connection = client;
        const batch: string[] = [];
        let bytes = 0;
        while (waiting() > 0 && (batch.length === 0 || bytes + queue[head]!.bytes < NOTIFY_LIMIT)) {
          const next = take();
          batch.push(next.json);
          bytes += next.bytes + 1;
        }
        // The items are serialised once, when published; the envelope is assembled around them.
        let envelope = `${ownPrefix}"m":[${batch.join(',')}]}`;
        if (bytes >= NOTIFY_LIMIT) {
          const [stored] = await db
            .insert(clusterMessages)
            .values({ body: JSON.parse(batch[0]!) as Item })
            .returning({ id: clusterMessages.id });
          await db
            .delete(clusterMessages)
            .where(lt(clusterMessages.createdAt, sql`now() - interval '5 minutes'`));
          envelope = `${ownPrefix}"ref":${stored!.id}}`;
        }
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
      const json = JSON.stringify({ t: topic, d: data } satisfies Item);
      queue.push({ json, bytes: Buffer.byteLength(json) });
      if (waiting() > QUEUE_LIMIT) take();
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
