/** The server's own description of a table, shared by system tables and module tables. */
/**
 * Logical column types; connection.ts sqlType maps them per dialect (PostgreSQL: integer -> bigint,
 * real -> double precision). `fen` is an integer column of money in whole fen; migrate.ts converts
 * a column a database still holds as REAL yuan.
 */
export type ColumnType = 'text' | 'integer' | 'real' | 'fen';

export interface ColumnDef {
  name: string;
  type: ColumnType;
  primaryKey?: boolean;
  notNull?: boolean;
  /** SQL literal default, e.g. `0` or `'1'`. */
  default?: string | number;
}

export interface IndexDef {
  name: string;
  columns: string[];
  unique?: boolean;
}

export interface TableDef {
  name: string;
  columns: ColumnDef[];
  indexes: IndexDef[];
}

const text = (name: string, extra: Partial<ColumnDef> = {}): ColumnDef => ({ name, type: 'text', ...extra });
const int = (name: string, extra: Partial<ColumnDef> = {}): ColumnDef => ({ name, type: 'integer', ...extra });
export const col = { text, int };

/** Audit + tenant columns of every business table. */
export const AUDIT_COLUMNS: ColumnDef[] = [
  int('tenant_id', { notNull: true, default: 0 }),
  text('create_by'),
  text('create_time'),
  text('update_by'),
  text('update_time'),
];
