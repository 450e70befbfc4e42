/** Announcements (系统通告) and the per-user inbox: see routes.ts for the API, service.ts for the rules. */
export { registerNotice } from './routes.js';
export { sanitizeHtml } from './sanitize.js';
export {
  ANNOUNCEMENT_RESOURCE,
  NOTICE_MSG,
  SEND_TABLE,
  STATUS as ANNOUNCEMENT_STATUS,
  ensureInbox,
} from './service.js';
export { recipientsOf } from './effects.js';
export { seedAnnouncements } from './seed.js';
