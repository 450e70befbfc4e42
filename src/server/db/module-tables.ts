/**
 * Module schema -> TableDef for the migration, from core toTableSpec. Server choices on top:
 * password kinds are stored in `<col>_hash`; the default-page index also carries `id`
 * (the list orders by create_time, id); NOT NULL is left to the validator so that
 * ADD COLUMN works on filled tables.
 */
import { toTableSpec } from '../../core/projections/sql.js';
import type { Registry } from '../../core/schema/registry.js';
import type { DialectName } from './connection.js';
import type { ColumnDef, IndexDef, TableDef } from './table-def.js';

export function moduleTableDefs(registry: Registry, _dialect: DialectName): TableDef[] {
  const defs: TableDef[] = [];
  for (const schema of registry.resources.values()) {
    const spec = toTableSpec(schema);
    const passwords = new Set(schema.fields.filter((f) => f.kind === 'password').map((f) => f.key));
    const rename = (col: string, key: string) => (passwords.has(key) ? `${col}_hash` : col);
    const colByName = new Map(spec.columns.map((c) => [c.name, c]));
    const columns: ColumnDef[] = spec.columns.map((c) => ({
      name: rename(c.name, c.key),
      type: c.type,
      ...(c.primaryKey ? { primaryKey: true } : {}),
      ...(c.name === 'tenant_id' ? { notNull: true, default: 0 } : {}),
      // existing rows (and rows other code inserts) start at version 1
      ...(c.name === 'version' ? { notNull: true, default: 1 } : {}),
    }));
    const indexes: IndexDef[] = spec.indexes.map((i) => ({
      name: i.name,
      columns:
        i.columns.length === 2 && i.columns[0] === 'tenant_id' && i.columns[1] === 'create_time'
          ? ['tenant_id', 'create_time', 'id']
          : i.columns.map((c) => rename(c, colByName.get(c)?.key ?? c)),
      unique: i.unique,
    }));
    defs.push({ name: spec.name, columns, indexes });
  }
  return defs;
}
