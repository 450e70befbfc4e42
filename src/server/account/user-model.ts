/**
 * The module that writes sys_user: several read-only modules list the same table (部门用户,
 * 通讯录), so the user calls take the one schema over it that is not read-only.
 */
import type { AppContext } from '../context.js';
import type { ResourceModel } from '../resources/model.js';

export const USER_TABLE = 'sys_user';

export function userModel(ctx: Pick<AppContext, 'models'>): ResourceModel | undefined {
  return [...ctx.models.values()].find((m) => m.table === USER_TABLE && m.schema.readOnly !== true);
}
