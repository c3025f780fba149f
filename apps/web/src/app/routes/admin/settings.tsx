import { ThresholdsSection } from '../../../features/actions/components/thresholds-section';
import { IntegrationsLink } from '../../../features/integrations/components/integrations-view';
import { ProductsSection } from '../../../features/products/components/products-section';
import { SettingsView } from '../../../features/settings/components/settings-view';

export default function SettingsRoute() {
  return (
    <>
      <SettingsView />
      <IntegrationsLink />
      <ProductsSection />
      <ThresholdsSection />
    </>
  );
}
