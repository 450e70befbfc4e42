/**
 * Notice websocket client, pure logic:
 *
 * - URL: the API host with http->ws / https->wss (a relative API base uses location's host and
 *   scheme) + `/websocket/<userId>?token=<token>`.
 * - On error or close: reconnect after 5000 ms; at most one reconnect is pending at a time.
 * - Heartbeat: the text `HeartBeat` is sent 20000 ms after the last activity (open, every
 *   message, every heartbeat sent).
 * - JSON messages with cmd `topic` or `user` go to `onNotice`; anything else (the server's
 *   `HeartBeat` answer) only counts as activity.
 * - `stop()` is final: handlers are detached, timers cleared, no reconnect follows.
 * - A close with code 4401 (the server refused the token) is final too: the same token would
 *   be refused again; a new login (new token) starts a new client. `onRefused` is told (the
 *   console logs out at once: the user was frozen, logged out elsewhere or forced out).
 *
 * Timers and the socket constructor are injectable so tests drive it with fakes.
 */
import { HEARTBEAT_MS, HEARTBEAT_TEXT, RECONNECT_MS, type NoticeMessage } from './types';

/** The part of the DOM WebSocket the client uses. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

export interface NoticeSocketOptions {
  /** The URL to connect to; null (no user / token) skips the attempt. Read on every connect. */
  url: () => string | null;
  onNotice: (msg: NoticeMessage) => void;
  /** Each (re)connection that opened. */
  onOpen?: () => void;
  /** The server refused the token (close 4401). */
  onRefused?: () => void;
  createSocket?: (url: string) => SocketLike;
  timers?: Timers;
  reconnectMs?: number;
  heartbeatMs?: number;
}

const OPEN = 1;
/** Close code of a refused token (src/server/ws/hub.ts WS_CLOSE.unauthorized). */
export const TOKEN_REFUSED = 4401;

const defaultTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
};

/**
 * ws(s):// URL of the notice socket: the API host ("Websocket at /websocket/{userId} on
 * the API host") — an absolute `apiBase` gives its host and scheme, a relative one (`/hospital`,
 * the console served by the API server or the dev proxy) gives `loc`'s.
 */
export function noticeSocketUrl(
  apiBase: string,
  userId: string,
  token: string,
  loc: { protocol: string; host: string } = globalThis.location,
): string {
  const m = /^(https?):\/\/([^/?#]+)/i.exec(apiBase.trim());
  const origin = m
    ? `${m[1]!.toLowerCase() === 'https' ? 'wss' : 'ws'}://${m[2]}`
    : `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}`;
  return `${origin}/websocket/${encodeURIComponent(userId)}?token=${encodeURIComponent(token)}`;
}

/** Parses a push; null for non-JSON (HeartBeat) or anything without a notice cmd. */
export function parseNotice(data: unknown): NoticeMessage | null {
  if (typeof data !== 'string') return null;
  const t = data.trim();
  if (!t.startsWith('{')) return null;
  try {
    const v = JSON.parse(t) as NoticeMessage;
    if (!v || typeof v !== 'object') return null;
    return v.cmd === 'topic' || v.cmd === 'user' ? v : null;
  } catch {
    return null;
  }
}

export class NoticeSocket {
  private ws: SocketLike | null = null;
  private reconnectTimer: unknown = null;
  private heartbeatTimer: unknown = null;
  private stopped = true;
  private readonly timers: Timers;
  private readonly reconnectMs: number;
  private readonly heartbeatMs: number;
  /** Number of sockets created (for tests and diagnostics). */
  connects = 0;

  constructor(private readonly opts: NoticeSocketOptions) {
    this.timers = opts.timers ?? defaultTimers;
    this.reconnectMs = opts.reconnectMs ?? RECONNECT_MS;
    this.heartbeatMs = opts.heartbeatMs ?? HEARTBEAT_MS;
  }

  get running(): boolean {
    return !this.stopped;
  }

  get reconnectPending(): boolean {
    return this.reconnectTimer !== null;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.clearReconnect();
    this.clearHeartbeat();
    this.dropSocket();
  }

  private connect(): void {
    if (this.stopped) return;
    this.dropSocket();
    const url = this.opts.url();
    if (!url) return;
    const create = this.opts.createSocket ?? ((u: string) => new WebSocket(u) as unknown as SocketLike);
    let ws: SocketLike;
    try {
      ws = create(url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.connects++;
    this.ws = ws;
    ws.onopen = () => {
      if (this.ws !== ws) return;
      this.resetHeartbeat();
      this.opts.onOpen?.();
    };
    ws.onmessage = (ev) => {
      if (this.ws !== ws) return;
      this.resetHeartbeat();
      const msg = parseNotice(ev?.data);
      if (msg) this.opts.onNotice(msg);
    };
    ws.onerror = () => {
      if (this.ws === ws) this.scheduleReconnect();
    };
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      if ((ev as { code?: number } | null)?.code === TOKEN_REFUSED) {
        this.stop();
        this.opts.onRefused?.();
        return;
      }
      this.scheduleReconnect();
    };
  }

  /** One pending reconnect at a time (JeecgBoot lockReconnect). */
  private scheduleReconnect(): void {
    if (this.stopped || this.reconnectTimer !== null) return;
    this.clearHeartbeat();
    this.reconnectTimer = this.timers.setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, this.reconnectMs);
  }

  private resetHeartbeat(): void {
    this.clearHeartbeat();
    if (this.stopped) return;
    this.heartbeatTimer = this.timers.setTimeout(() => {
      this.heartbeatTimer = null;
      const ws = this.ws;
      if (!ws || this.stopped) return;
      if (ws.readyState === OPEN) {
        try {
          ws.send(HEARTBEAT_TEXT);
        } catch {
          this.scheduleReconnect();
          return;
        }
        this.resetHeartbeat();
      }
    }, this.heartbeatMs);
  }

  private clearHeartbeat(): void {
    if (this.heartbeatTimer !== null) this.timers.clearTimeout(this.heartbeatTimer);
    this.heartbeatTimer = null;
  }

  private clearReconnect(): void {
    if (this.reconnectTimer !== null) this.timers.clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }

  /** Detaches and closes the current socket (an intentional close never reconnects). */
  private dropSocket(): void {
    const ws = this.ws;
    this.ws = null;
    if (!ws) return;
    ws.onopen = null;
    ws.onmessage = null;
    ws.onerror = null;
    ws.onclose = null;
    try {
      ws.close();
    } catch {
      /* already closed */
    }
  }
}
