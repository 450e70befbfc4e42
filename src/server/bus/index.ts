/**
 * The bus between instances. Whatever an instance keeps in memory that another instance's
 * write can make stale (list counts, sessions, dictionaries, the menu) subscribes here, and
 * every such write publishes here. On SQLite there is one process: the bus is in-process.
 * With DATABASE_URL it is PostgreSQL LISTEN/NOTIFY (no new component): a message reaches
 * the publishing instance at once and the others within milliseconds.
 *
 * A subscriber must also handle `RESYNC` (the connection to the bus was lost and messages
 * may be missing): drop everything it keeps.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';

export type BusHandler = (payload: unknown) => void;

export interface Bus {
  readonly kind: 'local' | 'postgres';
  /** This instance's id: messages carry it so an instance does not apply its own twice. */
  readonly instance: string;
  /** Delivers to this instance's subscribers at once and to every other instance's. */
  publish(channel: string, payload: unknown): void;
  /** Delivers to the other instances only (the caller has already acted locally). */
  broadcast(channel: string, payload: unknown): void;
  subscribe(channel: string, handler: BusHandler): () => void;
  close(): Promise<void>;
}

/** Delivered to every subscriber of every channel when remote messages may have been lost. */
export const RESYNC = Symbol('bus-resync');

class Subscribers {
  private map = new Map<string, Set<BusHandler>>();
  add(channel: string, h: BusHandler): () => void {
    let set = this.map.get(channel);
    if (!set) this.map.set(channel, (set = new Set()));
    set.add(h);
    return () => set.delete(h);
  }
  deliver(channel: string, payload: unknown): void {
    for (const h of this.map.get(channel) ?? []) {
      try {
        h(payload);
      } catch (err) {
        console.error(`bus handler for ${channel}:`, err);
      }
    }
  }
  resync(): void {
    for (const [ch] of this.map) this.deliver(ch, RESYNC);
  }
}

export function createLocalBus(): Bus {
  const subs = new Subscribers();
  return {
    kind: 'local',
    instance: randomUUID(),
    publish: (channel, payload) => subs.deliver(channel, payload),
    broadcast: () => undefined,
    subscribe: (channel, h) => subs.add(channel, h),
    close: async () => undefined,
  };
}

/** PostgreSQL NOTIFY payloads are limited to 8,000 bytes; messages are kept well under it. */
const PG_CHANNEL = 'hospital_bus';
const MAX_PAYLOAD = 7_800;

export async function createPgBus(connectionString: string): Promise<Bus> {
  const subs = new Subscribers();
  const instance = randomUUID();
  let closed = false;
  let listener: pg.Client | null = null;
  // NOTIFY goes through its own small pool so a busy API pool never delays invalidations
  const sender = new pg.Pool({ connectionString, max: 2 });
  sender.on('error', (err) => console.error('bus sender:', err.message));

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString });
    client.on('notification', (msg) => {
      if (!msg.payload) return;
      try {
        const m = JSON.parse(msg.payload) as { i: string; c: string; p: unknown };
        if (m.i !== instance) subs.deliver(m.c, m.p);
      } catch {
        /* not ours */
      }
    });
    const reconnect = () => {
      if (closed || listener !== client) return;
      listener = null;
      client.end().catch(() => undefined);
      setTimeout(() => void connect().then(() => subs.resync(), () => undefined), 1000).unref();
    };
    client.on('error', reconnect);
    client.on('end', reconnect);
    await client.connect();
    await client.query(`LISTEN ${PG_CHANNEL}`);
    listener = client;
  };
  await connect();

  const send = (channel: string, payload: unknown): void => {
      const text = JSON.stringify({ i: instance, c: channel, p: payload });
      if (Buffer.byteLength(text) > MAX_PAYLOAD) {
        // other instances cannot get the payload: tell them to resync that channel instead
        void sender.query('select pg_notify($1, $2)', [PG_CHANNEL, JSON.stringify({ i: instance, c: channel, p: null })]);
        return;
      }
      sender.query('select pg_notify($1, $2)', [PG_CHANNEL, text]).catch((err: Error) => console.error('bus publish:', err.message));
  };

  return {
    kind: 'postgres',
    instance,
    publish(channel, payload) {
      subs.deliver(channel, payload);
      send(channel, payload);
    },
    broadcast: send,
    subscribe: (channel, h) => subs.add(channel, h),
    async close() {
      closed = true;
      const l = listener;
      listener = null;
      await l?.end().catch(() => undefined);
      await sender.end().catch(() => undefined);
    },
  };
}

export async function createBus(opts: { databaseUrl?: string }): Promise<Bus> {
  return opts.databaseUrl ? createPgBus(opts.databaseUrl) : createLocalBus();
}
