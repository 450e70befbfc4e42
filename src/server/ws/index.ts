/** Websocket notice hub: see hub.ts (message shapes) and routes.ts (endpoints, auth). */
import type { AppContext } from '../context.js';
import { NoticeHub } from './hub.js';

export { NoticeHub, WS_CLOSE, WS_UNAUTHORIZED_REASON, type NoticeMessage } from './hub.js';
export { registerWebsocket, wsToken } from './routes.js';

/** A hub whose sweep closes sockets whose token was revoked, expired or changed user. */
export function createNoticeHub(ctx: AppContext): NoticeHub {
  return new NoticeHub(async (token, userId) => (await ctx.sessions.get(token))?.id === userId);
}
