/** Account calls of the console header (change password, department switch, organisation picker) and the user form's helpers. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { registerDepartRoutes } from './departs.js';
import { registerDepartUserRoutes } from './depart-users.js';
import { registerOrgRoutes } from './org.js';
import { registerPasswordRoutes } from './password.js';
import { registerUserRoutes } from './users.js';
import { registerProfileRoutes } from './profile.js';

export { PASSWORD_MSG, decryptField } from './password.js';
export { DEPART_MSG, seedUserDeparts, userDeparts, USER_DEPART_TABLE } from './departs.js';
export { ORG_LIST_PERMISSION } from './org.js';

export function registerAccount(app: FastifyInstance, ctx: AppContext): void {
  registerPasswordRoutes(app, ctx);
  registerDepartRoutes(app, ctx);
  registerOrgRoutes(app, ctx);
  registerUserRoutes(app, ctx);
  registerDepartUserRoutes(app, ctx);
  registerProfileRoutes(app, ctx); // 个人中心 / 个人设置
}
