/**
 * `publicRead`: the rules of the public read-only list (GET /hospital/open/<resource>/list).
 * Only declared, non-secret fields may be public: never a password, a writeOnly field or a
 * field masked in lists (sensitive); the filter and the sort name declared fields too.
 */
import { findField, isSystemColumn, pointer } from './naming.js';
import type { FieldSchema, ResourceSchema } from './types.js';

/** At most this many records answer one public list. */
export const PUBLIC_READ_LIMIT = 50;

/** Why a field may not be public, or undefined when it may. */
export function notPublic(f: FieldSchema): string | undefined {
  if (f.kind === 'password') return '是密码字段';
  if (f.writeOnly) return '是 writeOnly 字段';
  if (f.sensitive) return '是脱敏（sensitive）字段';
  return undefined;
}

/** The sort of a spec: field key and direction (default: newest first). */
export function publicSort(spec: string | undefined): { key: string; desc: boolean } {
  const [key, dir] = (spec ?? 'createTime,desc').split(',');
  return { key: key!, desc: dir !== 'asc' };
}

/** Linter problems of `publicRead` (path, Chinese message). */
export function publicReadProblems(s: ResourceSchema): Array<{ path: string; message: string }> {
  const pr = s.publicRead;
  if (!pr) return [];
  const out: Array<{ path: string; message: string }> = [];
  const check = (key: string, path: string, what: string) => {
    const f = findField(s, key);
    if (!f) out.push({ path, message: `${what} "${key}" 不是已声明的字段` });
    else {
      const why = notPublic(f);
      if (why) out.push({ path, message: `${what} "${key}" ${why}，不能公开` });
    }
  };
  pr.fields.forEach((k, i) => check(k, pointer('publicRead', 'fields', i), '公开字段'));
  for (const k of Object.keys(pr.filter ?? {})) check(k, pointer('publicRead', 'filter', k), '公开筛选字段');
  if (pr.sort) {
    const { key } = publicSort(pr.sort);
    if (!isSystemColumn(key)) check(key, pointer('publicRead', 'sort'), '公开排序字段');
  }
  return out;
}
