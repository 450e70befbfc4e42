/** Shared loader for tree resources: roots (list without filters) and childList. */
import type { ResourceSchema } from '../../../../core/schema/types';
import { childRows, fetchChildren, fetchList, type Row } from '../../api';
import { listQuery } from '../../projections';

export const hasChild = (r: Row) => r.hasChild === true || r.hasChild === 'true' || r.hasChild === 1 || r.hasChild === '1';

export async function loadRoots(schema: ResourceSchema): Promise<Row[]> {
  const res = await fetchList(schema, listQuery(schema, { values: {}, pageNo: 1, pageSize: 1000 }));
  return res.success ? res.result?.records ?? [] : [];
}

export async function loadChildren(schema: ResourceSchema, pid: string): Promise<Row[]> {
  const res = await fetchChildren(schema, pid);
  return res.success ? childRows(res.result) : [];
}
