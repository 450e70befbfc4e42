/** GET /sys/dict/getDictItems/:code — items of a dictionary code (never a table). */
import type { FastifyInstance } from 'fastify';
import { ok } from '../../core/protocol/index.js';
import type { AppContext } from '../context.js';
import { notFound } from '../errors.js';

export function registerDictRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  app.get<{ Params: { code: string } }>('/sys/dict/getDictItems/:code', async (req) => {
    const code = req.params.code;
    if (!/^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(code)) throw notFound(`字典不存在：${code.slice(0, 64)}`);
    const dict = await db
      .selectFrom('sys_dict')
      .select('id')
      .where('dict_code', '=', code)
      .where('del_flag', '=', 0)
      .executeTakeFirst();
    if (!dict) throw notFound(`字典不存在：${code}`);
    const items = await db
      .selectFrom('sys_dict_item')
      .select(['item_value', 'item_text', 'item_color'])
      .where('dict_id', '=', dict.id)
      .where('status', '=', 1)
      .orderBy('sort_order')
      .execute();
    return ok(
      items.map((i) => {
        const item: Record<string, string> = { value: String(i.item_value), text: String(i.item_text), title: String(i.item_text) };
        if (i.item_color) item.color = String(i.item_color);
        return item;
      }),
    );
  });
}
