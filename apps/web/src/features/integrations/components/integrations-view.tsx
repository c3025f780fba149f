import './integrations.css';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { SettingsSection } from '../../../components/ui/settings-section';
import { INTEGRATIONS_MESSAGES as TEXT } from '../messages';
import { ApiTokensSection } from './api-tokens-section';
import { WebhooksSection } from './webhooks-section';

/** «Integraciones», under Configuración: other systems' API tokens and the webhooks that tell them what happens. */
export function IntegrationsView() {
  return (
    <>
      <PageHeader
        title={TEXT.title}
        subtitle={TEXT.subtitle}
        actions={
          <Link className="button button--secondary" to="/admin/settings">
            {TEXT.back}
          </Link>
        }
      />
      <div className="integrations-page">
        <ApiTokensSection />
        <WebhooksSection />
      </div>
    </>
  );
}

/** The way in from Configuración. */
export function IntegrationsLink() {
  return (
    <SettingsSection
      title={TEXT.title}
      intro={TEXT.linkIntro}
      notice={null}
      onDismiss={() => undefined}
      action={
        <Link className="button button--secondary" to="/admin/settings/integrations">
          {TEXT.link}
        </Link>
      }
    >
      {null}
    </SettingsSection>
  );
}
