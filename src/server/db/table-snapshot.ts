/**
 * What a small table holds, kept between calls (sys_permission: every permission answer reads
 * all of it, ~1,200 rows). It holds while the table's version (count-cache.ts: every durable
 * write moves it, on every instance through the bus) is the one read before the rows were, and
 * for at most `ttlMs`, which bounds what a write from outside this server leaves stale.
 * The value is shared by every caller: it is frozen, row by row.
 */
export class TableSnapshot<T extends object> {
  private kept?: { version: number; at: number; rows: readonly Readonly<T>[] };

  constructor(
    private readonly table: string,
    private readonly versionOf: (table: string) => number,
    private readonly read: () => Promise<T[]>,
    private readonly ttlMs = 60_000,
  ) {}

  async rows(now = Date.now()): Promise<readonly Readonly<T>[]> {
    const version = this.versionOf(this.table);
    const k = this.kept;
    if (k && k.version === version && now - k.at < this.ttlMs) return k.rows;
    const rows = Object.freeze((await this.read()).map((r) => Object.freeze(r)));
    // written while reading: answer what was read, keep none of it
    if (this.versionOf(this.table) === version) this.kept = { version, at: now, rows };
    return rows;
  }
}
