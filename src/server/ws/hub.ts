/**
 * The notice hub: per user the set of open sockets of /websocket/{userId}.
 * Nothing is persisted: after a restart the clients reconnect (5 s) and the
 * announcement list is read again, so a push is only a hint to reload.
 *
 * Message shape (JSON text frames, JeecgBoot HeaderNotice):
 *   {cmd: 'user' | 'topic', msgId, msgTxt, title, priority}   push; the client reloads the list
 *   {cmd: 'heartcheck', msgTxt: '心跳响应'}                   answer to a client heartbeat
 */
import type { WebSocket } from 'ws';
import type { Bus } from '../bus/index.js';

export interface NoticeMessage {
  cmd: 'user' | 'topic' | 'heartcheck';
  msgId?: string;
  msgTxt?: string;
  title?: string;
  priority?: string | null;
  [extra: string]: unknown;
}

export const WS_CLOSE = {
  /** Missing/invalid/expired token or a userId that is not the token's user. */
  unauthorized: 4401,
  /** Server shutting down or restarting: reconnect. */
  restart: 1012,
} as const;

export const WS_UNAUTHORIZED_REASON = 'Token失效，请重新登录';

interface Client {
  socket: WebSocket;
  userId: string;
  token: string;
  alive: boolean;
}

const OPEN = 1; // WebSocket.OPEN

export class NoticeHub {
  private byUser = new Map<string, Set<Client>>();
  private timer: NodeJS.Timeout | null = null;

  /**
   * @param checkToken re-validates a client's token on every sweep (logout, password
   *   change and expiry close the socket with 4401).
   */
  constructor(private checkToken: (token: string, userId: string) => Promise<boolean> = async () => true) {}

  add(userId: string, token: string, socket: WebSocket): void {
    const client: Client = { socket, userId, token, alive: true };
    let set = this.byUser.get(userId);
    if (!set) this.byUser.set(userId, (set = new Set()));
    set.add(client);
    socket.on('pong', () => (client.alive = true));
    socket.on('close', () => this.remove(client));
    socket.on('error', () => this.remove(client));
  }

  private remove(c: Client): void {
    const set = this.byUser.get(c.userId);
    if (!set) return;
    set.delete(c);
    if (set.size === 0) this.byUser.delete(c.userId);
  }

  private bus?: Bus;

  /** Joins the bus: a push made on any instance reaches the sockets held by this one. */
  attach(bus: Bus): void {
    this.bus = bus;
    // a session ended anywhere (freeze, logout, role change): re-check this instance's sockets
    // now rather than at the next sweep, after the session store has dropped its copy
    bus.subscribe('sessions', () => { setTimeout(() => void this.revalidate(), 0); });
    bus.subscribe('ws', (p) => {
      const m = p as { u?: string[]; m?: NoticeMessage } | null;
      if (m && Array.isArray(m.u) && m.m) this.deliver(m.u, m.m);
    });
  }

  /**
   * Sends one message to every open socket of these users, on this instance and (through the
   * bus) on the others; returns the number of sockets reached on this instance.
   */
  pushToUsers(userIds: Iterable<string>, message: NoticeMessage): number {
    const ids = [...new Set(userIds)];
    // chunks keep each bus message under PostgreSQL's NOTIFY payload limit
    for (let i = 0; this.bus && i < ids.length; i += 150) this.bus.broadcast('ws', { u: ids.slice(i, i + 150), m: message });
    return this.deliver(ids, message);
  }

  private deliver(userIds: string[], message: NoticeMessage): number {
    const text = JSON.stringify(message);
    let n = 0;
    for (const id of userIds) {
      for (const c of this.byUser.get(id) ?? []) {
        if (c.socket.readyState !== OPEN) continue;
        c.socket.send(text);
        n++;
      }
    }
    return n;
  }

  /** Users with at least one open socket. */
  onlineUsers(): string[] {
    return [...this.byUser.keys()];
  }

  connections(userId?: string): number {
    if (userId !== undefined) return this.byUser.get(userId)?.size ?? 0;
    let n = 0;
    for (const s of this.byUser.values()) n += s.size;
    return n;
  }

  /** Ping sweep (dead sockets are terminated) plus token re-validation, every `ms`. */
  start(ms = 30_000): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.sweep(), ms);
    this.timer.unref();
  }

  async sweep(): Promise<void> {
    for (const set of [...this.byUser.values()]) {
      for (const c of [...set]) {
        if (!c.alive) {
          c.socket.terminate();
          this.remove(c);
          continue;
        }
        c.alive = false;
        try {
          c.socket.ping();
        } catch {
          /* closing */
        }
        await this.closeIfRefused(c);
      }
    }
  }

  /** Re-validates every socket's token now; refused ones close with 4401 (the console logs out). */
  async revalidate(): Promise<void> {
    for (const set of [...this.byUser.values()]) {
      for (const c of [...set]) await this.closeIfRefused(c);
    }
  }

  /** Closes a socket whose token is no longer valid with 4401; a database hiccup is not a logout. */
  private async closeIfRefused(c: Client): Promise<void> {
    const valid = await this.checkToken(c.token, c.userId).catch(() => true);
    if (valid) return;
    c.socket.close(WS_CLOSE.unauthorized, WS_UNAUTHORIZED_REASON);
    this.remove(c);
  }

  /** Closes every socket (server stop/restart): clients reconnect on their own. */
  closeAll(code: number = WS_CLOSE.restart, reason = 'server restart'): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const set of this.byUser.values()) {
      for (const c of set) {
        try {
          c.socket.close(code, reason);
        } catch {
          c.socket.terminate();
        }
      }
    }
    this.byUser.clear();
  }
}
