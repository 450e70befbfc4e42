// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import PRIORITY_DICT from '../../schemas/dicts/priority.json';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { DEFAULT_PROTOCOL_CONFIG, decryptText, encryptText } from '../../src/core/protocol/index';
import { Providers } from '../../src/client/app/Providers';
import { appStore, tokenAtom, userInfoAtom } from '../../src/client/state/atoms';
import { NoticeSocket, noticeSocketUrl, parseNotice, type SocketLike, type Timers } from '../../src/client/shell/notice/socket';
import { createPoller } from '../../src/client/shell/notice/poller';
import { NoticeBell } from '../../src/client/shell/notice/index';
import { noticeListAtom } from '../../src/client/shell/notice/store';
import { EMPTY_LIST } from '../../src/client/shell/notice/types';
import { AnnouncementModal, sanitizeAnnouncementHtml, showHandleButton } from '../../src/client/shell/dialogs/index';

const cfg = DEFAULT_PROTOCOL_CONFIG;

class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  closed = false;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onerror: SocketLike['onerror'] = null;
  onclose: SocketLike['onclose'] = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(d: string) {
    this.sent.push(d);
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  message(data: unknown) {
    this.onmessage?.({ data });
  }
  fail() {
    this.readyState = 3;
    this.onerror?.({});
    this.onclose?.({ code: 1006 });
  }
}

const timers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
};

function makeSocket(onNotice = vi.fn()) {
  const s = new NoticeSocket({
    url: () => 'ws://h/websocket/u1?token=t',
    onNotice,
    createSocket: (u) => new FakeSocket(u),
    timers,
  });
  return { s, onNotice };
}

describe('notice socket URL', () => {
  it('uses the API host with ws/wss, or location for a relative base', () => {
    expect(noticeSocketUrl('http://api.example.com:8080/hospital', 'u1', 'tok')).toBe('ws://api.example.com:8080/websocket/u1?token=tok');
    expect(noticeSocketUrl('https://api.example.com/hospital', 'u1', 'a b')).toBe('wss://api.example.com/websocket/u1?token=a%20b');
    expect(noticeSocketUrl('/hospital', 'u1', 't', { protocol: 'https:', host: 'console.example.com' })).toBe('wss://console.example.com/websocket/u1?token=t');
    expect(noticeSocketUrl('/hospital', 'u1', 't', { protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/websocket/u1?token=t');
  });

  it('parses only JSON pushes with cmd topic or user', () => {
    expect(parseNotice('HeartBeat')).toBeNull();
    expect(parseNotice('{"cmd":"heartcheck"}')).toBeNull();
    expect(parseNotice('{bad')).toBeNull();
    expect(parseNotice('{"cmd":"user","msgId":"1","msgTxt":"hi"}')).toMatchObject({ cmd: 'user', msgId: '1' });
    expect(parseNotice('{"cmd":"topic","msgId":"2"}')).toMatchObject({ cmd: 'topic' });
  });
});

describe('notice socket reconnect / heartbeat', () => {
  beforeEach(() => {
    FakeSocket.all = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('reconnects 5000 ms after error+close, with one pending reconnect', () => {
    const { s } = makeSocket();
    s.start();
    expect(FakeSocket.all).toHaveLength(1);
    FakeSocket.all[0]!.fail(); // error and close: one reconnect only
    FakeSocket.all[0]!.onerror?.({});
    expect(s.reconnectPending).toBe(true);
    vi.advanceTimersByTime(4999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(2); // nothing else pending
    // retries never stop while the server is away
    FakeSocket.all[1]!.fail();
    vi.advanceTimersByTime(5000);
    expect(FakeSocket.all).toHaveLength(3);
    s.stop();
  });

  it('sends HeartBeat 20000 ms after the last activity, reset by messages', () => {
    const { s, onNotice } = makeSocket();
    s.start();
    const ws = FakeSocket.all[0]!;
    ws.open();
    vi.advanceTimersByTime(19_999);
    expect(ws.sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ws.sent).toEqual(['HeartBeat']);
    vi.advanceTimersByTime(15_000);
    ws.message('{"cmd":"heartcheck","msgTxt":"心跳响应"}'); // activity
    vi.advanceTimersByTime(15_000);
    expect(ws.sent).toEqual(['HeartBeat']);
    vi.advanceTimersByTime(5_000);
    expect(ws.sent).toEqual(['HeartBeat', 'HeartBeat']);
    expect(onNotice).not.toHaveBeenCalled();
    s.stop();
  });

  it('passes topic/user pushes on and ignores the rest', () => {
    const { s, onNotice } = makeSocket();
    s.start();
    const ws = FakeSocket.all[0]!;
    ws.open();
    ws.message('HeartBeat');
    ws.message(JSON.stringify({ cmd: 'user', msgId: 'a1', msgTxt: '通知一' }));
    ws.message(JSON.stringify({ cmd: 'topic', msgId: 'a2', msgTxt: '通知二' }));
    ws.message(JSON.stringify({ cmd: 'other', msgId: 'a3' }));
    expect(onNotice.mock.calls.map((c) => c[0].msgId)).toEqual(['a1', 'a2']);
    s.stop();
  });

  it('stop() closes the socket and never reconnects; a refused token (4401) is final', () => {
    const { s } = makeSocket();
    s.start();
    const ws = FakeSocket.all[0]!;
    ws.open();
    s.stop();
    expect(ws.closed).toBe(true);
    ws.onclose?.({ code: 1000 }); // handlers are detached: no effect anyway
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(ws.sent).toEqual([]); // no heartbeat after stop

    const b = makeSocket().s;
    b.start();
    FakeSocket.all[1]!.onclose?.({ code: 4401 });
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(2);
    expect(b.running).toBe(false);
  });

  it('a failed pending reconnect while stopping is cancelled', () => {
    const { s } = makeSocket();
    s.start();
    FakeSocket.all[0]!.fail();
    s.stop();
    vi.advanceTimersByTime(10_000);
    expect(FakeSocket.all).toHaveLength(1);
  });
});

describe('announcement list polling', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('loads now and every 6000 ms, and stops on the first error', async () => {
    let n = 0;
    const load = vi.fn(async () => {
      n++;
      if (n === 3) throw new Error('down');
    });
    const p = createPoller(load, 6000, timers);
    p.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5999);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(6000);
    expect(load).toHaveBeenCalledTimes(3); // fails
    await vi.advanceTimersByTimeAsync(60_000);
    expect(load).toHaveBeenCalledTimes(3);
    expect(p.running).toBe(false);
    // a push still reloads once, without restarting the timer
    await p.reload();
    expect(load).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('stop() ends the refresh', async () => {
    const load = vi.fn(async () => undefined);
    const p = createPoller(load, 6000, timers);
    p.start();
    await vi.advanceTimersByTimeAsync(0);
    p.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('AnnouncementModal', () => {
  afterEach(() => cleanup());

  it('sanitizes the content: no script, no on* handler, no javascript: URL', () => {
    const html = sanitizeAnnouncementHtml(
      '<p>正文</p><img src="x" onerror="window.__xss=1"><script>window.__xss=2</script><a href="javascript:alert(1)">l</a><b onclick="x()">b</b>',
    );
    expect(html).toContain('正文');
    // no executable markup (happy-dom's DOM makes DOMPurify fall back to escaped text; Chromium keeps <p>)
    const box = document.createElement('div');
    box.innerHTML = html;
    expect(box.querySelector('script, [onerror], [onclick], a[href^="javascript"]')).toBeNull();
    expect(html).not.toMatch(/<script|<[^>]*\son\w+=|href="javascript:/i);
  });

  it('shows title, sender line and the 去处理 button only for url + unread', () => {
    expect(showHandleButton({ id: '1', openType: 'url', openPage: '/x', readFlag: '0' })).toBe(true);
    expect(showHandleButton({ id: '1', openType: 'url', openPage: '/x', readFlag: '1' })).toBe(false);
    expect(showHandleButton({ id: '1', openType: 'component', openPage: '/x' })).toBe(false);
    render(
      <Providers>
        <MemoryRouter>
          <AnnouncementModal
            open
            onClose={() => undefined}
            announcement={{ id: '1', title: '系统升级', sender: 'admin', sendTime: '2026-01-02 03:04:05', msgContent: '<p>内容<img src=x onerror="window.__xss=1"></p>', openType: 'url', openPage: '/isps/userAnnouncement', readFlag: '0' }}
          />
        </MemoryRouter>
      </Providers>,
    );
    expect(screen.getByText('系统升级')).toBeTruthy();
    expect(screen.getByText(/发布人：admin 发布时间： 2026-01-02 03:04:05/)).toBeTruthy();
    expect(screen.getByRole('button', { name: '关闭' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '去处理' })).toBeTruthy();
    const content = screen.getByTestId('announcement-content');
    expect(content.querySelector('[onerror], script')).toBeNull();
    expect((window as unknown as { __xss?: number }).__xss).toBeUndefined();
  });
});

describe('NoticeBell', () => {
  const calls: string[] = [];
  beforeEach(() => {
    calls.length = 0;
    FakeSocket.all = [];
    localStorage.clear();
    appStore.set(noticeListAtom, EMPTY_LIST);
    appStore.set(tokenAtom, 'tok');
    appStore.set(userInfoAtom, { id: 'u1', username: 'admin' });
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(input, init);
      const u = new URL(req.url);
      const body = req.method === 'PUT' ? decryptText(await req.text(), cfg) : '';
      calls.push(`${req.method} ${u.pathname}${body ? ` ${body}` : ''}`);
      const env = (result: unknown) => new Response(encryptText(JSON.stringify({ success: true, code: 200, message: '', result }), cfg));
      if (u.pathname.endsWith('/listByUser')) {
        return env({
          anntMsgList: [
            { id: 'a1', title: '通知甲', createTime: '2026-01-01 10:00:00', priority: 'H' },
            { id: 'a2', title: '通知乙', createTime: '2026-01-01 11:00:00', priority: 'L' },
          ],
          anntMsgTotal: 2,
          sysMsgList: [{ id: 's1', title: '系统丙', createTime: '2026-01-01 12:00:00', priority: 'M' }],
          sysMsgTotal: 1,
        });
      }
      if (u.pathname.endsWith('/sys/dict/getDictItems/priority')) return env(PRIORITY_DICT.items);
      if (u.pathname.endsWith('/queryById')) {
        return env({ id: u.searchParams.get('id'), title: '通知甲', sender: 'admin', sendTime: '2026-01-01 10:00:00', msgContent: '<p>甲的内容</p>' });
      }
      return env(null);
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    appStore.set(tokenAtom, null);
    appStore.set(userInfoAtom, null);
  });

  it('shows the total, the two tabs, priority tags; opening marks read and shows the detail', async () => {
    render(
      <Providers>
        <MemoryRouter>
          <NoticeBell />
        </MemoryRouter>
      </Providers>,
    );
    await waitFor(() => expect(screen.getByTestId('notice-bell').textContent).toContain('3'));
    expect(FakeSocket.all[0]?.url).toMatch(/\/websocket\/u1\?token=tok$/);
    fireEvent.click(screen.getByTestId('notice-bell'));
    await screen.findByText('通知(2)');
    expect(screen.getByText('系统消息(1)')).toBeTruthy();
    // the names come from the priority dictionary (loaded once)
    await screen.findByText('紧急消息');
    expect(screen.getByText('一般消息')).toBeTruthy();
    expect(screen.getByText('2026-01-01 10:00:00 发布')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: '查看更多' }).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByText('通知甲'));
    await screen.findByText('甲的内容');
    expect(calls.some((c) => c.startsWith('PUT /hospital/sys/sysAnnouncementSend/editByAnntIdAndUserId') && c.includes('"anntId":"a1"'))).toBe(true);
    // a push reloads the list
    const before = calls.filter((c) => c.includes('/listByUser')).length;
    FakeSocket.all[0]!.open();
    FakeSocket.all[0]!.message(JSON.stringify({ cmd: 'user', msgId: 'a1', msgTxt: '新通知' }));
    await waitFor(() => expect(calls.filter((c) => c.includes('/listByUser')).length).toBeGreaterThan(before));
    await waitFor(() => expect(document.body.textContent).toContain('消息提醒'));
  });

  it('stops the socket on unmount (logout)', async () => {
    const r = render(
      <Providers>
        <MemoryRouter>
          <NoticeBell />
        </MemoryRouter>
      </Providers>,
    );
    await waitFor(() => expect(FakeSocket.all.length).toBe(1));
    r.unmount();
    expect(FakeSocket.all[0]!.closed).toBe(true);
  });
});
