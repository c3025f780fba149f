import { CoverageView } from '../../../features/device-coverage/components/coverage-view';
import { useSites } from '../../../features/sites/api/get-sites';

/** Coverage by device, of the site in the address or the first active one (the sites come from their feature). */
export default function CoverageRoute() {
  const sites = useSites();
  return <CoverageView sites={sites.data} />;
}
