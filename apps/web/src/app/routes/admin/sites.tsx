import { useClients } from '../../../features/clients/api/get-clients';
import { SitesView } from '../../../features/sites/components/sites-view';

export default function SitesRoute() {
  const clients = useClients();
  return <SitesView clients={clients.data} />;
}
