import { useEffect } from 'react';

export const DEFAULT_TITLE = '互联网医院后台管理';

/** `<page title> - 互联网医院后台管理`, or the default title alone. */
export function pageTitle(title?: string | null): string {
  return title ? `${title} - ${DEFAULT_TITLE}` : DEFAULT_TITLE;
}

export function useDocumentTitle(title?: string | null): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
