/**
 * Generic resource page (antd Table list + Formily form). Load it lazily:
 *   const ResourcePage = lazy(() => import('../engine'));
 *   <ResourcePage resource="hisDoctor" />
 * The table lives only in this chunk tree; the search form hydrates after the first rows and
 * the Formily form is a further lazy chunk opened on demand.
 */
import ResourcePage from './ResourcePage';

export default ResourcePage;
export { ListRehearsal } from './ListRehearsal';
export type { ResourcePageProps } from './ResourcePage';
