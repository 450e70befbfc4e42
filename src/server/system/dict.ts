/**
 * GET /sys/dict/getDictItems/:code — items of a dictionary code (never a table).
 * GET /sys/dict/getDictItemsBatch?codes=a,b,c — the items of several codes in one answer,
 * `{ a: [...], b: [...] }` (a page asks every dictionary its schema uses in one round trip);
 * an unknown code is left out, at most MAX_BATCH_CODES codes.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { ok } from '../../core/protocol/index.js';
import type { AppContext } from '../context.js';
import { badRequest, notFound } from '../errors.js';

const CODE = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
export const MAX_BATCH_CODES = 50;

type Item = Record<string, string>;

/** Items of the enabled dictionaries among `codes`, by code (one query for the dictionaries, one for their items). */
async function itemsOf(db: Kysely<any>, codes: string[]): Promise<Map<string, Item[]>> {
  const out = new Map<string, Item[]>();
  if (!codes.length) return out;
  const dicts = await db.selectFrom('sys_dict').select(['id', 'dict_code']).where('dict_code', 'in', codes).where('del_flag', '=', 0).execute();
  if (!dicts.length) return out;
  const codeOf = new Map(dicts.map((d) => [String(d.id), String(d.dict_code)]));
  for (const d of dicts) out.set(String(d.dict_code), []);
  const items = await db
    .selectFrom('sys_dict_item')
    .select(['dict_id', 'item_value', 'item_text', 'item_color'])
    .where('dict_id', 'in', dicts.map((d) => d.id))
    .where('status', '=', 1)
    .orderBy('sort_order')
    .execute();
  for (const i of items) {
    const item: Item = { value: String(i.item_value), text: String(i.item_text), title: String(i.item_text) };
    if (i.item_color) item.color = String(i.item_color);
    out.get(codeOf.get(String(i.dict_id))!)!.push(item);
  }
  return out;
}

export function registerDictRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  app.get<{ Params: { code: string } }>('/sys/dict/getDictItems/:code', async (req) => {
    const code = req.params.code;
    if (!CODE.test(code)) throw notFound(`字典不存在：${code.slice(0, 64)}`);
    const items = (await itemsOf(db, [code])).get(code);
    if (!items) throw notFound(`字典不存在：${code}`);
    return ok(items);
  });

  app.get('/sys/dict/getDictItemsBatch', async (req) => {
    const raw = ((req.query ?? {}) as Record<string, unknown>).codes;
    const codes = [...new Set((typeof raw === 'string' ? raw : '').split(',').map((c) => c.trim()).filter(Boolean))];
    if (!codes.length) throw badRequest('缺少参数：codes');
    if (codes.length > MAX_BATCH_CODES) throw badRequest(`codes 最多${MAX_BATCH_CODES}个字典编码`);
    const bad = codes.find((c) => !CODE.test(c));
    if (bad) throw badRequest(`字典编码不合法：${bad.slice(0, 64)}`);
    return ok(Object.fromEntries(await itemsOf(db, codes)));
  });
}
