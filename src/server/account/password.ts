/**
 * PUT|POST /sys/user/updatePassword {username, oldpassword, password, confirmpassword}
 * (each field encrypted on its own with the core cipher, inside the encrypted body).
 * Refusals are JeecgBoot Result.error (HTTP 200, success false, code 400), shown by the
 * console as a warning: 旧密码输入错误 / the password rule message / 两次输入的密码不一样！.
 * Success: 密码修改成功！ and every other session of the user is revoked (the current one stays).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fail, ok, type ProtocolConfig } from '../../core/protocol/index.js';
import { decryptText, encryptText } from '../protocol/cipher.js';
import { MESSAGES, PASSWORD_PATTERN } from '../../core/validators/index.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import type { AppContext } from '../context.js';
import { nowText } from '../db/ids.js';
import { badRequest, MSG } from '../errors.js';
import { Counters } from '../auth/counters.js';

export const PASSWORD_MSG = {
  ok: '密码修改成功！',
  oldWrong: '旧密码输入错误',
  tooManyGuesses: '旧密码错误次数过多，请10分钟后再试',
  mismatch: '两次输入的密码不一样！',
  oldRequired: '请输入旧密码!',
  newRequired: '请输入新密码!',
  confirmRequired: '请确认新密码!',
  noUser: '当前系统无登录用户!',
  notSelf: '只允许修改自己的密码！',
  rule: MESSAGES.password,
} as const;

const MAX_LEN = 128;

/**
 * One individually encrypted field. With encryption on it must decrypt (else 400 请求体解密失败);
 * with encryption off a field that does not decrypt is taken as plain text.
 */
export function decryptField(v: unknown, cfg: ProtocolConfig): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw badRequest(MSG.bodyDecrypt);
  if (v === '' || v === encryptText('', cfg)) return ''; // an encrypted empty field (fixed IV: one ciphertext)
  try {
    return decryptText(v, cfg);
  } catch {
    if (cfg.encrypt) throw badRequest(MSG.bodyDecrypt);
    return v;
  }
}

/** Old-password checks per user in 10 minutes; counted before the check, so simultaneous guesses count too. */
const MAX_OLD_PASSWORD_CHECKS = 5;
const GUESS_WINDOW_MS = 10 * 60 * 1000;

export function registerPasswordRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const counters = new Counters(ctx.database);

  const handler = async (req: FastifyRequest) => {
    const body = req.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('请求体必须是对象');
    const b = body as Record<string, unknown>;
    const username = decryptField(b.username, ctx.protocol)?.trim();
    const oldpassword = decryptField(b.oldpassword, ctx.protocol);
    const password = decryptField(b.password, ctx.protocol);
    const confirmpassword = decryptField(b.confirmpassword, ctx.protocol);
    const me = req.session!;

    if (!username) return fail(400, PASSWORD_MSG.noUser);
    if (username !== me.username) return fail(400, PASSWORD_MSG.notSelf);
    if (!oldpassword) return fail(400, PASSWORD_MSG.oldRequired);
    if (!password) return fail(400, PASSWORD_MSG.newRequired);
    if (!confirmpassword) return fail(400, PASSWORD_MSG.confirmRequired);
    if (oldpassword.length > MAX_LEN) return fail(400, PASSWORD_MSG.oldWrong);

    const user = await db.selectFrom('sys_user').select(['id', 'password_hash']).where('id', '=', me.id).where('del_flag', '=', 0).executeTakeFirst();
    if (!user) return fail(400, PASSWORD_MSG.noUser);
    const guessKey = `password:old:${me.id}`;
    if ((await counters.hit(guessKey, GUESS_WINDOW_MS)) > MAX_OLD_PASSWORD_CHECKS) return fail(400, PASSWORD_MSG.tooManyGuesses);
    if (!(await verifyPassword(oldpassword, user.password_hash as string | null))) return fail(400, PASSWORD_MSG.oldWrong);
    await counters.reset(guessKey);
    if (password.length > MAX_LEN || !PASSWORD_PATTERN.test(password)) return fail(400, PASSWORD_MSG.rule);
    if (password !== confirmpassword) return fail(400, PASSWORD_MSG.mismatch);

    const hash = await hashPassword(password);
    await db.updateTable('sys_user').set({ password_hash: hash, update_by: me.username, update_time: nowText() }).where('id', '=', me.id).execute();
    await db
      .updateTable('sys_token')
      .set({ revoked_at: Date.now() })
      .where('user_id', '=', me.id)
      .where('token', '!=', me.token)
      .where('revoked_at', 'is', null)
      .execute();
    ctx.sessions.drop();
    return ok(null, PASSWORD_MSG.ok);
  };

  app.put('/sys/user/updatePassword', handler);
  app.post('/sys/user/updatePassword', handler);
}
