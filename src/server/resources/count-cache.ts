/**
 * Cached totals of list queries, keyed by (table, tenant, filter). Any durable write to a table
 * (db/write-watch.ts, wired in app.ts) bumps its version on every instance (through the bus),
 * which invalidates every cached total of that table. A total is stored with the version read BEFORE its count query ran, so a count
 * that raced with a write is never kept as current. Entries also expire after a minute, so a
 * lost bus message cannot keep a wrong total for long.
 *
 * The table versions here are also what other caches of a table's contents check (reference
 * labels, labels.ts). A lost connection to the bus (RESYNC) moves every table to a new version.
 */
import { RESYNC, type Bus } from '../bus/index.js';

const CHANNEL = 'counts';
const TTL_MS = 60_000;

export class CountCache {
  private versions = new Map<string, number>();
  /** Bumped on RESYNC: every version read before it is stale. */
  private generation = 0;
  private totals = new Map<string, { version: number; total: number; at: number }>();
  private bus?: Bus;

  constructor(private readonly maxEntries = 5000) {}

  /** Joins the bus: invalidations published by any instance reach this cache. */
  attach(bus: Bus): void {
    this.bus = bus;
    bus.subscribe(CHANNEL, (table) => {
      if (table === RESYNC || table === null) this.resync();
      else if (typeof table === 'string') this.bump(table);
    });
  }

  /** The version to pass to `set` for a count about to be run (or to check a cached read against). */
  version(table: string): number {
    return this.generation * 2 ** 32 + (this.versions.get(table) ?? 0);
  }

  get(table: string, tenant: number, filterKey: string, now = Date.now()): number | undefined {
    const hit = this.totals.get(`${table}\u0000${tenant}\u0000${filterKey}`);
    return hit && hit.version === this.version(table) && now - hit.at < TTL_MS ? hit.total : undefined;
  }

  set(table: string, tenant: number, filterKey: string, total: number, version = this.version(table), now = Date.now()): void {
    if (version !== this.version(table)) return; // a write happened while counting
    if (this.totals.size >= this.maxEntries) this.totals.clear();
    this.totals.set(`${table}\u0000${tenant}\u0000${filterKey}`, { version, total, at: now });
  }

  invalidate(table: string): void {
    if (this.bus) this.bus.publish(CHANNEL, table);
    else this.bump(table);
  }

  private bump(table: string): void {
    this.versions.set(table, (this.versions.get(table) ?? 0) + 1);
  }

  private resync(): void {
    this.generation++;
    this.totals.clear();
  }
}
