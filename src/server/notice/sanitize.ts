/**
 * Announcement content goes through the server's one rich-text sanitizer (src/server/sanitize):
 * on save (add/edit of sysAnnouncement) and on every output of the notice routes.
 */
import { sanitizeHtml as sanitize } from '../sanitize/index.js';

/** Sanitized announcement HTML; a missing value stays null. */
export function sanitizeHtml(html: unknown): string | null {
  if (html === null || html === undefined) return null;
  return sanitize(typeof html === 'string' ? html : String(html));
}
