// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  computeSign,
  decryptText,
  DEFAULT_PROTOCOL_CONFIG,
  encryptText,
  makeAccessAuth,
  type ProtocolConfig,
} from '../../src/core/protocol/index';
import { createHttp, RequestError, sessionHooks } from '../../src/client/api/request';
import { setFeedback } from '../../src/client/api/feedback';
import { getFileAccessHttpUrl, buildProtocolConfig } from '../../src/client/api/config';

const cfg: ProtocolConfig = { ...DEFAULT_PROTOCOL_CONFIG, encrypt: true };
const NOW = 1_767_225_600_123; // ms
const RANDOM = '0123456789abcdef0123456789abcdef';

interface Seen {
  url: URL;
  method: string;
  headers: Headers;
  body: string;
}

function fakeServer(reply: (req: Seen) => Response | Promise<Response>) {
  const seen: Seen[] = [];
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(input, init);
    const s: Seen = { url: new URL(req.url), method: req.method, headers: req.headers, body: await req.text() };
    seen.push(s);
    return reply(s);
  });
  return { seen, fetch: fetchFn as unknown as typeof fetch };
}

const json = (v: unknown, status = 200) =>
  new Response(JSON.stringify(v), { status, headers: { 'Content-Type': 'application/json' } });
const cipher = (v: unknown, status = 200, c: ProtocolConfig = cfg) =>
  new Response(encryptText(JSON.stringify(v), c), { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

function make(fetchFn: typeof fetch, over: Partial<ProtocolConfig> = {}, token: string | null = 'TOKEN') {
  return createHttp({
    base: 'http://localhost/hospital',
    config: { ...cfg, ...over },
    fetch: fetchFn,
    now: () => NOW,
    random: () => RANDOM,
    token: () => token,
    tenantId: () => 1001,
    orgId: () => null,
  });
}

const envelope = (result: unknown, extra: Record<string, unknown> = {}) => ({
  success: true,
  message: '操作成功！',
  code: 200,
  result,
  timestamp: 1,
  ...extra,
});

describe('request layer', () => {
  const notification = { error: vi.fn(), success: vi.fn(), info: vi.fn(), warning: vi.fn(), open: vi.fn() };
  const modal = { error: vi.fn(), confirm: vi.fn(), info: vi.fn(), success: vi.fn(), warning: vi.fn() };
  beforeEach(() => {
    vi.clearAllMocks();
    setFeedback({ notification, modal });
  });
  afterEach(() => vi.useRealTimers());

  it('GET: base headers, sign over path + params, _t in seconds, arrays comma-joined', async () => {
    const srv = fakeServer(() => cipher(envelope({ records: [] })));
    const http = make(srv.fetch);
    const res = await http.get('/hisDoctor/list', { pageNo: 1, pageSize: 10, status: ['1', '2'], empty: '', nil: null });
    expect(res.success).toBe(true);
    expect(res.result).toEqual({ records: [] });

    const req = srv.seen[0]!;
    expect(req.method).toBe('GET');
    expect(req.url.pathname).toBe('/hospital/hisDoctor/list');
    expect(req.url.searchParams.get('_t')).toBe(String(Math.floor(NOW / 1000)));
    expect(req.url.searchParams.get('status')).toBe('1,2');
    expect(req.url.searchParams.get('pageNo')).toBe('1');
    expect(req.url.searchParams.has('empty')).toBe(false);
    expect(req.url.searchParams.has('nil')).toBe(false);

    const h = req.headers;
    expect(h.get('X-Terminal-Version')).toBe(cfg.terminalVersion);
    expect(h.get('X-Terminal-Type')).toBe('WEB');
    expect(h.get('userType')).toBe('4');
    expect(h.get('X-Access-Auth')).toBe(makeAccessAuth(cfg, RANDOM));
    expect(decryptText(h.get('X-Access-Auth')!, cfg)).toBe(RANDOM + '@hospital-web');
    expect(h.get('X-Regulator-Area')).toBe(cfg.regulatorArea);
    expect(h.get('tenant-id')).toBe('1001');
    expect(h.get('org-id')).toBe('0');
    expect(h.get('Content-Type')).toBe('application/json');
    expect(h.get('X-Access-Token')).toBe('TOKEN');
    expect(h.get('X-TIMESTAMP')).toBe(String(NOW));
    expect(h.get('X-Sign')).toBe(
      computeSign('/hisDoctor/list', { pageNo: '1', pageSize: '10', status: '1,2' }, undefined, cfg.signSecret, NOW),
    );
    // the same as signing the typed values (numbers become strings, arrays join)
    expect(h.get('X-Sign')).toBe(computeSign('/hisDoctor/list', { pageNo: 1, pageSize: 10, status: ['1', '2'] }, undefined, cfg.signSecret, NOW));
  });

  it('dictionary lookups get no _t and sign the comma path segment', async () => {
    const srv = fakeServer(() => json(envelope([{ value: '1', text: '男' }])));
    const http = make(srv.fetch);
    await http.get('/sys/dict/getDictItems/sys_user,realname,id');
    const req = srv.seen[0]!;
    expect(req.url.searchParams.has('_t')).toBe(false);
    expect(req.headers.get('X-Sign')).toBe(
      computeSign('/sys/dict/getDictItems/sys_user,realname,id', {}, undefined, cfg.signSecret, NOW),
    );
  });

  it('a GET reaches fetch in the task that asked for it (its access-auth made ahead), and every call has a random of its own', async () => {
    let n = 0;
    const randoms = () => `${String(++n).padStart(2, '0')}${RANDOM.slice(2)}`;
    const asked: string[] = [];
    const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = new Request(input, init);
      asked.push(req.headers.get('X-Access-Auth')!);
      return cipher(envelope(null));
    }) as typeof fetch;
    const http = createHttp({ base: 'http://localhost/hospital', config: cfg, fetch: fetchFn, now: () => NOW, random: randoms, token: () => 'TOKEN', tenantId: () => 1001, orgId: () => null });
    // the first pair is made when the layer is created, in a task of WebCrypto's (given time on a busy machine)
    await new Promise((r) => setTimeout(r, 500));
    const answer = http.get('/hisDoctor/list', { pageNo: 1 });
    for (let i = 0; i < 20; i++) await Promise.resolve(); // microtasks only: no task has run
    expect(asked).toHaveLength(1);
    await answer;
    await http.get('/hisDoctor/list', { pageNo: 2 });
    await http.get('/hisDoctor/list', { pageNo: 3 });
    // each header is the ciphertext of a random the layer drew, none used twice
    const made = Array.from({ length: n }, (_, i) => `${String(i + 1).padStart(2, '0')}${RANDOM.slice(2)}@hospital-web`);
    const sent = asked.map((a) => decryptText(a, cfg));
    expect(new Set(sent).size).toBe(3);
    for (const s of sent) expect(made).toContain(s);
  });

  it('no token: no X-Access-Token header', async () => {
    const srv = fakeServer(() => json(envelope(null)));
    await make(srv.fetch, {}, null).get('/config/globalConfig');
    expect(srv.seen[0]!.headers.has('X-Access-Token')).toBe(false);
  });

  it('POST/PUT: body sent as raw base64 ciphertext, signed over the plaintext', async () => {
    const srv = fakeServer(() => cipher(envelope('ok')));
    const http = make(srv.fetch);
    const body = { name: '张三', age: 30, tags: ['a', 'b'] };
    const res = await http.post('/hisDoctor/add', body);
    expect(res.result).toBe('ok');
    const req = srv.seen[0]!;
    expect(req.headers.get('Content-Type')).toBe('application/json');
    expect(req.body).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    expect(JSON.parse(decryptText(req.body, cfg))).toEqual(body);
    expect(req.url.searchParams.has('_t')).toBe(false);
    expect(req.headers.get('X-Sign')).toBe(computeSign('/hisDoctor/add', {}, body, cfg.signSecret, NOW));

    await http.put('/hisDoctor/edit', { id: '1', name: 'x' });
    const put = srv.seen[1]!;
    expect(put.method).toBe('PUT');
    expect(JSON.parse(decryptText(put.body, cfg))).toEqual({ id: '1', name: 'x' });
  });

  it('encryption off: plain JSON body; JSON responses pass as they are', async () => {
    const srv = fakeServer(() => json(envelope({ a: 1 })));
    const http = make(srv.fetch, { encrypt: false });
    const res = await http.post('/x', { a: 1 }, { q: 'v' });
    expect(srv.seen[0]!.body).toBe('{"a":1}');
    expect(srv.seen[0]!.url.searchParams.get('q')).toBe('v');
    expect(srv.seen[0]!.headers.get('X-Sign')).toBe(computeSign('/x', { q: 'v' }, { a: 1 }, cfg.signSecret, NOW));
    expect(res.result).toEqual({ a: 1 });
  });

  it('DELETE sends params in the query, no body', async () => {
    const srv = fakeServer(() => cipher(envelope(null)));
    await make(srv.fetch).delete('/hisDoctor/deleteBatch', { ids: ['1', '2'] });
    const req = srv.seen[0]!;
    expect(req.method).toBe('DELETE');
    expect(req.url.searchParams.get('ids')).toBe('1,2');
    expect(req.body).toBe('');
    expect(req.headers.get('X-Sign')).toBe(computeSign('/hisDoctor/deleteBatch', { ids: '1,2' }, undefined, cfg.signSecret, NOW));
  });

  it('DELETE with an id list too long for a URL sends it as the encrypted body, signed there', async () => {
    const srv = fakeServer(() => cipher(envelope(3)));
    const ids = `${Array.from({ length: 300 }, (_, i) => `doctor-${String(i).padStart(8, '0')}`).join(',')},`;
    await make(srv.fetch).delete('/hisDoctor/deleteBatch', { ids });
    const req = srv.seen[0]!;
    expect(req.method).toBe('DELETE');
    expect(req.url.search).toBe('');
    expect(JSON.parse(decryptText(req.body, cfg))).toEqual({ ids });
    expect(req.headers.get('X-Sign')).toBe(computeSign('/hisDoctor/deleteBatch', {}, { ids }, cfg.signSecret, NOW));
  });

  it('signs nested rows and number types of a body exactly as sent', async () => {
    const srv = fakeServer(() => cipher(envelope('1')));
    const body = { pharmacy: '门诊西药房', lines: [{ drugId: 'd1', quantity: 3, purchasePrice: 1.5 }] };
    await make(srv.fetch).post('/drugStockIn/add', body);
    const sign = srv.seen[0]!.headers.get('X-Sign');
    expect(sign).toBe(computeSign('/drugStockIn/add', {}, JSON.parse(decryptText(srv.seen[0]!.body, cfg)), cfg.signSecret, NOW));
    expect(sign).not.toBe(computeSign('/drugStockIn/add', {}, { ...body, lines: [{ ...body.lines[0], quantity: 30 }] }, cfg.signSecret, NOW));
    expect(sign).not.toBe(computeSign('/drugStockIn/add', {}, { ...body, lines: [{ ...body.lines[0], quantity: '3' }] }, cfg.signSecret, NOW));
  });

  it('decrypts a ciphertext response', async () => {
    const srv = fakeServer(() => cipher(envelope({ secret: '密' })));
    const res = await make(srv.fetch).get<{ secret: string }>('/a');
    expect(res.result.secret).toBe('密');
  });

  it('400 resolves with the envelope and shows nothing', async () => {
    const errors = [{ field: 'phone', message: '手机号码格式不正确!' }];
    const srv = fakeServer(() => cipher({ success: false, code: 400, message: '手机号：手机号码格式不正确!', result: { errors }, timestamp: 1 }, 400));
    const res = await make(srv.fetch).post<{ errors: typeof errors }>('/hisDoctor/add', { phone: '1' });
    expect(res.success).toBe(false);
    expect(res.result.errors).toEqual(errors);
    expect(notification.error).not.toHaveBeenCalled();
  });

  it('403 and 404 notify 系统提示 and reject', async () => {
    const srv = fakeServer((r) => cipher({ success: false, code: 403, message: '没有权限：x', result: null }, r.url.pathname.endsWith('/f') ? 403 : 404));
    const http = make(srv.fetch);
    await expect(http.get('/f')).rejects.toBeInstanceOf(RequestError);
    expect(notification.error).toHaveBeenLastCalledWith(expect.objectContaining({ message: '系统提示', description: '拒绝访问' }));
    await expect(http.get('/nf')).rejects.toMatchObject({ status: 404 });
    expect(notification.error).toHaveBeenLastCalledWith(expect.objectContaining({ message: '系统提示', description: '很抱歉，资源未找到!' }));
  });

  it('401 notifies, then logs out and reloads after 1500 ms', async () => {
    vi.useFakeTimers();
    localStorage.setItem('pro__Access-Token', JSON.stringify({ value: 'TOKEN', expire: null }));
    const logout = vi.spyOn(sessionHooks, 'logout').mockResolvedValue();
    const reload = vi.spyOn(sessionHooks, 'reload').mockImplementation(() => {});
    const srv = fakeServer(() => cipher({ success: false, code: 401, message: 'Token失效，请重新登录', result: null }, 401));
    await expect(make(srv.fetch).get('/a')).rejects.toMatchObject({ status: 401, notified: true });
    expect(notification.error).toHaveBeenCalledWith(expect.objectContaining({ message: '系统提示', description: '未授权，请重新登录' }));
    // the shell (and the notice) stays until the reload: logout happens at 1.5 s, then the reload
    await vi.advanceTimersByTimeAsync(1499);
    expect(logout).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
    // a second failing call meanwhile schedules nothing more
    await expect(make(srv.fetch).get('/b')).rejects.toMatchObject({ status: 401 });
    await vi.advanceTimersByTimeAsync(1);
    expect(logout).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledTimes(1);
    localStorage.clear();
  });

  it('500 with Token失效 (or code 500 when encrypted) opens the login-expired modal', async () => {
    const srv = fakeServer(() => cipher({ success: false, code: 500, message: '操作失败', result: null }, 500));
    await expect(make(srv.fetch).get('/a')).rejects.toMatchObject({ status: 500 });
    expect(modal.error).toHaveBeenCalledWith(
      expect.objectContaining({ title: '登录已过期', content: '很抱歉，登录已过期，请重新登录', okText: '重新登录' }),
    );
    const onOk = modal.error.mock.calls[0]![0].onOk as () => Promise<void>;
    const logout = vi.spyOn(sessionHooks, 'logout').mockResolvedValue();
    const reload = vi.spyOn(sessionHooks, 'reload').mockImplementation(() => {});
    await onOk();
    expect(logout).toHaveBeenCalled();
    expect(reload).toHaveBeenCalled();

    modal.error.mockClear();
    const plain = fakeServer(() => json({ success: false, code: 500, message: '内部错误', result: null }, 500));
    await expect(make(plain.fetch, { encrypt: false }).get('/a')).rejects.toMatchObject({ status: 500 });
    expect(modal.error).not.toHaveBeenCalled();
    expect(notification.error).toHaveBeenLastCalledWith(expect.objectContaining({ description: '内部错误' }));
  });

  it('504 shows nothing; other statuses show the server message or 服务器连接失败!', async () => {
    const s504 = fakeServer(() => new Response('', { status: 504 }));
    await expect(make(s504.fetch).get('/a')).rejects.toMatchObject({ status: 504 });
    expect(notification.error).not.toHaveBeenCalled();
    expect(modal.error).not.toHaveBeenCalled();

    const s502 = fakeServer(() => new Response('bad gateway', { status: 502 }));
    await expect(make(s502.fetch).get('/a')).rejects.toMatchObject({ status: 502 });
    expect(notification.error).toHaveBeenLastCalledWith(expect.objectContaining({ description: '服务器连接失败!' }));

    const s429 = fakeServer(() => cipher({ success: false, code: 429, message: '请求过于频繁，请稍后再试', result: null }, 429));
    await expect(make(s429.fetch).get('/a')).rejects.toMatchObject({ status: 429 });
    expect(notification.error).toHaveBeenLastCalledWith(expect.objectContaining({ description: '请求过于频繁，请稍后再试' }));

    // 409 (the record moved since it was read) is answered by the caller (the merge dialog), not a popup
    const calls = notification.error.mock.calls.length;
    const s409 = fakeServer(() => cipher({ success: false, code: 409, message: '数据已被他人修改', result: { current: { id: '1' } } }, 409));
    await expect(make(s409.fetch).put('/a', { id: '1' })).resolves.toMatchObject({ success: false, code: 409, result: { current: { id: '1' } } });
    expect(notification.error.mock.calls.length).toBe(calls);

    const down = createHttp({ base: 'http://localhost/hospital', config: cfg, fetch: (async () => { throw new TypeError('Failed to fetch'); }) as typeof fetch });
    await expect(down.get('/a')).rejects.toMatchObject({ status: 0 });
    expect(notification.error).toHaveBeenLastCalledWith(expect.objectContaining({ description: '服务器连接失败!' }));
  });

  it('silent calls reject without feedback', async () => {
    const srv = fakeServer(() => new Response('', { status: 502 }));
    await expect(make(srv.fetch).get('/config/globalConfig', undefined, { silent: true })).rejects.toBeInstanceOf(RequestError);
    expect(notification.error).not.toHaveBeenCalled();
  });

  it('uploads are plain multipart; downloads return a blob', async () => {
    const srv = fakeServer((r) =>
      r.url.pathname.endsWith('/upload') ? json(envelope('a/b.png')) : new Response(new Blob(['xls']), { status: 200 }),
    );
    const http = make(srv.fetch);
    const fd = new FormData();
    fd.append('file', new Blob(['x']), 'x.txt');
    await http.upload('/sys/common/upload', fd);
    expect(srv.seen[0]!.headers.get('Content-Type')).toMatch(/^multipart\/form-data/);
    const blob = await http.download('/hisDoctor/exportXls', { params: { name: 'a' } });
    expect(await blob.text()).toBe('xls');
    expect(srv.seen[1]!.url.searchParams.get('name')).toBe('a');
  });
});

describe('config helpers', () => {
  it('VITE_* variables override the protocol defaults', () => {
    const c = buildProtocolConfig({ VITE_SIGN_SECRET: 's', VITE_AES_KEY: 'k'.repeat(16), VITE_AES_IV: 'i'.repeat(16), VITE_ENCRYPT: 'false' });
    expect(c).toMatchObject({ signSecret: 's', aesKey: 'kkkkkkkkkkkkkkkk', aesIv: 'iiiiiiiiiiiiiiii', encrypt: false });
    expect(buildProtocolConfig({}).encrypt).toBe(DEFAULT_PROTOCOL_CONFIG.encrypt);
  });
  it('getFileAccessHttpUrl prefixes relative paths with the static prefix', () => {
    expect(getFileAccessHttpUrl('upload/a.png', '/hospital')).toBe('/hospital/sys/common/static/upload/a.png');
    expect(getFileAccessHttpUrl('/upload/a.png', 'https://h.example/hospital')).toBe('https://h.example/hospital/sys/common/static/upload/a.png');
    expect(getFileAccessHttpUrl('https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
    expect(getFileAccessHttpUrl('')).toBe('');
  });
});
