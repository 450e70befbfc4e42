/**
 * Reference labels kept between list calls: the label a ref field shows for a value (所属医院 →
 * the hospital's name), per target table, value and label column, and tenant. A page of
 * doctors names the same few hospitals and departments call after call; reading them again was
 * a second query per list call.
 *
 * An entry holds while its table's version (count-cache.ts) is the one read before its labels
 * were: every durable write to the table moves the version, on every instance (db/write-watch.ts
 * through the bus), so a renamed hospital shows its new name on the next call. Entries also
 * expire after TTL_MS, which bounds what a write from outside this server (another program on
 * the same database) can leave stale.
 */

export const LABEL_TTL_MS = 60_000;

interface Entry {
  version: number;
  at: number;
  /** value -> label; null: no row has this value */
  labels: Map<string, string | null>;
}

/** What a lookup knows, and what is left to read (with the version to store it under). */
export interface LabelLookup {
  /** value -> label of the values known to have one (a value with none shows as it is) */
  labels: Map<string, string>;
  missing: string[];
  version: number;
}

export class RefLabelCache {
  private entries = new Map<string, Entry>();
  private size = 0;

  /**
   * `versionOf`: a table's current version (CountCache.version). `maxValues`: values kept over
   * all entries before everything is dropped and kept afresh.
   */
  constructor(private readonly versionOf: (table: string) => number, private readonly maxValues = 50_000) {}

  lookup(table: string, key: string, values: readonly string[], now = Date.now()): LabelLookup {
    const version = this.versionOf(table);
    const e = this.live(key, version, now);
    const labels = new Map<string, string>();
    const missing: string[] = [];
    for (const v of values) {
      const hit = e?.labels.get(v);
      if (hit === undefined) missing.push(v);
      else if (hit !== null) labels.set(v, hit);
    }
    return { labels, missing, version };
  }

  /**
   * Keeps what was read for `asked` (absent from `found`: no row has it) under the version the
   * lookup gave; when a write has moved the table's version since, nothing is kept.
   */
  store(table: string, key: string, version: number, asked: readonly string[], found: ReadonlyMap<string, string>, now = Date.now()): void {
    if (version !== this.versionOf(table)) return;
    let e = this.live(key, version, now);
    if (this.size + asked.length > this.maxValues) {
      this.entries.clear();
      this.size = 0;
      e = undefined;
    }
    if (!e) this.entries.set(key, (e = { version, at: now, labels: new Map() }));
    for (const v of asked) {
      if (!e.labels.has(v)) this.size++;
      e.labels.set(v, found.get(v) ?? null);
    }
  }

  /** The entry of `key` if it is still good at `version`; a stale one is dropped. */
  private live(key: string, version: number, now: number): Entry | undefined {
    const e = this.entries.get(key);
    if (!e || (e.version === version && now - e.at < LABEL_TTL_MS)) return e;
    this.entries.delete(key);
    this.size -= e.labels.size;
    return undefined;
  }
}
