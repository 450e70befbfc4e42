/**
 * Home-page decoration on the server: pages per tenant (schema module), publish validation with
 * the core component registry (Chinese messages naming the component), frozen versions, one
 * published home per client, copy, delete only when not published, restore of a version, and the
 * public cacheable endpoint (ETag, 304, no login, nothing private).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTemplate } from '../../src/core/decoration/templates.js';
import type { DecorationPage } from '../../src/core/decoration/types.js';
import { call, login, testApp } from './helpers.js';

let app: FastifyInstance;
let hosp: string;
let admin: string;

beforeAll(async () => {
  app = await testApp();
  hosp = await login(app, 'hospadmin');
  admin = await login(app, 'admin');
});
afterAll(async () => app.close());

type Rec = Record<string, unknown>;
const clinic = () => JSON.parse(JSON.stringify(findTemplate('diabeticFoot')!.page)) as DecorationPage;

async function add(name: string, client: string, page: DecorationPage): Promise<string> {
  const r = await call<string>(app, '/hisHomeDecoration/add', { token: hosp, body: { name, client, template: 'diabeticFoot', page: JSON.stringify(page) } });
  expect(r.status, r.body.message).toBe(200);
  return r.body.result;
}
async function get(id: string): Promise<Rec> {
  const r = await call<Rec>(app, '/hisHomeDecoration/queryById', { token: hosp, query: { id } });
  expect(r.status, r.body.message).toBe(200);
  return r.body.result;
}
async function save(id: string, page: DecorationPage) {
  const cur = await get(id);
  return call(app, '/hisHomeDecoration/edit', { method: 'PUT', token: hosp, body: { id, version: cur.version, name: cur.name, client: cur.client, page: JSON.stringify(page) } });
}
const publish = (id: string) => call(app, '/hisHomeDecoration/publish', { method: 'PUT', token: hosp, body: { id } });
const open = (client = '1', headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: `/hospital/open/homePage/1001/${client}`, headers });
async function versions(id: string): Promise<Rec[]> {
  const r = await call<{ records: Rec[] }>(app, '/hisHomeDecorationVersion/list', { token: hosp, query: { decorationId: id, column: 'versionNo', order: 'asc' } });
  expect(r.status, r.body.message).toBe(200);
  return r.body.result.records;
}
async function firstId(resource: string): Promise<string> {
  const r = await call<{ records: Rec[] }>(app, `/${resource}/list`, { token: hosp, query: { pageSize: 1 } });
  return String(r.body.result.records[0]!.id);
}

describe('publish validation', () => {
  it('a banner without its image is refused naming the component, nothing published', async () => {
    const page = clinic();
    page.components.push({ id: 'b1', type: 'banner', props: { items: [{ image: '', link: null }], height: 150, autoplay: true } });
    const id = await add('缺图页面', '2', page);
    const r = await publish(id);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('轮播图：第1项「图片」不能为空');
    expect(await get(id)).toMatchObject({ status: '1', publishedVersion: null });
    expect(await versions(id)).toEqual([]);
  });

  it('a link to a doctor that is not the tenant\'s, a second navbar and a bad URL are each named', async () => {
    const page = clinic();
    page.components.push({ id: 'ad', type: 'headerAd', props: { image: 'demo/decoration/04.png', link: { type: 'doctor', value: '999', label: '无此人' }, height: 80 } });
    const id = await add('坏链接', '2', page);
    expect((await publish(id)).body.message).toBe('头部广告：「链接」指向的医生不存在');

    page.components.pop();
    page.components.push({ id: 'nav2', type: 'navbar', props: { title: '第二个', background: '#000000', textColor: '#ffffff', showBack: false } });
    expect((await save(id, page)).status).toBe(200);
    expect((await publish(id)).body.message).toBe('导航栏：一个页面最多放置一个');

    page.components.pop();
    page.components.push({ id: 's', type: 'search', props: { placeholder: '搜', shape: 'round', link: { type: 'url', value: 'javascript:alert(1)' } } });
    expect((await save(id, page)).status).toBe(200);
    const r = await publish(id);
    expect(r.body.message).toBe('搜索框：「搜索结果页」外部链接须以 http:// 或 https:// 开头');
    expect((r.body.result as { errors: Rec[] }).errors[0]).toMatchObject({ field: 'page' });
  });

  it('a hidden block is neither validated nor published', async () => {
    const page = clinic();
    page.components.push({ id: 'h', type: 'banner', hidden: true, props: { items: [{ image: '' }] } });
    const id = await add('隐藏块', '3', page);
    expect((await publish(id)).status).toBe(200);
    const res = await open('3');
    expect(JSON.parse(res.body).result.components.map((c: Rec) => c.id)).not.toContain('h');
  });
});

describe('versions, one home per client, the public endpoint', () => {
  let first = '';
  let etag1 = '';
  it('publishing freezes version 1 and the public endpoint serves it with an ETag, no login', async () => {
    const doctor = await firstId('hisDoctor');
    const page = clinic();
    page.components.push({ id: 'b', type: 'banner', props: { items: [{ image: 'demo/decoration/01.png', link: { type: 'doctor', value: doctor, label: '医生' } }], height: 150, autoplay: true } });
    first = await add('专科首页', '1', page);
    const r = await publish(first);
    expect(r.status, r.body.message).toBe(200);
    expect(await get(first)).toMatchObject({ status: '2', status_dictText: '已发布', publishedVersion: 1 });
    const v = await versions(first);
    expect(v.map((x) => x.versionNo)).toEqual([1]);
    expect(v[0]).toMatchObject({ client: '1', remark: '发布' });

    const res = await open('1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('public');
    etag1 = String(res.headers.etag);
    expect(etag1).toMatch(/^".+"$/);
    const body = JSON.parse(res.body);
    expect(body.result).toMatchObject({ client: '1', version: 1, settings: { title: '糖尿病足专科门诊' } });
    expect(body.result.components.at(-1)).toMatchObject({ type: 'banner', props: { items: [{ image: 'demo/decoration/01.png' }] } });
    expect(res.body).not.toMatch(/hospadmin|tenantId|createBy/);

    const again = await open('1', { 'if-none-match': etag1 });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('editing a published page changes the draft only; publishing again freezes version 2 with a new ETag', async () => {
    const page = JSON.parse(String((await get(first)).page)) as DecorationPage;
    page.settings.title = '第二版';
    expect((await save(first, page)).status).toBe(200);
    expect(JSON.parse((await open('1')).body).result.settings.title).toBe('糖尿病足专科门诊');
    expect((await publish(first)).status).toBe(200);
    const res = await open('1', { 'if-none-match': etag1 });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body).result).toMatchObject({ version: 2, settings: { title: '第二版' } });
    expect((await versions(first)).map((x) => x.versionNo)).toEqual([1, 2]);
  });

  it('publishing another page of the same client takes the first offline; other clients keep theirs', async () => {
    const second = await add('第二个首页', '1', clinic());
    expect((await publish(second)).status).toBe(200);
    expect(await get(first)).toMatchObject({ status: '3', status_dictText: '已下线' });
    expect(JSON.parse((await open('1')).body).result.version).toBe(1);
    expect((await open('3')).statusCode).toBe(200);
    expect((await call(app, '/hisHomeDecoration/offline', { method: 'PUT', token: hosp, body: { id: second } })).status).toBe(200);
    const none = await open('1');
    expect(none.statusCode).toBe(404);
    expect(JSON.parse(none.body).message).toBe('该端尚未发布首页');
  });

  it('restoring version 1 makes it the published page again and the public endpoint returns it', async () => {
    const v1 = (await versions(first)).find((x) => x.versionNo === 1)!;
    const r = await call(app, '/hisHomeDecorationVersion/restore', { token: hosp, body: { id: v1.id } });
    expect(r.status, r.body.message).toBe(200);
    expect(await get(first)).toMatchObject({ status: '2', publishedVersion: 1 });
    expect(JSON.parse(String((await get(first)).page)).settings.title).toBe('糖尿病足专科门诊');
    const res = await open('1');
    expect(JSON.parse(res.body).result).toMatchObject({ version: 1, settings: { title: '糖尿病足专科门诊' } });
    expect(res.headers.etag).toBe(etag1);
  });

  it('a published page cannot be deleted; copied, the copy is a draft of the same content; offline, it can be deleted', async () => {
    const del = await call(app, '/hisHomeDecoration/delete', { method: 'DELETE', token: hosp, query: { id: first } });
    expect(del.status).toBe(400);
    expect(del.body.message).toBe('当前状态「已发布」不允许删除');
    const c = await call<{ id: string }>(app, '/hisHomeDecoration/copy', { token: hosp, body: { id: first } });
    expect(c.status, c.body.message).toBe(200);
    const copy = await get(c.body.result.id);
    expect(copy).toMatchObject({ name: '专科首页（副本）', client: '1', status: '1', publishedVersion: null });
    expect(copy.page).toBe((await get(first)).page);
    expect((await call(app, '/hisHomeDecoration/offline', { method: 'PUT', token: hosp, body: { id: first } })).status).toBe(200);
    expect((await call(app, '/hisHomeDecoration/delete', { method: 'DELETE', token: hosp, query: { id: first } })).status).toBe(200);
  });

  it('pages and versions belong to their tenant; the public endpoint answers bad parameters with 400', async () => {
    const other = await call<{ records: Rec[] }>(app, '/hisHomeDecoration/list', { token: admin, query: { pageSize: 100 } });
    expect(other.body.result.records.every((r) => r.tenantId !== 1001 && r.tenantId !== '1001')).toBe(true);
    expect((await app.inject({ method: 'GET', url: '/hospital/open/homePage/abc/1' })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/hospital/open/homePage/1000/1' })).statusCode).toBe(404);
  });
});
