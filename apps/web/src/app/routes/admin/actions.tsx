import { ActionsView } from '../../../features/actions/components/actions-view';
import { useSites } from '../../../features/sites/api/get-sites';

/** The corrective actions, with the sites to filter by from their own feature. */
export default function ActionsRoute() {
  const sites = useSites();
  return <ActionsView sites={sites.data} />;
}
