/**
 * CAS login round trip in Chromium: the server runs with CAS_SERVER_URL pointing at a CAS stub
 * (a small HTTP server of this test). The console goes to the stub's /login with its service,
 * the stub sends it back with a ticket, the console validates it through
 * /cas/client/validateLogin, and the server checks the ticket at the stub's /p3/serviceValidate,
 * for the same service the ticket was issued to. 退出登录 ends the session here (POST /sys/logout)
 * and then goes to the stub's /logout with this console's login page as its service.
 */
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from 'vitest';
import { freePort } from './harness.js';
import { useE2E } from './lifecycle.js';

const casPort = await freePort();
const CAS = `http://127.0.0.1:${casPort}/cas`;
const tickets = new Map<string, { service: string; user: string }>();
const validations: Array<{ ticket: string; service: string }> = [];
const logouts: string[] = [];
let casUser = 'admin';
let n = 0;

const stub = http.createServer((req, res) => {
  const u = new URL(req.url ?? '/', CAS);
  if (u.pathname === '/cas/login') {
    const service = u.searchParams.get('service') ?? '';
    const ticket = `ST-${++n}-stub`;
    tickets.set(ticket, { service, user: casUser });
    const back = new URL(service);
    back.searchParams.set('ticket', ticket);
    res.writeHead(302, { Location: back.toString() }).end();
    return;
  }
  if (u.pathname === '/cas/logout') {
    logouts.push(u.searchParams.get('service') ?? '');
    res.writeHead(200, { 'Content-Type': 'text/html;charset=UTF-8' }).end('<!doctype html><title>CAS</title><p>已退出统一认证</p>');
    return;
  }
  if (u.pathname === '/cas/p3/serviceValidate') {
    const ticket = u.searchParams.get('ticket') ?? '';
    const service = u.searchParams.get('service') ?? '';
    validations.push({ ticket, service });
    const t = tickets.get(ticket);
    tickets.delete(ticket); // a ticket validates once
    res.writeHead(200, { 'Content-Type': 'application/xml;charset=UTF-8' });
    res.end(
      t && t.service === service
        ? `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>${t.user}</cas:user></cas:authenticationSuccess></cas:serviceResponse>`
        : `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INVALID_TICKET">not recognized</cas:authenticationFailure></cas:serviceResponse>`,
    );
    return;
  }
  res.writeHead(404).end();
});

beforeAll(() => new Promise<void>((r) => stub.listen(casPort, '127.0.0.1', () => r())));
afterAll(() => new Promise<void>((r) => stub.close(() => r())));

const e2e = useE2E({ seedRows: 5, env: { CAS_SERVER_URL: CAS } });
const LOGO = /\/sys\/common\/static\//;

describe('CAS login', () => {
  it('a deep link goes through CAS and comes back logged in, on the page asked for', async () => {
    const { page, errors } = await e2e.newSession();
    await page.goto(`${e2e.url}/isps/userAnnouncement`);
    await expect.poll(() => validations.length, { timeout: 30_000 }).toBe(1);
    await page.waitForURL((u) => u.pathname === '/isps/userAnnouncement' && !u.searchParams.has('ticket'), { timeout: 30_000 });
    const service = new URL(validations[0]!.service);
    expect(service.origin + service.pathname).toBe(`${e2e.url}/user/login`);
    expect(service.searchParams.get('redirect')).toBe('/isps/userAnnouncement');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('pro__Login_Userinfo') ?? 'null')?.value?.username)).toBe('admin');
    await page.getByText('欢迎回来').first().waitFor();
    errors.assertClean([LOGO]);
  });

  it('a CAS user unknown here is told so, with a way back to CAS', async () => {
    casUser = 'stranger';
    const { page, errors } = await e2e.newSession();
    await page.goto(`${e2e.url}/user/login`);
    await page.getByText('CAS用户「stranger」在本系统中不存在').waitFor();
    await expect(page.getByRole('button', { name: '重新登录' }).isVisible()).resolves.toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('pro__Access-Token'))).toBeNull();
    errors.assertClean([LOGO]);
  });

  it('退出登录 ends the session here, then goes to CAS /logout with this console\'s login page as the service', async () => {
    casUser = 'admin';
    const { page, context, errors } = await e2e.newSession();
    const before = validations.length;
    await page.goto(`${e2e.url}/user/login`);
    await expect.poll(() => validations.length, { timeout: 30_000 }).toBe(before + 1);
    await page.waitForURL((u) => u.pathname === '/dashboard/analysis', { timeout: 30_000 });
    const token = await page.evaluate(() => localStorage.getItem('pro__Access-Token'));
    expect(token).not.toBeNull();

    // 欢迎 sits over the header's right end, and stays while the pointer is on it: an operator
    // closes it first (it may already have gone on its own after 4.5 s)
    const welcome = page.locator('.ant-notification-notice').filter({ hasText: '欢迎回来' });
    if (await welcome.waitFor({ timeout: 3000 }).then(() => true, () => false)) {
      await welcome.locator('.ant-notification-notice-close').click();
      await welcome.waitFor({ state: 'detached' });
    }
    const ended = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/sys/logout'));
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.locator('.ant-modal-confirm').filter({ hasText: '真的要注销登录吗' }).getByRole('button', { name: '确定', exact: true }).click();
    expect((await ended).status()).toBe(200);
    await page.waitForURL((u) => u.href.startsWith(`${CAS}/logout`), { timeout: 15_000 });
    expect(logouts).toEqual([`${e2e.url}/user/login`]);
    expect(new URL(page.url()).searchParams.get('service')).toBe(`${e2e.url}/user/login`);
    await page.getByText('已退出统一认证').waitFor();
    // nothing of the session is left in the console's storage
    const storage = (await context.storageState()).origins.find((o) => o.origin === e2e.url)?.localStorage ?? [];
    expect(storage.map((i) => i.name)).not.toContain('pro__Access-Token');
    errors.assertClean([LOGO]);
  });
});
