/**
 * Test setup: fills a module table to `target` rows of one tenant by copying one of its rows
 * straight in the SQLite file (DATA_DIR/hospital.db) — how the export tests get 50,000 payment
 * rows in seconds rather than through 50,000 API calls. Copies get fresh ids and, for the
 * columns given in `unique`, `<prefix><n>` values so that unique indexes hold.
 */
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';

export function fillRows(dataDir: string, table: string, tenantId: number, target: number, unique: Record<string, string> = {}): number {
  const db = new BetterSqlite3(path.join(dataDir, 'hospital.db'));
  try {
    db.pragma('busy_timeout = 10000');
    const model = db.prepare(`select * from ${table} where tenant_id = ? limit 1`).get(tenantId) as Record<string, unknown> | undefined
      ?? { ...(db.prepare(`select * from ${table} limit 1`).get() as Record<string, unknown>), tenant_id: tenantId };
    const have = Number((db.prepare(`select count(*) as n from ${table} where tenant_id = ?`).get(tenantId) as { n: number }).n);
    const cols = Object.keys(model);
    const insert = db.prepare(`insert into ${table} (${cols.join(',')}) values (${cols.map(() => '?').join(',')})`);
    const base = BigInt(`9${Date.now()}00000`);
    db.transaction(() => {
      for (let i = have; i < target; i++) {
        const row: Record<string, unknown> = { ...model, id: String(base + BigInt(i)) };
        for (const [c, prefix] of Object.entries(unique)) row[c] = `${prefix}${String(i).padStart(6, '0')}`;
        insert.run(...cols.map((c) => row[c] as never));
      }
    })();
    return Math.max(0, target - have);
  } finally {
    db.close();
  }
}
