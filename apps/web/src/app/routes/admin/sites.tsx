import { SitesView } from '../../../features/sites/components/sites-view';

export default function SitesRoute() {
  return <SitesView />;
}
