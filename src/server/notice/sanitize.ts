/**
 * Rich-text sanitizing of announcement content (DOMPurify over a jsdom window):
 * no <script>/<style>, no on* handlers, no javascript: URLs (inline style attributes of the editor are kept).
 * Used on save (add/edit of sysAnnouncement) and on every output of the notice routes.
 */
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

let purifier: ReturnType<typeof createDOMPurify> | null = null;

function purify(): ReturnType<typeof createDOMPurify> {
  if (!purifier) {
    // jsdom's window satisfies what DOMPurify needs; its type is not the DOM lib's Window.
    purifier = createDOMPurify(new JSDOM('').window as unknown as Parameters<typeof createDOMPurify>[0]);
  }
  return purifier;
}

export function sanitizeHtml(html: unknown): string | null {
  if (html === null || html === undefined) return null;
  const text = typeof html === 'string' ? html : String(html);
  if (text === '') return '';
  return purify().sanitize(text, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form'] });
}
