/**
 * Generic resource page (ProTable list + Formily form). Load it lazily:
 *   const ResourcePage = lazy(() => import('../engine'));
 *   <ResourcePage resource="hisDoctor" />
 * ProTable lives only in this chunk tree; the Formily form is a further lazy
 * chunk opened on demand.
 */
import ResourcePage from './ResourcePage';

export default ResourcePage;
export type { ResourcePageProps } from './ResourcePage';
