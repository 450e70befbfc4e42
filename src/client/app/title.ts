import { useEffect } from 'react';
import { whenIdle } from './idle';

export const DEFAULT_TITLE = '互联网医院后台管理';

/** `<page title> - 互联网医院后台管理`, or the default title alone. */
export function pageTitle(title?: string | null): string {
  return title ? `${title} - ${DEFAULT_TITLE}` : DEFAULT_TITLE;
}

/** Most a new title waits for the browser to be idle. */
export const TITLE_DELAY_MS = 300;

let pendingTitle: string | undefined;

/**
 * Sets the browser title once the browser is idle; the latest asked wins. Setting it is several
 * milliseconds of the browser's own work, which would otherwise land between a menu click and
 * the page it opens.
 */
export function setDocumentTitle(text: string): void {
  const scheduled = pendingTitle !== undefined;
  pendingTitle = text;
  if (scheduled) return;
  whenIdle(() => {
    if (pendingTitle !== undefined && document.title !== pendingTitle) document.title = pendingTitle;
    pendingTitle = undefined;
  }, TITLE_DELAY_MS);
}

export function useDocumentTitle(title?: string | null): void {
  useEffect(() => {
    setDocumentTitle(pageTitle(title));
  }, [title]);
}
