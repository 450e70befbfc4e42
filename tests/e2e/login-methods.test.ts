/**
 * Phone + SMS code login, registration to 注册结果 and password recovery (找回密码) in Chromium
 * against the real server; the SMS code is read where the logging sender put it (sys_sms_log
 * of the server's database), as an operator without an SMS gateway would.
 */
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { USERS, login } from './harness.js';
import { useE2E } from './lifecycle.js';

const e2e = useE2E({ seedRows: 5 });
/** The login layout asks for the seeded orgLogo through the static prefix, which 404s. */
const LOGO = /\/sys\/common\/static\//;

/** The code of the last SMS the logging sender wrote for the phone (waits for it). */
async function smsCode(phone: string): Promise<string> {
  let code = '';
  await expect
    .poll(() => {
      const db = new BetterSqlite3(join(e2e.server.dataDir, 'hospital.db'), { readonly: true });
      try {
        const row = db.prepare('select content from sys_sms_log where phone = ? order by create_time desc, id desc limit 1').get(phone) as { content?: string } | undefined;
        code = /验证码是(\d{6})/.exec(row?.content ?? '')?.[1] ?? '';
      } finally {
        db.close();
      }
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

async function askCode(page: Page): Promise<void> {
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.locator('.ant-message').getByText('验证码已发送，5分钟内有效').waitFor();
  await page.getByRole('button', { name: /60 秒后重发|5\d 秒后重发/ }).waitFor();
}

describe('login methods', () => {
  it('手机号登录: the code sent to the phone logs the user in', async () => {
    const { page, errors } = await e2e.newSession();
    await page.goto(`${e2e.url}/user/login`);
    await page.getByRole('tab', { name: '手机号登录' }).click();
    await page.getByPlaceholder('请输入手机号码').fill('1380000');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText('手机号码格式不正确!').waitFor();
    await page.getByPlaceholder('请输入手机号码').fill('13800000001');
    await askCode(page);
    const code = await smsCode('13800000001');
    await page.getByPlaceholder('请输入验证码').fill(code);
    const call = page.waitForRequest((r) => r.url().includes('/sys/phoneLogin'));
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await call;
    await page.waitForURL((u) => u.pathname === '/dashboard/analysis', { timeout: 20_000 });
    await page.getByText('欢迎回来').first().waitFor();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('pro__Login_Userinfo') ?? 'null') as { value?: { username?: string } } | null);
    expect(stored?.value?.username).toBe('yunying');
    errors.assertClean([LOGO]);
  });

  it('注册: four steps to 注册结果, then the new account logs in with its password', async () => {
    const { page, errors } = await e2e.newSession();
    await page.goto(`${e2e.url}/user/login`);
    await page.getByRole('link', { name: '注册账户' }).click();
    await page.waitForURL((u) => u.pathname === '/user/register');
    await page.getByPlaceholder('请输入手机号码').fill('13900000009');
    await askCode(page);
    await page.getByPlaceholder('请输入验证码').fill(await smsCode('13900000009'));
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByPlaceholder('设置用户名：4-32位字母、数字或下划线').fill('zhangwei');
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByPlaceholder('至少10位，包含字母、数字和特殊符号').fill('abc123');
    await page.getByPlaceholder('确认密码').fill('abc1234');
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByText('密码由大写字母、小写字母、数字和特殊符号组成，且不少于10位!').waitFor();
    await page.getByText('两次输入的密码不一样！').waitFor();
    await page.getByPlaceholder('至少10位，包含字母、数字和特殊符号').fill('Zhangwei@2026');
    await page.getByPlaceholder('确认密码').fill('Zhangwei@2026');
    await page.getByRole('button', { name: '下一步' }).click();
    const summary = page.locator('.ant-descriptions');
    await expect.poll(() => summary.innerText()).toMatch(/13900000009[\s\S]*zhangwei/);
    const sent = page.waitForRequest((r) => r.url().includes('/sys/user/register'));
    await page.getByRole('button', { name: '注册', exact: true }).click();
    await sent;
    await page.waitForURL((u) => u.pathname === '/user/register-result');
    await page.getByText('你的账户：zhangwei 注册成功').waitFor();
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL((u) => u.pathname === '/user/login');
    await login(page, e2e.url, 'zhangwei', 'Zhangwei@2026');
    await page.waitForURL((u) => u.pathname === '/dashboard/analysis');
    errors.assertClean([LOGO]);
  });

  it('找回密码: the code resets the password; the old one is refused, the new one logs in', async () => {
    const { page, errors } = await e2e.newSession();
    await page.goto(`${e2e.url}/user/login`);
    await page.getByRole('link', { name: '忘记密码' }).click();
    await page.waitForURL((u) => u.pathname === '/user/alteration');
    await page.getByPlaceholder('请输入手机号码').fill('13800000002');
    await askCode(page);
    await page.getByPlaceholder('请输入验证码').fill(await smsCode('13800000002'));
    await page.getByRole('button', { name: '下一步' }).click();
    await expect.poll(() => page.getByTestId('alteration-username').innerText()).toBe(USERS.hospadmin.username);
    await page.getByPlaceholder('新密码：至少10位，包含字母、数字和特殊符号').fill('Hospital@2027');
    await page.getByPlaceholder('确认新密码').fill('Hospital@2027');
    await page.getByRole('button', { name: '提交' }).click();
    await page.getByText('密码重置成功').first().waitFor();
    await page.getByRole('button', { name: '去登录' }).click();
    await page.waitForURL((u) => u.pathname === '/user/login');

    await page.getByPlaceholder('请输入用户名').fill(USERS.hospadmin.username);
    await page.getByPlaceholder('请输入密码').fill(USERS.hospadmin.password);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.getByText('用户名或密码错误').first().waitFor();
    await login(page, e2e.url, USERS.hospadmin.username, 'Hospital@2027');
    await page.waitForURL((u) => u.pathname === '/dashboard/analysis');
    errors.assertClean([LOGO]);
  });
});
