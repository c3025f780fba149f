import { useSites } from '../../../features/sites/api/get-sites';
import { TrapsView } from '../../../features/traps/components/traps-view';

/** The inventory with the sites from their own feature: with several active ones it names and asks for them. */
export default function TrapsRoute() {
  const sites = useSites();
  return <TrapsView sites={sites.data} />;
}
