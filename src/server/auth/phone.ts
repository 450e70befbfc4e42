/**
 * Public account calls that prove a phone by an SMS code (JeecgBoot LoginController / SysUserController):
 *   POST /sys/sms {mobile, smsmode}                 smsmode 0 login, 1 register, 2 forgotten password
 *   POST /sys/phoneLogin {mobile, captcha}          -> {token, userInfo, isJump:false}, like /sys/login
 *   POST /sys/user/register {username, password, phone, smscode}  -> 注册成功 (platform tenant, no role)
 *   POST /sys/user/phoneVerification {phone, smscode}             -> {username} (the code stays valid)
 *   POST /sys/user/passwordChange {username, password, phone, smscode} -> 密码重置成功 (every session ends)
 * Refusals are business answers (HTTP 200, success false, code 400) with the message shown.
 * Codes: auth/sms.ts (5 min, one per 60 s per phone, 5 checks).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fail, ok } from '../../core/protocol/index.js';
import { MESSAGES, PASSWORD_PATTERN, PHONE_PATTERN } from '../../core/validators/index.js';
import { SUPER_TENANT_ID, type AppContext } from '../context.js';
import { nowText } from '../db/ids.js';
import { userModel } from '../account/user-model.js';
import { addRecord } from '../resources/write.js';
import { asAnswer } from '../resources/answer.js';
import type { SessionUser } from './session.js';
import { badRequest } from '../errors.js';
import { logLogin } from '../logs/index.js';
import { hashPassword } from './password.js';
import { SMS_MSG, SMS_PURPOSES, SmsCodes } from './sms.js';
import { accountRefusal, issueLogin, type UserRow } from './token.js';

export const REGISTER_MSG = {
  ok: '注册成功',
  closed: '暂不开放注册',
  passwordRequired: '请输入密码',
  resetOk: '密码重置成功，请使用新密码登录',
  noAccount: '该手机号未绑定此账号',
  manyAccounts: '该手机号绑定了多个账号，请使用账号密码登录',
} as const;


/** The caller a self-registration writes as: the new account itself, of the platform tenant, holding nothing. */
function registrant(username: string): SessionUser {
  return { token: '', id: '', username: username.slice(0, 64), realname: null, tenantId: SUPER_TENANT_ID, orgId: null, roleCodes: [], isSuperAdmin: false, perms: new Set() };
}
const USER_TABLE = 'sys_user';

function bodyOf(req: FastifyRequest): Record<string, unknown> {
  const b = req.body;
  if (typeof b !== 'object' || b === null || Array.isArray(b)) throw badRequest('请求体必须是对象');
  return b as Record<string, unknown>;
}

function text(b: Record<string, unknown>, ...keys: string[]): string {
  for (const k of keys) {
    const v = b[k];
    if (typeof v === 'string') return v.trim().slice(0, 128);
    if (typeof v === 'number') return String(v);
  }
  return '';
}

/** The phone of the request, or the refusal message. */
function phoneOf(raw: string): { phone: string } | { message: string } {
  if (!raw) return { message: MESSAGES.phoneRequired };
  if (!PHONE_PATTERN.test(raw)) return { message: MESSAGES.phone };
  return { phone: raw };
}

export function registerPhoneRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const codes = new SmsCodes(ctx.database);
  const usersByPhone = (phone: string) =>
    db.selectFrom(USER_TABLE).selectAll().where('phone', '=', phone).where('del_flag', '=', 0).orderBy('create_time').limit(2).execute() as Promise<UserRow[]>;
  const pub = { config: { public: true } };

  app.post('/sys/sms', pub, async (req) => {
    const b = bodyOf(req);
    const p = phoneOf(text(b, 'mobile', 'phone'));
    if ('message' in p) return fail(400, p.message);
    const mode = text(b, 'smsmode') as keyof typeof SMS_PURPOSES;
    const purpose = SMS_PURPOSES[mode];
    if (!purpose) return fail(400, SMS_MSG.badMode);
    const users = await usersByPhone(p.phone);
    if (purpose === 'register' && users.length > 0) return fail(400, SMS_MSG.registered);
    if (purpose !== 'register' && users.length === 0) return fail(400, SMS_MSG.notRegistered);
    const sent = await codes.issue(p.phone, purpose, req.ip);
    return sent.ok ? ok(null, SMS_MSG.sent) : fail(400, sent.message);
  });

  app.post('/sys/phoneLogin', pub, async (req) => {
    const b = bodyOf(req);
    const p = phoneOf(text(b, 'mobile', 'phone'));
    if ('message' in p) return fail(400, p.message);
    const captcha = text(b, 'captcha', 'smscode');
    if (!captcha) return fail(400, SMS_MSG.codeRequired);
    const refused = await codes.check(p.phone, 'login', captcha, true);
    if (refused) {
      logLogin(ctx, req, { username: p.phone, ok: false, reason: refused });
      return fail(400, refused);
    }
    const users = await usersByPhone(p.phone);
    if (users.length === 0) return fail(400, SMS_MSG.notRegistered);
    if (users.length > 1) return fail(400, REGISTER_MSG.manyAccounts);
    const user = users[0]!;
    const why = await accountRefusal(db, user);
    if (why) {
      logLogin(ctx, req, { username: String(user.username), user, ok: false, reason: why });
      return fail(400, why);
    }
    return ok(await issueLogin(ctx, req, user), '登录成功');
  });

  app.post('/sys/user/register', pub, async (req) => {
    const b = bodyOf(req);
    const p = phoneOf(text(b, 'phone', 'mobile'));
    if ('message' in p) return fail(400, p.message);
    const smscode = text(b, 'smscode', 'captcha');
    if (!smscode) return fail(400, SMS_MSG.codeRequired);
    if ((await usersByPhone(p.phone)).length > 0) return fail(400, SMS_MSG.registered);
    const model = userModel(ctx);
    if (!model) return fail(400, REGISTER_MSG.closed);
    // the code is checked first and used up only once the account is written
    const refused = await codes.check(p.phone, 'register', smscode, false);
    if (refused) return fail(400, refused);
    const username = text(b, 'username');
    // A self-registered account of the platform tenant without roles, written by the one write
    // pipeline like 用户管理's 新增 (validation, uniqueness, data log, the same messages): it sees
    // 首页 until an administrator grants it roles. Its name and 工号 start as the account name.
    const account = { username, password: typeof b.password === 'string' ? b.password : '', realname: username, workNo: username, phone: p.phone };
    const refusal = await asAnswer(() => addRecord(ctx, model, account, { user: registrant(username), tenantId: SUPER_TENANT_ID }));
    if (refusal) return refusal;
    await codes.check(p.phone, 'register', smscode, true);
    return ok({ username, phone: p.phone }, REGISTER_MSG.ok);
  });

  /** The account of a phone whose code checks out (the code is not used up: the reset uses it). */
  const accountOf = async (b: Record<string, unknown>, consume: boolean) => {
    const p = phoneOf(text(b, 'phone', 'mobile'));
    if ('message' in p) return { message: p.message };
    const smscode = text(b, 'smscode', 'captcha');
    if (!smscode) return { message: SMS_MSG.codeRequired };
    const refused = await codes.check(p.phone, 'forget', smscode, consume);
    if (refused) return { message: refused };
    const users = await usersByPhone(p.phone);
    if (users.length === 0) return { message: SMS_MSG.notRegistered };
    if (users.length > 1) return { message: REGISTER_MSG.manyAccounts };
    return { user: users[0]! };
  };

  app.post('/sys/user/phoneVerification', pub, async (req) => {
    const r = await accountOf(bodyOf(req), false);
    if ('message' in r) return fail(400, r.message!);
    return ok({ username: String(r.user.username) }, '验证成功');
  });

  app.post('/sys/user/passwordChange', pub, async (req) => {
    const b = bodyOf(req);
    const username = text(b, 'username');
    const password = typeof b.password === 'string' ? b.password : '';
    if (!password) return fail(400, REGISTER_MSG.passwordRequired);
    if (password.length > 128 || !PASSWORD_PATTERN.test(password)) return fail(400, MESSAGES.password);
    const r = await accountOf(b, true);
    if ('message' in r) return fail(400, r.message!);
    if (username && username !== String(r.user.username)) return fail(400, REGISTER_MSG.noAccount);
    const hash = await hashPassword(password);
    await db.updateTable(USER_TABLE).set({ password_hash: hash, update_by: String(r.user.username), update_time: nowText() }).where('id', '=', String(r.user.id)).execute();
    await db.updateTable('sys_token').set({ revoked_at: Date.now() }).where('user_id', '=', String(r.user.id)).where('revoked_at', 'is', null).execute();
    ctx.sessions.drop();
    return ok(null, REGISTER_MSG.resetOk);
  });
}
