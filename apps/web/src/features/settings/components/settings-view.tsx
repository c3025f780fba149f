import './settings.css';
import { PageHeader } from '../../../components/ui/page-header';
import { SETTINGS_MESSAGES } from '../messages';
import { PestsSection } from './pests-section';

/** The settings area: one section per catalogue (the pests for now). */
export function SettingsView() {
  return (
    <>
      <PageHeader title={SETTINGS_MESSAGES.title} subtitle={SETTINGS_MESSAGES.subtitle} />
      <PestsSection />
    </>
  );
}
