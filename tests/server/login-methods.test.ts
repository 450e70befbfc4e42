/**
 * Phone + SMS code login, registration, password recovery and CAS login (issue 13, 登录/注册/找回密码):
 * the code goes through the logging SMS sender (sys_sms_log), is valid 5 minutes, one per 60 s
 * per phone, checked at most 5 times, used once; CAS tickets are validated against a stub CAS
 * server answering CAS XML.
 */
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, PASSWORDS, tempDir, testApp } from './helpers.js';

type Rec = Record<string, unknown>;
const dir = tempDir('hosp-login-methods-');
let app: FastifyInstance;
let cas: http.Server;
let casUrl: string;
const casCalls: string[] = [];

/** A CAS server: ticket ST-good-<user> is valid for any service, every other ticket fails. */
function startCasStub(): Promise<void> {
  cas = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    casCalls.push(u.pathname + u.search);
    if (u.pathname !== '/cas/p3/serviceValidate') {
      res.writeHead(404).end();
      return;
    }
    const ticket = u.searchParams.get('ticket') ?? '';
    const m = /^ST-good-(\w+)$/.exec(ticket);
    res.writeHead(200, { 'Content-Type': 'application/xml' });
    res.end(
      m
        ? `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>${m[1]}</cas:user></cas:authenticationSuccess></cas:serviceResponse>`
        : `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INVALID_TICKET">Ticket ${ticket} not recognized</cas:authenticationFailure></cas:serviceResponse>`,
    );
  });
  return new Promise((r) => cas.listen(0, '127.0.0.1', () => r()));
}

beforeAll(async () => {
  await startCasStub();
  casUrl = `http://127.0.0.1:${(cas.address() as AddressInfo).port}/cas`;
  app = await testApp({ memory: false, dataDir: dir, seedRows: 2, casServerUrl: casUrl });
});
afterAll(async () => {
  await app?.close();
  await new Promise((r) => cas?.close(r));
});

function sql<T = Rec>(query: string, ...args: unknown[]): T[] {
  const db = new BetterSqlite3(path.join(dir, 'hospital.db'));
  try {
    const st = db.prepare(query);
    return (st.reader ? st.all(...args) : (st.run(...args), [])) as T[];
  } finally {
    db.close();
  }
}

/** The last code the logging sender "sent" to the phone. */
function lastCode(phone: string): string {
  const rows = sql<{ content: string }>('select content from sys_sms_log where phone = ? order by create_time desc, id desc limit 1', phone);
  const m = /验证码是(\d{6})/.exec(rows[0]?.content ?? '');
  if (!m) throw new Error(`no code sent to ${phone}`);
  return m[1]!;
}

const sms = (mobile: string, smsmode: string) => call(app, '/sys/sms', { body: { mobile, smsmode } });
const phoneLogin = (mobile: string, captcha: string) =>
  call<{ token: string; userInfo: Rec; isJump: boolean }>(app, '/sys/phoneLogin', { body: { mobile, captcha } });

describe('phone + SMS code login', () => {
  it('sends a 5-minute code through the logging sender, refuses a second within 60 s, logs in with it once', async () => {
    const sent = await sms('13800000000', '0');
    expect(sent.body.success, sent.body.message).toBe(true);
    expect(sent.body.message).toBe('验证码已发送，5分钟内有效');
    const log = sql<{ content: string }>("select content from sys_sms_log where phone = '13800000000'");
    expect(log).toHaveLength(1);
    expect(log[0]!.content).toMatch(/^【互联网医院】您的验证码是\d{6}，5分钟内有效，请勿泄露给他人。$/);
    const stored = sql<{ code_hash: string; created_at: number; expires_at: number }>("select * from sys_sms_code where phone = '13800000000'");
    expect(stored[0]!.expires_at - stored[0]!.created_at).toBe(5 * 60 * 1000);
    expect(stored[0]!.code_hash).not.toContain(lastCode('13800000000'));

    const again = await sms('13800000000', '0');
    expect(again.body.success).toBe(false);
    expect(again.body.message).toMatch(/^验证码发送过于频繁，请(60|59|58)秒后再试$/);
    expect(sql("select id from sys_sms_log where phone = '13800000000'")).toHaveLength(1);

    const code = lastCode('13800000000');
    const wrong = await phoneLogin('13800000000', code === '000000' ? '111111' : '000000');
    expect(wrong.body).toMatchObject({ success: false, message: '手机验证码错误' });
    const good = await phoneLogin('13800000000', code);
    expect(good.body.success, good.body.message).toBe(true);
    expect(good.body.result.userInfo.username).toBe('admin');
    expect(good.body.result.isJump).toBe(false);
    const perms = await call(app, '/sys/permission/getUserPermissionByToken', { token: good.body.result.token });
    expect(perms.status).toBe(200);
    const reused = await phoneLogin('13800000000', code);
    expect(reused.body).toMatchObject({ success: false, message: '验证码已失效，请重新获取' });
  });

  it('refuses bad phones, unknown phones and bad modes with the field named, sending nothing', async () => {
    expect((await sms('', '0')).body.message).toBe('请输入手机号码!');
    expect((await sms('1380000', '0')).body.message).toBe('手机号码格式不正确!');
    expect((await sms('13912345678', '0')).body.message).toBe('该手机号未注册，请先注册');
    expect((await sms('13800000001', '7')).body.message).toBe('短信类型不正确：smsmode 只能是 0（登录）、1（注册）或 2（找回密码）');
    expect((await sms('13800000001', '1')).body.message).toBe('手机号已经注册，请直接登录！');
    expect((await phoneLogin('13800000001', '')).body.message).toBe('请输入验证码');
    expect(sql("select id from sys_sms_log where phone in ('13912345678', '13800000001')")).toHaveLength(0);
  });

  it('after 5 wrong codes even the right one is refused; an expired code is refused', async () => {
    expect((await sms('13800000003', '0')).body.success).toBe(true);
    const code = lastCode('13800000003');
    const other = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) expect((await phoneLogin('13800000003', other)).body.message).toBe('手机验证码错误');
    expect((await phoneLogin('13800000003', code)).body.message).toBe('验证码错误次数过多，请重新获取');

    sql("delete from sys_counter where key = 'sms:phone:13800000003'");
    expect((await sms('13800000003', '0')).body.success).toBe(true);
    const fresh = lastCode('13800000003');
    sql("update sys_sms_code set expires_at = ? where phone = '13800000003' and used_at is null", Date.now() - 1);
    expect((await phoneLogin('13800000003', fresh)).body.message).toBe('验证码已失效，请重新获取');
  });
});

describe('registration and password recovery', () => {
  it('registers with a phone code under the password rule, then logs in with the password', async () => {
    const phone = '13900000001';
    expect((await sms(phone, '1')).body.success).toBe(true);
    const code = lastCode(phone);
    // the user module's checks and messages (those of 用户管理's 新增); nothing is written, the code stays usable
    const weak = await call(app, '/sys/user/register', { body: { username: 'newdoc', password: 'abc1234567', phone, smscode: code } });
    expect(weak.body).toMatchObject({ success: false, message: '登录密码：密码由大写字母、小写字母、数字和特殊符号组成，且不少于10位!' });
    const badName = await call(app, '/sys/user/register', { body: { username: 'new doc', password: 'Newdoc@12345', phone, smscode: code } });
    expect(badName.body).toMatchObject({ success: false, message: '用户账号：用户账号只允许字母、数字、下划线，长度4到18个字符' });
    const taken = await call(app, '/sys/user/register', { body: { username: 'admin', password: 'Newdoc@12345', phone, smscode: code } });
    expect(taken.body.message).toBe('用户账号：该值不可用，系统中已存在！');
    expect(sql("select id from sys_user where phone = ?", phone)).toEqual([]);
    const done = await call(app, '/sys/user/register', { body: { username: 'newdoc', password: 'Newdoc@12345', phone, smscode: code } });
    expect(done.body).toMatchObject({ success: true, message: '注册成功' });
    const row = sql<Rec>("select id, tenant_id, phone, realname, work_no, status, version from sys_user where username = 'newdoc'");
    expect(row.map(({ id: _id, ...r }) => r)).toEqual([{ tenant_id: 1000, phone, realname: 'newdoc', work_no: 'newdoc', status: '1', version: 1 }]);
    // a data-log version like any add, written by the new account
    const logged = sql<Rec>("select op, username, resource from sys_write_log where record_id = ?", String(row[0]!.id));
    expect(logged).toEqual([{ op: 'add', username: 'newdoc', resource: 'sysUser' }]);
    const login = await call<{ token: string }>(app, '/sys/login', { body: { username: 'newdoc', password: 'Newdoc@12345' } });
    expect(login.body.success, login.body.message).toBe(true);
    const twice = await call(app, '/sys/user/register', { body: { username: 'newdoc2', password: 'Newdoc@12345', phone, smscode: code } });
    expect(twice.body.message).toBe('手机号已经注册，请直接登录！');
  });

  it('resets a forgotten password with the code: the old password and every session end, the new one logs in', async () => {
    const old = await call<{ token: string }>(app, '/sys/login', { body: { username: 'hospadmin', password: PASSWORDS.hospadmin } });
    expect((await sms('13800000002', '2')).body.success).toBe(true);
    const code = lastCode('13800000002');
    const verified = await call<{ username: string }>(app, '/sys/user/phoneVerification', { body: { phone: '13800000002', smscode: code } });
    expect(verified.body.result).toEqual({ username: 'hospadmin' });
    const weak = await call(app, '/sys/user/passwordChange', { body: { username: 'hospadmin', password: 'short', phone: '13800000002', smscode: code } });
    expect(weak.body.message).toBe('密码由大写字母、小写字母、数字和特殊符号组成，且不少于10位!');
    const done = await call(app, '/sys/user/passwordChange', { body: { username: 'hospadmin', password: 'Changed@2026x', phone: '13800000002', smscode: code } });
    expect(done.body).toMatchObject({ success: true, message: '密码重置成功，请使用新密码登录' });
    expect((await call(app, '/sys/permission/getUserPermissionByToken', { token: old.body.result.token })).status).toBe(401);
    expect((await call(app, '/sys/login', { body: { username: 'hospadmin', password: PASSWORDS.hospadmin } })).body.message).toBe('用户名或密码错误');
    expect((await call(app, '/sys/login', { body: { username: 'hospadmin', password: 'Changed@2026x' } })).body.success).toBe(true);
    const again = await call(app, '/sys/user/passwordChange', { body: { username: 'hospadmin', password: 'Other@2026xy', phone: '13800000002', smscode: code } });
    expect(again.body.message).toBe('验证码已失效，请重新获取');
  });
});

describe('CAS login', () => {
  const service = 'http://console.example/user/login';
  it('the global config names the CAS server; a valid ticket logs the CAS user in', async () => {
    const g = await call<{ casServerUrl: string }>(app, '/config/globalConfig');
    expect(g.body.result.casServerUrl).toBe(casUrl);
    const r = await call<{ token: string; userInfo: Rec }>(app, '/cas/client/validateLogin', { query: { ticket: 'ST-good-yunying', service } });
    expect(r.body.success, r.body.message).toBe(true);
    expect(r.body.result.userInfo.username).toBe('yunying');
    expect(casCalls.at(-1)).toBe(`/cas/p3/serviceValidate?${new URLSearchParams({ ticket: 'ST-good-yunying', service })}`);
    expect((await call(app, '/sys/permission/getUserPermissionByToken', { token: r.body.result.token })).status).toBe(200);
  });

  it('refuses a bad ticket, an unknown CAS user, a foreign service and a missing ticket', async () => {
    expect((await call(app, '/cas/client/validateLogin', { query: { ticket: 'ST-bad', service } })).body).toMatchObject({ success: false, message: 'CAS票据验证失败，请重新登录' });
    expect((await call(app, '/cas/client/validateLogin', { query: { ticket: 'ST-good-nobody', service } })).body.message).toBe('CAS用户「nobody」在本系统中不存在');
    expect((await call(app, '/cas/client/validateLogin', { query: { ticket: 'ST-good-admin', service: 'http://evil.example/steal' } })).body.message).toBe('CAS票据验证失败，请重新登录');
    expect((await call(app, '/cas/client/validateLogin', { query: { service } })).body.message).toBe('缺少参数：ticket');
  });
});
