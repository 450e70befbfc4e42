/**
 * Per-user settings (client column settings etc.), stored in sys_user_setting per user and tenant.
 *
 * GET  /hospital/sys/userSetting/get?key=<key>   -> result = the stored JSON value, or null
 * POST /hospital/sys/userSetting/save {key, value} -> saved (value null deletes the entry)
 *
 * key ^[A-Za-z0-9:._-]{1,100}$ (e.g. `table:hisDoctor` -> {columns: [{key, show, order, width}], density});
 * value any JSON, at most 64 KB serialized; at most 500 keys per user and tenant. Login required.
 */
import type { FastifyInstance } from 'fastify';
import { ok } from '../../core/protocol/index.js';
import type { AppContext } from '../context.js';
import { newId, nowText } from '../db/ids.js';
import { badRequest } from '../errors.js';

export { USER_SETTING_TABLE } from './table.js';

export const SETTING_KEY = /^[A-Za-z0-9:._-]{1,100}$/;
export const MAX_SETTING_BYTES = 64 * 1024;
export const MAX_SETTINGS_PER_USER = 500;
const TABLE = 'sys_user_setting';

function keyOf(v: unknown): string {
  const k = Array.isArray(v) ? v[0] : v;
  if (typeof k !== 'string' || !SETTING_KEY.test(k)) throw badRequest('设置键不合法：只能包含字母、数字和 : . _ -，最长100个字符');
  return k;
}

/** Key prefix of the list pages' column settings; they ride with the permission answer. */
export const TABLE_SETTING_PREFIX = 'table:';
/** Key prefix of the console's own preferences (个性化, 新消息通知); they ride along too. */
export const UI_SETTING_PREFIX = 'ui:';

/**
 * The user's settings whose key starts with `prefix`, by key, so the console has them with
 * the permission answer instead of one request per page or preference.
 */
export async function settingsByPrefix(ctx: AppContext, userId: string, tenantId: number, prefix: string): Promise<Record<string, unknown>> {
  const rows = await ctx.database.db
    .selectFrom(TABLE)
    .select(['key', 'value'])
    .where('user_id', '=', userId)
    .where('tenant_id', '=', tenantId)
    .where('key', 'like', `${prefix}%`)
    .execute();
  const out: Record<string, unknown> = {};
  for (const r of rows) {
    try {
      out[String(r.key)] = JSON.parse(String(r.value));
    } catch {
      /* an unreadable value reads as no setting */
    }
  }
  return out;
}

/** The list column settings (`table:*` keys). */
export function tableSettingsOf(ctx: AppContext, userId: string, tenantId: number): Promise<Record<string, unknown>> {
  return settingsByPrefix(ctx, userId, tenantId, TABLE_SETTING_PREFIX);
}

/** The console preferences (`ui:*` keys). */
export function uiSettingsOf(ctx: AppContext, userId: string, tenantId: number): Promise<Record<string, unknown>> {
  return settingsByPrefix(ctx, userId, tenantId, UI_SETTING_PREFIX);
}

export function registerUserSettings(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  app.get('/sys/userSetting/get', async (req) => {
    const key = keyOf(((req.query ?? {}) as Record<string, unknown>).key);
    const row = await db
      .selectFrom(TABLE)
      .select(['value'])
      .where('user_id', '=', req.session!.id)
      .where('tenant_id', '=', req.tenantId)
      .where('key', '=', key)
      .executeTakeFirst();
    let value: unknown = null;
    if (row?.value != null) {
      try {
        value = JSON.parse(String(row.value));
      } catch {
        value = null;
      }
    }
    return ok(value);
  });

  app.post('/sys/userSetting/save', async (req) => {
    const body = req.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('请求体必须是对象');
    const b = body as Record<string, unknown>;
    const key = keyOf(b.key);
    if (!('value' in b) || b.value === undefined) throw badRequest('缺少参数：value');
    const where = { user_id: req.session!.id, tenant_id: req.tenantId, key };
    if (b.value === null) {
      await db.deleteFrom(TABLE).where('user_id', '=', where.user_id).where('tenant_id', '=', where.tenant_id).where('key', '=', key).execute();
      return ok(null, '保存成功');
    }
    const text = JSON.stringify(b.value);
    if (Buffer.byteLength(text, 'utf8') > MAX_SETTING_BYTES) throw badRequest('设置内容不能超过64KB');
    const now = nowText();
    const existing = await db
      .selectFrom(TABLE)
      .select('id')
      .where('user_id', '=', where.user_id)
      .where('tenant_id', '=', where.tenant_id)
      .where('key', '=', key)
      .executeTakeFirst();
    if (existing) {
      await db.updateTable(TABLE).set({ value: text, update_time: now }).where('id', '=', existing.id).execute();
    } else {
      const n = await db
        .selectFrom(TABLE)
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', where.user_id)
        .where('tenant_id', '=', where.tenant_id)
        .executeTakeFirst();
      if (Number(n?.n ?? 0) >= MAX_SETTINGS_PER_USER) throw badRequest(`每个用户最多保存${MAX_SETTINGS_PER_USER}项设置`);
      await db
        .insertInto(TABLE)
        .values({ id: newId(), ...where, value: text, update_time: now })
        .onConflict((oc) => oc.columns(['user_id', 'tenant_id', 'key']).doUpdateSet({ value: text, update_time: now }))
        .execute();
    }
    return ok(null, '保存成功');
  });
}
