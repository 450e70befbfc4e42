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

export class RefLabelCache {
  private entries = new Map<string, Entry>();
  private size = 0;

  /** `maxValues`: values kept over all entries before everything is dropped and kept afresh. */
  constructor(private readonly maxValues = 50_000) {}

  /** The labels known for `values` at `version` (null: known to have none), and the values to read. */
  lookup(key: string, version: number, values: readonly string[], now = Date.now()): { known: Map<string, string | null>; missing: string[] } {
    const e = this.entries.get(key);
    const live = e && e.version === version && now - e.at < LABEL_TTL_MS ? e : undefined;
    const known = new Map<string, string | null>();
    const missing: string[] = [];
    for (const v of values) {
      const hit = live?.labels.get(v);
      if (hit !== undefined) known.set(v, hit);
      else missing.push(v);
    }
    return { known, missing };
  }

  /**
   * Keeps what was read for `asked` (absent from `found`: no row has it). `version` is the one
   * read BEFORE the labels; when a write has moved it since, nothing is kept.
   */
  store(key: string, version: number, currentVersion: number, asked: readonly string[], found: ReadonlyMap<string, string>, now = Date.now()): void {
    if (version !== currentVersion) return;
    let e = this.entries.get(key);
    if (!e || e.version !== version || now - e.at >= LABEL_TTL_MS) {
      if (e) this.size -= e.labels.size;
      e = { version, at: now, labels: new Map() };
      this.entries.set(key, e);
    }
    if (this.size + asked.length > this.maxValues) {
      this.entries.clear();
      this.size = 0;
      e = { version, at: now, labels: new Map() };
      this.entries.set(key, e);
    }
    for (const v of asked) {
      if (!e.labels.has(v)) this.size++;
      e.labels.set(v, found.get(v) ?? null);
    }
  }
}
