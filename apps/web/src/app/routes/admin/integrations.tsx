import { IntegrationsView } from '../../../features/integrations/components/integrations-view';

export default function IntegrationsRoute() {
  return <IntegrationsView />;
}
