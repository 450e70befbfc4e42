/**
 * 文件管理 (module sysOssFile, table from its schema):
 * - every upload is registered (name, store key, type, size, biz folder, uploader, tenant);
 * - effect `ossFileUsage` (the module's read effect): the detail lists the records that use the
 *   file, found by scanning the file-holding fields of every module schema (image and file
 *   equal to the key, images containing it, rich text mentioning it) in the file's tenant;
 * - effect `ossFileDelete` (row action 删除): refused while any record uses the file
 *   (400 `文件正被引用，不能删除：…`), else the row goes and, once committed, the stored bytes.
 * Nothing happens when the module is not installed.
 */
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { newId, nowText } from '../db/ids.js';
import { badRequest } from '../errors.js';
import type { Effects } from '../resources/effects.js';
import { toStored } from '../resources/model.js';

export const OSS_RESOURCE = 'sysOssFile';
/** Records listed per module in 引用记录. */
const USAGE_LIMIT = 20;

export interface UploadInfo { key: string; fileName: string; fileType: string; fileSize: number; biz: string }

/** Registers one upload (never fails the upload: errors are logged). */
export async function registerUpload(ctx: AppContext, req: FastifyRequest, u: UploadInfo): Promise<void> {
  const m = ctx.models.get(OSS_RESOURCE);
  if (!m) return;
  const username = req.session?.username ?? 'system';
  const row: Record<string, unknown> = { id: newId(), tenant_id: req.tenantId ?? req.session?.tenantId ?? 0, create_by: username, create_time: nowText(), version: 1 };
  const values: Record<string, unknown> = { ...u, url: u.key, uploader: username };
  for (const [k, v] of Object.entries(values)) {
    const c = m.byKey.get(k);
    if (c) row[c.column] = toStored(c, typeof v === 'string' ? v.slice(0, c.field.maxLength ?? 512) : v);
  }
  try {
    await ctx.database.db.insertInto(m.table).values(row).execute();
  } catch (err) {
    console.error('[oss] register failed', err);
  }
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface FileUse { resource: string; title: string; ids: string[] }

/** The records of `tenantId` whose file fields hold `key`, by module. */
export async function usesOf(ctx: AppContext, db: Kysely<any>, key: string, tenantId: number): Promise<FileUse[]> {
  const out: FileUse[] = [];
  for (const m of ctx.models.values()) {
    if (m.name === OSS_RESOURCE) continue;
    const conds: Array<(eb: any) => unknown> = [];
    for (const c of m.fields) {
      const kind = c.field.kind;
      if (kind === 'image' || kind === 'file') conds.push((eb) => eb(c.column, '=', key));
      else if (kind === 'images') conds.push(() => sql<SqlBool>`(',' || ${sql.ref(c.column)} || ',') like ${`%,${escapeLike(key)},%`} escape '\\'`);
      else if (kind === 'richtext') conds.push(() => sql<SqlBool>`${sql.ref(c.column)} like ${`%${escapeLike(key)}%`} escape '\\'`);
    }
    if (!conds.length) continue;
    const rows = await db.selectFrom(m.table).select('id').where('tenant_id', '=', tenantId)
      .where((eb) => eb.or(conds.map((f) => f(eb) as never))).limit(USAGE_LIMIT).execute();
    if (rows.length) out.push({ resource: m.name, title: m.schema.title, ids: rows.map((r) => String(r.id)) });
  }
  return out;
}

/** `医生管理 2 条（id1、id2）；…` */
export function describeUses(uses: FileUse[]): string {
  return uses.map((u) => `${u.title} ${u.ids.length} 条（${u.ids.join('、')}）`).join('；');
}

export function registerOssEffects(effects: Effects): void {
  effects.register('ossFileUsage', async (e) => {
    const rec = e.before;
    if (!rec) return null;
    const uses = await usesOf(e.ctx, e.db, String(rec.url ?? ''), e.caller.tenantId);
    rec.usedBy = uses.length ? describeUses(uses) : '未被引用';
    return rec;
  });

  effects.register('ossFileDelete', async (e) => {
    const rec = e.before!;
    const key = String(rec.url ?? '');
    const uses = await usesOf(e.ctx, e.db, key, e.caller.tenantId);
    if (uses.length) throw badRequest(`文件正被引用，不能删除：${describeUses(uses)}`);
    await e.db.deleteFrom(e.model.table).where('id', '=', e.id).execute();
    e.afterCommit?.(async () => {
      // another registration of the same key (none today: keys carry a random part) keeps the bytes
      const again = await e.ctx.database.db.selectFrom(e.model.table).select('id').where(e.model.byKey.get('url')!.column, '=', key).executeTakeFirst();
      if (!again) await e.ctx.files?.remove(key).catch((err: unknown) => { console.error('[oss] remove failed', err); });
    });
    return null;
  });
}
