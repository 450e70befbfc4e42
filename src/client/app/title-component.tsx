import type { ReactNode } from 'react';
import { useDocumentTitle } from './title';

/** Sets the browser title while its route is shown. */
export function Titled({ title, children }: { title?: string; children: ReactNode }) {
  useDocumentTitle(title);
  return <>{children}</>;
}
