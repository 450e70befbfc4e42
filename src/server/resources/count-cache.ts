/**
 * Cached totals of list queries, keyed by (table, tenant, filter). Any write to a
 * table bumps its version, which invalidates every cached total of that table.
 */
export class CountCache {
  private versions = new Map<string, number>();
  private totals = new Map<string, { version: number; total: number }>();
  constructor(private readonly maxEntries = 5000) {}

  private version(table: string): number {
    return this.versions.get(table) ?? 0;
  }

  get(table: string, tenant: number, filterKey: string): number | undefined {
    const hit = this.totals.get(`${table}\u0000${tenant}\u0000${filterKey}`);
    return hit && hit.version === this.version(table) ? hit.total : undefined;
  }

  set(table: string, tenant: number, filterKey: string, total: number): void {
    if (this.totals.size >= this.maxEntries) this.totals.clear();
    this.totals.set(`${table}\u0000${tenant}\u0000${filterKey}`, { version: this.version(table), total });
  }

  invalidate(table: string): void {
    this.versions.set(table, this.version(table) + 1);
  }
}
