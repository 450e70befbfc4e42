/**
 * The public pages (no login), one lazy chunk: one set of importers keeps the login route's
 * shared chunks as they are, and the route table names a page by key.
 */
import Agreement from './Agreement';
import Download from './Download';
import OrderTreatProcess from './OrderTreatProcess';
import TestHome from './TestHome';

export type PublicPageKey = 'download' | 'downloadFile' | 'agreement' | 'orderTreatProcess' | 'testHome';

export default function PublicPage({ page }: { page: PublicPageKey }) {
  switch (page) {
    case 'download':
      return <Download />;
    case 'downloadFile':
      return <Download files />;
    case 'agreement':
      return <Agreement />;
    case 'orderTreatProcess':
      return <OrderTreatProcess />;
    default:
      return <TestHome />;
  }
}
