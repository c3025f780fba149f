import { PortalSitesView } from '../../../features/portal/components/portal-sites-view';

export default function PortalSitesRoute() {
  return <PortalSitesView />;
}
