/** Websocket notice hub on a real listening server: auth, push on publish, heartbeat, restart close. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';
import { call, PASSWORDS, testApp } from './helpers.js';

type Rec = Record<string, unknown>;

let app: FastifyInstance;
let base: string;
const tok: Record<string, string> = {};
const uid: Record<string, string> = {};
const open: WebSocket[] = [];

async function signIn(username: string): Promise<void> {
  const r = await call<{ token: string; userInfo: Rec }>(app, '/sys/login', { body: { username, password: PASSWORDS[username] } });
  tok[username] = r.body.result.token;
  uid[username] = String(r.body.result.userInfo.id);
}

/** Connects and collects messages; resolves once open (or with the close code when rejected). */
function connect(path: string, protocols?: string[]) {
  const ws = new WebSocket(`${base}${path}`, protocols);
  open.push(ws);
  const messages: string[] = [];
  ws.on('message', (d) => messages.push(d.toString()));
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  const opened = new Promise<void>((resolve, reject) => {
    ws.on('open', () => resolve());
    ws.on('error', reject);
  });
  const next = (ms = 2000) =>
    new Promise<string>((resolve, reject) => {
      const start = messages.length;
      const t = setTimeout(() => reject(new Error(`no message within ${ms} ms`)), ms);
      const check = () => {
        if (messages.length > start) {
          clearTimeout(t);
          ws.off('message', check);
          resolve(messages[start]!);
        }
      };
      ws.on('message', check);
    });
  return { ws, messages, opened, closed, next };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  app = await testApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no port');
  base = `ws://127.0.0.1:${addr.port}`;
  for (const u of ['admin', 'hospadmin', 'zhuli', 'yunying']) await signIn(u);
});
afterAll(async () => {
  for (const ws of open) ws.terminate();
  await app.close();
});

async function publishNew(title: string, extra: Rec = {}): Promise<string> {
  const add = await call<string>(app, '/sys/annountCement/add', { token: tok.admin, tenantId: 1001, body: { title, msgCategory: '1', msgType: 'ALL', priority: 'M', ...extra } });
  expect(add.body.success, add.body.message).toBe(true);
  const r = await call(app, '/sys/annountCement/doReleaseData', { token: tok.admin, tenantId: 1001, query: { id: add.body.result } });
  expect(r.body.success, r.body.message).toBe(true);
  return add.body.result;
}

describe('websocket /websocket/{userId}', () => {
  it('pushes a published announcement to online recipients within 2 s', async () => {
    const hosp = connect(`/websocket/${uid.hospadmin}?token=${tok.hospadmin}`);
    const zhuli = connect(`/websocket/${uid.zhuli}`, [tok.zhuli!]); // token as Sec-WebSocket-Protocol
    const other = connect(`/websocket/${uid.yunying}?token=${tok.yunying}`);
    await Promise.all([hosp.opened, zhuli.opened, other.opened]);
    expect(zhuli.ws.protocol).toBe(tok.zhuli);
    await sleep(50); // token check is async

    const waitHosp = hosp.next(2000);
    const waitZhuli = zhuli.next(2000);
    const started = Date.now();
    const id = await publishNew('实时推送测试');
    const msg = JSON.parse(await waitHosp) as Rec;
    expect(Date.now() - started).toBeLessThan(2000);
    expect(msg).toMatchObject({ cmd: 'user', msgId: id, msgTxt: '实时推送测试', title: '实时推送测试', priority: 'M' });
    expect(JSON.parse(await waitZhuli)).toMatchObject({ cmd: 'user', msgId: id });
    await sleep(100);
    expect(other.messages).toEqual([]); // other tenant

    // revoke reloads the list with a topic message
    const waitRevoke = hosp.next(2000);
    await call(app, '/sys/annountCement/doReovkeData', { token: tok.admin, tenantId: 1001, query: { id } });
    expect(JSON.parse(await waitRevoke)).toMatchObject({ cmd: 'topic', msgId: id });
  });

  it('answers the client heartbeat', async () => {
    const c = connect(`/websocket/${uid.zhuli}?token=${tok.zhuli}`);
    await c.opened;
    await sleep(50);
    let reply = c.next();
    c.ws.send('HeartBeat');
    expect(JSON.parse(await reply)).toEqual({ cmd: 'heartcheck', msgTxt: '心跳响应' });
    reply = c.next();
    c.ws.send(JSON.stringify({ cmd: 'heartcheck' }));
    expect(JSON.parse(await reply)).toMatchObject({ cmd: 'heartcheck' });
  });

  it('serves the /hospital alias and the /websocket/{userId}/{token} form', async () => {
    const a = connect(`/hospital/websocket/${uid.hospadmin}?token=${tok.hospadmin}`);
    const b = connect(`/websocket/${uid.hospadmin}/${tok.hospadmin}`);
    await Promise.all([a.opened, b.opened]);
    await sleep(50);
    const wa = a.next();
    const wb = b.next();
    const id = await publishNew('别名推送');
    expect(JSON.parse(await wa)).toMatchObject({ msgId: id });
    expect(JSON.parse(await wb)).toMatchObject({ msgId: id });
  });

  it('rejects a missing or invalid token, or another user id, with 4401', async () => {
    for (const path of [
      `/websocket/${uid.zhuli}`,
      `/websocket/${uid.zhuli}?token=${'f'.repeat(64)}`,
      `/websocket/${uid.hospadmin}?token=${tok.zhuli}`,
      `/hospital/websocket/${uid.hospadmin}?token=bogus`,
    ]) {
      const c = connect(path);
      const closed = await c.closed;
      expect(closed, path).toEqual({ code: 4401, reason: 'Token失效，请重新登录' });
    }
  });

  it('closes with 1012 on server shutdown so clients reconnect', async () => {
    const own = await testApp();
    await own.listen({ port: 0, host: '127.0.0.1' });
    const addr = own.server.address();
    if (!addr || typeof addr === 'string') throw new Error('no port');
    const r = await call<{ token: string; userInfo: Rec }>(own, '/sys/login', { body: { username: 'zhuli', password: PASSWORDS.zhuli } });
    const ws = new WebSocket(`ws://127.0.0.1:${addr.port}/websocket/${String(r.body.result.userInfo.id)}?token=${r.body.result.token}`);
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    await new Promise((resolve) => ws.on('open', resolve));
    await sleep(50);
    await own.close();
    expect(await closed).toBe(1012);
  }, 120_000); // builds its own app: seconds of CPU, more on a busy machine (the hook timeout)
});

describe('NoticeHub sweep', () => {
  it('closes sockets whose token is no longer valid and terminates dead ones', async () => {
    const { EventEmitter } = await import('node:events');
    const { NoticeHub } = await import('../../src/server/ws/hub.js');
    class FakeSocket extends EventEmitter {
      readyState = 1;
      sent: string[] = [];
      closedWith: number | null = null;
      terminated = false;
      send(t: string) { this.sent.push(t); }
      ping() { /* pong arrives via emit */ }
      close(code: number) { this.closedWith = code; this.readyState = 3; this.emit('close'); }
      terminate() { this.terminated = true; this.readyState = 3; this.emit('close'); }
    }
    const valid = new Set(['good']);
    const hub = new NoticeHub(async (token) => valid.has(token));
    const a = new FakeSocket();
    const b = new FakeSocket();
    hub.add('u1', 'good', a as never);
    hub.add('u2', 'bad', b as never);
    expect(hub.pushToUsers(['u1', 'u2', 'u3'], { cmd: 'user', msgId: '1', msgTxt: 't' })).toBe(2);
    await hub.sweep();
    expect(b.closedWith).toBe(4401);
    expect(a.closedWith).toBeNull();
    expect(hub.onlineUsers()).toEqual(['u1']);
    await hub.sweep(); // a never answered the first ping
    expect(a.terminated).toBe(true);
    expect(hub.connections()).toBe(0);
  });
});
