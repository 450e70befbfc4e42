/**
 * The list calls the server benches send (bench/server-list.ts, bench/server-cpu.ts), by the
 * QUERY name: `sex` (one filter), `pages` (a page that changes every call), `like` (a one-
 * character name search that changes every call), `like3` (two characters).
 */
import type { Query } from './client.js';

const common = { pageNo: 1, pageSize: 10, column: 'createTime', order: 'desc' };
const names = [...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹'];

export const LIST_QUERIES: Record<string, (i: number) => Query> = {
  sex: () => ({ ...common, sex: '1' }),
  pages: (i) => ({ ...common, pageNo: 1 + ((i * 37) % 1000) }),
  like: (i) => ({ ...common, realname: `*${names[i % names.length]}*` }),
  like3: (i) => ({ ...common, realname: `*${names[i % names.length]}${names[(i * 7) % names.length]}*` }),
};

/** The i-th call of the query named `kind`; an unknown name throws, naming the known ones. */
export function listQuery(kind: string): (i: number) => Query {
  const q = LIST_QUERIES[kind];
  if (!q) throw new Error(`QUERY=${kind}: one of ${Object.keys(LIST_QUERIES).join(', ')}`);
  return q;
}
