/**
 * SMS verification codes (phone login, registration, password recovery).
 *
 * - A code is 6 digits, valid 5 minutes, for one phone and one purpose; only its hash is kept
 *   (sys_sms_code), so several instances share it and a database reader cannot log in with it.
 * - One code per phone per 60 s (whatever the purpose), counted atomically (auth/counters.ts);
 *   one address may ask for at most 20 codes in 10 minutes (429 请求过于频繁).
 * - A code is checked at most 5 times; the 6th check and later fail with 验证码错误次数过多，请重新获取
 *   (a new code must be asked for). A code is used once.
 * - The text goes through the channel layer's `sms` adapter (channels/registry.ts). The default
 *   one sends nothing: it writes the message to sys_sms_log and the server log (development,
 *   tests); a deployment registers a real gateway there, for codes and messages alike.
 */
import { createHash, randomInt } from 'node:crypto';
import type { Database } from '../db/connection.js';
import { newId } from '../db/ids.js';
import { col, type TableDef } from '../db/table-def.js';
import { ApiError, MSG } from '../errors.js';
import { Counters } from './counters.js';
import { sendThrough } from '../channels/registry.js';
import { SMS_LOG } from '../channels/logging.js';

export const SMS_CODE_TTL_MS = 5 * 60 * 1000;
export const SMS_RESEND_MS = 60 * 1000;
export const SMS_MAX_CHECKS = 5;
const ADDRESS_WINDOW_MS = 10 * 60 * 1000;
const ADDRESS_MAX_SENDS = 20;

/** JeecgBoot smsmode: 0 login, 1 register, 2 forgotten password. */
export const SMS_PURPOSES = { '0': 'login', '1': 'register', '2': 'forget' } as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[keyof typeof SMS_PURPOSES];

export const SMS_MSG = {
  sent: '验证码已发送，5分钟内有效',
  sendFailed: (reason: string) => `短信发送失败：${reason}`,
  tooSoon: (s: number) => `验证码发送过于频繁，请${s}秒后再试`,
  expired: '验证码已失效，请重新获取',
  wrong: '手机验证码错误',
  tooManyChecks: '验证码错误次数过多，请重新获取',
  codeRequired: '请输入验证码',
  badMode: '短信类型不正确：smsmode 只能是 0（登录）、1（注册）或 2（找回密码）',
  notRegistered: '该手机号未注册，请先注册',
  registered: '手机号已经注册，请直接登录！',
} as const;

export const SMS_CODE_TABLE: TableDef = {
  name: 'sys_sms_code',
  columns: [
    col.text('id', { primaryKey: true }),
    col.text('phone', { notNull: true }),
    col.text('purpose', { notNull: true }),
    col.text('code_hash', { notNull: true }),
    col.int('created_at', { notNull: true }),
    col.int('expires_at', { notNull: true }),
    col.int('checks', { notNull: true, default: 0 }),
    col.int('used_at'),
  ],
  indexes: [{ name: 'idx_sys_sms_code_phone', columns: ['phone', 'purpose', 'created_at'] }],
};

/** What the logging SMS adapter (channels/logging.ts) "sent": one row per message. */
export const SMS_LOG_TABLE: TableDef = {
  name: SMS_LOG,
  columns: [col.text('id', { primaryKey: true }), col.text('phone', { notNull: true }), col.text('content', { notNull: true }), col.text('create_time')],
  indexes: [{ name: 'idx_sys_sms_log_phone', columns: ['phone', 'create_time'] }],
};

/** Sends the text to the phone through the channel layer: '' when sent, else the adapter's reason. */
function sendSms(database: Database, phone: string, text: string): Promise<string> {
  return sendThrough('sms', { tenantId: null, sender: 'system', to: { id: phone, label: phone, phone }, title: '验证码', content: text }, { db: database.db, afterCommit: (fn) => void fn() });
}

const hashCode = (phone: string, purpose: string, code: string) => createHash('sha256').update(`${phone}\n${purpose}\n${code}`).digest('hex');

export class SmsCodes {
  private counters: Counters;
  constructor(private database: Database) {
    this.counters = new Counters(database);
  }

  /** Sends a new code; refuses (HTTP 200, business failure message) within 60 s of the last one. */
  async issue(phone: string, purpose: SmsPurpose, address: string, now = Date.now()): Promise<{ ok: true } | { ok: false; message: string }> {
    if ((await this.counters.hit(`sms:ip:${address}`, ADDRESS_WINDOW_MS, now)) > ADDRESS_MAX_SENDS) throw new ApiError(429, MSG.tooManyRequests);
    const key = `sms:phone:${phone}`;
    if ((await this.counters.hit(key, SMS_RESEND_MS, now)) > 1) {
      const row = await this.database.db.selectFrom('sys_counter').select('expires_at').where('key', '=', key).executeTakeFirst();
      const left = Math.max(1, Math.ceil((Number(row?.expires_at ?? now + SMS_RESEND_MS) - now) / 1000));
      return { ok: false, message: SMS_MSG.tooSoon(left) };
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const { db } = this.database;
    // the new code replaces any earlier one of the phone and purpose
    await db.updateTable(SMS_CODE_TABLE.name).set({ used_at: now }).where('phone', '=', phone).where('purpose', '=', purpose).where('used_at', 'is', null).execute();
    await db
      .insertInto(SMS_CODE_TABLE.name)
      .values({ id: newId(), phone, purpose, code_hash: hashCode(phone, purpose, code), created_at: now, expires_at: now + SMS_CODE_TTL_MS, checks: 0, used_at: null })
      .execute();
    const reason = await sendSms(this.database, phone, `【互联网医院】您的验证码是${code}，5分钟内有效，请勿泄露给他人。`);
    return reason ? { ok: false, message: SMS_MSG.sendFailed(reason) } : { ok: true };
  }

  /**
   * Checks a code; `consume` marks it used (once: of simultaneous uses one wins). The check is
   * counted before the comparison, so simultaneous guesses count too. Returns null or the refusal.
   */
  async check(phone: string, purpose: SmsPurpose, code: string, consume: boolean, now = Date.now()): Promise<string | null> {
    const { db } = this.database;
    const row = await db
      .selectFrom(SMS_CODE_TABLE.name)
      .select(['id', 'code_hash', 'checks'])
      .where('phone', '=', phone)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    if (!row) return SMS_MSG.expired;
    const counted = await db
      .updateTable(SMS_CODE_TABLE.name)
      .set((eb) => ({ checks: eb('checks', '+', 1) }))
      .where('id', '=', row.id)
      .where('checks', '<', SMS_MAX_CHECKS)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(counted.numUpdatedRows) !== 1) return SMS_MSG.tooManyChecks;
    if (!/^\d{4,8}$/.test(code) || hashCode(phone, purpose, code) !== row.code_hash) return SMS_MSG.wrong;
    if (consume) {
      const used = await db.updateTable(SMS_CODE_TABLE.name).set({ used_at: now }).where('id', '=', row.id).where('used_at', 'is', null).executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) return SMS_MSG.expired;
    }
    return null;
  }
}
