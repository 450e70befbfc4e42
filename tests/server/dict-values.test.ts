/**
 * A dictionary field accepts the items of sys_dict_item as the console left them: an item added in
 * 数据字典 is accepted at once by every write, a disabled item is refused naming the field.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, login, testApp } from './helpers.js';

type Rec = Record<string, unknown>;
interface Page { records: Rec[]; total: number }

let app: FastifyInstance;
let admin: string;
beforeAll(async () => {
  app = await testApp();
  admin = await login(app, 'admin');
});
afterAll(async () => { await app.close(); });

async function dict(code: string): Promise<Rec> {
  const r = await call<Page>(app, '/sys/dict/list', { token: admin, query: { dictCode: code } });
  const row = r.body.result.records.find((d) => d.dictCode === code)!;
  return (await call<Rec>(app, '/sys/dict/queryById', { token: admin, query: { id: String(row.id) } })).body.result;
}

async function saveItems(d: Rec, items: Rec[]) {
  const e = await call(app, '/sys/dict/edit', { method: 'PUT', token: admin, body: { id: d.id, version: d.version, dictName: d.dictName, items } });
  expect(e.body.message).toBe('编辑成功！');
}

const position = (code: string, postRank: string) =>
  call<Rec>(app, '/sys/position/add', { token: admin, body: { code, name: `职务${code}`, postRank } });

it('a record saves with an item added in 数据字典; refused once the item is disabled', async () => {
  const before = await position('P-NEW-1', '6');
  expect(before.status).toBe(400);
  expect(before.body.message).toBe('职级：职级的取值无效');

  const d = await dict('position_rank');
  await saveItems(d, [...(d.items as Rec[]), { itemText: '特级', itemValue: '6', sortOrder: 6, status: '1' }]);
  const added = await position('P-NEW-2', '6');
  expect(added.body.message).toBe('添加成功！');
  const listed = await call<Page>(app, '/sys/position/list', { token: admin, query: { code: 'P-NEW-2' } });
  expect(listed.body.result.records[0]?.postRank_dictText).toBe('特级');

  // disable the new item and the schema's 员级: both refused, naming the field, nothing stored
  const d2 = await dict('position_rank');
  await saveItems(d2, (d2.items as Rec[]).map((i) => (i.itemValue === '6' || i.itemValue === '1' ? { ...i, status: '0' } : i)));
  for (const [code, rank] of [['P-NEW-3', '6'], ['P-NEW-4', '1']] as const) {
    const refused = await position(code, rank);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('职级：职级的取值无效');
    expect(refused.body.result).toEqual({ errors: [{ field: 'postRank', message: '职级的取值无效' }] });
    const none = await call<Page>(app, '/sys/position/list', { token: admin, query: { code } });
    expect(none.body.result.total).toBe(0);
  }
  // an enabled schema item still saves
  expect((await position('P-NEW-5', '2')).body.message).toBe('添加成功！');
});
