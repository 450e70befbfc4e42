/**
 * Optimistic concurrency: every module row carries `version` (1 on insert, +1 on every write).
 * An edit sends the version it read; the UPDATE is guarded by it (`where id = ? and version = ?`),
 * and when the row moved meanwhile the write is refused with 409 `数据已被他人修改` and
 * `result.current`, the stored record as queryById returns it.
 */
import { sql } from 'kysely';
import type { SessionUser } from '../auth/session.js';
import type { AppContext } from '../context.js';
import { ApiError, badRequest, notFound, MSG } from '../errors.js';
import type { ResourceModel } from './model.js';
import { readRecordFor } from './read.js';

export const VERSION_COLUMN = 'version';
export const VERSION_TITLE = '版本号';
export const MSG_CONFLICT = '数据已被他人修改';

/** The SET expression that moves a row's version on. */
export const nextVersion = () => sql<number>`${sql.ref(VERSION_COLUMN)} + 1`;

/** Thrown inside a write's transaction when the guarded UPDATE changed no row. */
export class VersionMoved extends Error {}

/**
 * The version a client sent. `required` (edit): absent -> 400 `版本号：不能为空`; otherwise
 * absent -> undefined (the caller's other guard applies). Not a positive integer -> 400.
 */
export function sentVersion(body: Record<string, unknown>, required: boolean): number | undefined {
  const v = body.version;
  if (v === undefined || v === null || v === '') {
    if (!required) return undefined;
    throw badRequest(`${VERSION_TITLE}：不能为空`, { errors: [{ field: VERSION_COLUMN, message: '不能为空' }] });
  }
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,15}$/.test(v.trim()) ? Number(v.trim()) : NaN;
  if (!Number.isSafeInteger(n) || n < 1) throw badRequest(`${VERSION_TITLE}：格式不正确`, { errors: [{ field: VERSION_COLUMN, message: '格式不正确' }] });
  return n;
}

/** The stored version of a row (snake_case columns); rows written before the column count as 1. */
export const storedVersion = (row: Record<string, unknown>): number => Number(row[VERSION_COLUMN] ?? 1);

/** 409 with the record as the caller would read it now. */
export async function conflict(ctx: AppContext, m: ResourceModel, id: string, tenantId: number, user: SessionUser): Promise<ApiError> {
  const current = await readRecordFor(ctx, m, id, tenantId, user);
  if (!current) return notFound(MSG.noData);
  return new ApiError(409, MSG_CONFLICT, { current });
}
