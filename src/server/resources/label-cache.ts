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

/** Where a ref field's labels live: the target table, the column its values name and the label column. */
export interface LabelSource {
  table: string;
  valueCol: string;
  labelCol: string;
}

/** What a lookup knows, and what is left to read. */
export interface LabelLookup {
  /** value -> label of the values known to have one (a value with none shows as it is) */
  labels: Map<string, string>;
  missing: string[];
  /**
   * Keeps the labels read for `missing` (a value absent from `found` has no row), unless a
   * write moved the table's version since the lookup, and answers the labels of every value
   * asked: `found` with the known ones.
   */
  keep(found: ReadonlyMap<string, string>, now?: number): Map<string, string>;
}

export class RefLabelCache {
  private entries = new Map<string, Entry>();
  private size = 0;

  /**
   * `versionOf`: a table's current version (CountCache.version). `maxValues`: values kept over
   * all entries before everything is dropped and kept afresh.
   */
  constructor(private readonly versionOf: (table: string) => number, private readonly maxValues = 50_000) {}

  lookup(src: LabelSource, tenantId: number, values: readonly string[], now = Date.now()): LabelLookup {
    const key = `${src.table}\u0000${src.valueCol}\u0000${src.labelCol}\u0000${tenantId}`;
    // the version read before the labels are: a write after it makes what is read unkeepable
    const version = this.versionOf(src.table);
    const e = this.live(key, version, now);
    const labels = new Map<string, string>();
    const missing: string[] = [];
    for (const v of values) {
      const hit = e?.labels.get(v);
      if (hit === undefined) missing.push(v);
      else if (hit !== null) labels.set(v, hit);
    }
    const keep = (found: ReadonlyMap<string, string>, at = Date.now()) => {
      // read across a write: never served (lookups compare versions), and storing it would drop
      // an entry another call already kept at the new version
      if (version === this.versionOf(src.table)) this.store(key, version, missing, found, at);
      return new Map([...labels, ...found]);
    };
    return { labels, missing, keep };
  }

  private store(key: string, version: number, asked: readonly string[], found: ReadonlyMap<string, string>, now: number): void {
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
