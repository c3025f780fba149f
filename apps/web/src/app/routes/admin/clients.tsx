import { ClientsView } from '../../../features/clients/components/clients-view';

export default function ClientsRoute() {
  return <ClientsView />;
}
