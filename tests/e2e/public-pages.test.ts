/**
 * The public pages in Chromium against the real server, without login: 下载 and 文件下载 show
 * the published app versions (version number, download link) read through the schema word
 * `publicRead`, 协议 shows the current agreement of a type (title and text), 就诊流程 and
 * /test/home render; no token is ever stored and no login form appears.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { USERS } from './harness.js';
import { useE2E } from './lifecycle.js';
import { api, apiLogin } from './restart.js';

const e2e = useE2E({ seedRows: 10 });
/** The login layout's seeded orgLogo 404s through the static prefix (not these pages'). */
const LOGO = /\/sys\/common\/static\//;

const VERSION = '8.7.6';
const APK = `https://download.example.com/app/patient-${VERSION}.apk`;
const AGREEMENT = { name: '公开页面测试隐私政策', text: '我们仅为提供问诊服务收集必要的健康信息（公开页面测试）。' };

type Rec = Record<string, unknown>;
const token = () => apiLogin(e2e.url, USERS.admin.username, USERS.admin.password);

async function newestId(t: string, resource: string, query: Record<string, string>): Promise<string> {
  const r = await api<{ records: Rec[] }>(e2e.url, `/${resource}/list`, { token: t, query: { ...query, column: 'createTime', order: 'desc' } });
  expect(r.success, r.message).toBe(true);
  return String(r.result.records[0]!.id);
}

beforeAll(async () => {
  const t = await token();
  // a patient Android version and a privacy policy, published by the platform
  const v = await api(e2e.url, '/hisAppVersion/add', {
    token: t,
    body: { client: '1', platform: '2', versionNo: VERSION, buildNo: 876, releaseNotes: '1. 公开下载页测试版本', downloadUrl: APK, greyRatio: 100 },
  });
  expect(v.success, v.message).toBe(true);
  const vp = await api(e2e.url, '/hisAppVersion/publish', { method: 'PUT', token: t, body: { id: await newestId(t, 'hisAppVersion', { versionNo: VERSION }) } });
  expect(vp.success, vp.message).toBe(true);
  const a = await api(e2e.url, '/hisAgreement/add', {
    token: t,
    body: { name: AGREEMENT.name, agreementType: '2', clients: ['1'], versionNo: '9.9', content: `<h3>隐私说明</h3><p>${AGREEMENT.text}</p>`, effectiveTime: '2026-01-01 00:00:00' },
  });
  expect(a.success, a.message).toBe(true);
  const ap = await api(e2e.url, '/hisAgreement/publish', { method: 'PUT', token: t, body: { id: await newestId(t, 'hisAgreement', { name: AGREEMENT.name }) } });
  expect(ap.success, ap.message).toBe(true);
});

async function noLogin(page: Page, path: string) {
  expect(new URL(page.url()).pathname).toBe(path);
  expect(await page.getByPlaceholder('请输入用户名').count()).toBe(0);
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => /token/i.test(k) && localStorage.getItem(k)))).toEqual([]);
}

describe('public pages', () => {
  it('/download shows the current version of each client app with its download link; /download/file lists the files', async () => {
    const s = await e2e.newSession();
    const { page } = s;
    await page.goto(`${e2e.url}/download`);
    const card = page.getByTestId('app-version').filter({ hasText: '患者端 · Android' });
    await card.getByText(`版本 ${VERSION}`, { exact: true }).waitFor({ state: 'visible' });
    await expect(card.getByRole('link', { name: '下载安装包' }).getAttribute('href')).resolves.toBe(APK);
    await expect.poll(() => page.title()).toBe('下载 - 互联网医院后台管理');
    await noLogin(page, '/download');

    await page.goto(`${e2e.url}/download/file`);
    const row = page.locator('.ant-table-row').filter({ hasText: VERSION });
    await row.waitFor({ state: 'visible' });
    await expect(row.getByRole('link', { name: '下载安装包' }).getAttribute('href')).resolves.toBe(APK);
    await noLogin(page, '/download/file');
    s.errors.assertClean([LOGO]);
  });

  it('/agreement?type=2 shows the current privacy policy; the type links switch agreements', async () => {
    const s = await e2e.newSession();
    const { page } = s;
    await page.goto(`${e2e.url}/agreement?type=2`);
    const card = page.getByTestId('agreement');
    await card.getByText(AGREEMENT.name, { exact: true }).waitFor({ state: 'visible' });
    await card.getByText(AGREEMENT.text, { exact: true }).waitFor({ state: 'visible' });
    await card.getByText('版本 9.9', { exact: false }).waitFor({ state: 'visible' });
    await noLogin(page, '/agreement');

    // without a type: the first type that has a current agreement; its link leads back to ours
    await page.goto(`${e2e.url}/agreement`);
    await card.locator('h3').first().waitFor({ state: 'visible' });
    await page.getByRole('link', { name: '隐私政策', exact: true }).click();
    await card.getByText(AGREEMENT.text, { exact: true }).waitFor({ state: 'visible' });
    expect(new URL(page.url()).searchParams.get('type')).toBe('2');
    s.errors.assertClean([LOGO]);
  });

  it('/OrderTreatProcess explains the visit, /test/home links the public pages', async () => {
    const s = await e2e.newSession();
    const { page } = s;
    for (const path of ['/OrderTreatProcess', '/orderTreatProcess']) {
      await page.goto(`${e2e.url}${path}`);
      for (const step of ['选择医生', '发起问诊', '开具处方', '药品配送']) await page.getByText(step, { exact: true }).waitFor({ state: 'visible' });
      await expect.poll(() => page.title()).toBe('就诊流程 - 互联网医院后台管理');
      await noLogin(page, path);
    }
    await page.goto(`${e2e.url}/test/home`);
    await page.getByRole('heading', { name: '欢迎使用互联网医院' }).waitFor({ state: 'visible' });
    await noLogin(page, '/test/home');
    await page.getByText('就诊流程', { exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/OrderTreatProcess');
    await page.getByText('开具处方', { exact: true }).waitFor({ state: 'visible' });
    s.errors.assertClean([LOGO]);
  });
});
