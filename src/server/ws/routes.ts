/**
 * Websocket endpoints of the notice hub, on the server root (not under the signed API):
 * GET /websocket/:userId
 *   GET /websocket/:userId/:token       (JeecgBoot WebsocketMixin form)
 *   GET /hospital/websocket/:userId     (alias under the API root)
 * Browsers cannot add headers to a websocket, so the token comes as `?token=`, as the
 * last path segment, or as the Sec-WebSocket-Protocol value (echoed back by ws).
 * A missing/invalid token or a userId that is not the token's user: the upgrade is
 * accepted and the socket closed at once with 4401 `Token失效，请重新登录`.
 * Client heartbeats (text `HeartBeat`, `ping`, or JSON {cmd:'heartcheck'}) are answered
 * with {cmd:'heartcheck', msgTxt:'心跳响应'}.
 */
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { API_ROOT } from '../../core/protocol/index.js';
import type { AppContext } from '../context.js';
import { NoticeHub, WS_CLOSE, WS_UNAUTHORIZED_REASON } from './hub.js';

const HEARTBEAT_REPLY = JSON.stringify({ cmd: 'heartcheck', msgTxt: '心跳响应' });

function first(v: unknown): string | undefined {
  const x = Array.isArray(v) ? v[0] : v;
  return typeof x === 'string' && x !== '' ? x : undefined;
}

/** Token of a websocket request: path segment, ?token=, then Sec-WebSocket-Protocol. */
export function wsToken(req: FastifyRequest): string | undefined {
  const params = (req.params ?? {}) as Record<string, unknown>;
  const query = (req.query ?? {}) as Record<string, unknown>;
  const proto = first(req.headers['sec-websocket-protocol']);
  const fromProto = proto?.split(',')[0]?.trim();
  return first(params.token) ?? first(query.token) ?? first(query['X-Access-Token']) ?? (fromProto || undefined);
}

function isHeartbeat(data: string): boolean {
  const t = data.trim();
  if (t === 'HeartBeat' || t === 'ping' || t === 'heartcheck') return true;
  if (!t.startsWith('{')) return false;
  try {
    const cmd = (JSON.parse(t) as { cmd?: unknown }).cmd;
    return cmd === 'heartcheck' || cmd === 'HeartBeat' || cmd === 'ping';
  } catch {
    return false;
  }
}

/** Registers @fastify/websocket on the root instance and the hub routes. Call on the root app. */
export async function registerWebsocket(app: FastifyInstance, ctx: AppContext, hub: NoticeHub): Promise<void> {
  // Our preClose runs before the plugin's: the hub closes with 1012 so clients reconnect.
  app.addHook('preClose', (done) => {
    hub.closeAll(WS_CLOSE.restart, 'server restart');
    done();
  });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });

  const handler = (socket: WebSocket, req: FastifyRequest) => {
    let authed = false;
    // Attach synchronously so nothing sent during the token check is lost.
    socket.on('message', (raw, isBinary) => {
      if (!authed || isBinary) return;
      const text = Buffer.isBuffer(raw) ? raw.toString('utf8') : String(raw);
      if (isHeartbeat(text)) socket.send(HEARTBEAT_REPLY);
    });
    const userId = first((req.params as Record<string, unknown>).userId);
    const token = wsToken(req);
    const reject = () => socket.close(WS_CLOSE.unauthorized, WS_UNAUTHORIZED_REASON);
    if (!userId || !token || token.length > 256) return reject();
    ctx.sessions.get(token).then(
      (user) => {
        if (!user || user.id !== userId) return reject();
        if (socket.readyState !== socket.OPEN) return;
        authed = true;
        hub.add(userId, token, socket);
      },
      () => reject(),
    );
  };

  for (const path of ['/websocket/:userId', '/websocket/:userId/:token', `${API_ROOT}/websocket/:userId`]) {
    app.get(path, { websocket: true }, handler);
  }
  hub.start();
}
