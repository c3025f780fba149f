import './settings.css';
import { PageHeader } from '../../../components/ui/page-header';
import { SETTINGS_MESSAGES } from '../messages';
import { CompanySection } from './company-section';
import { PestsSection } from './pests-section';
import { VerifyAddressNotice } from './verify-address-notice';
import { SigningSection } from './signing-section';

/** The settings area: the company that heads every document and its signing certificate, then the catalogues. */
export function SettingsView() {
  return (
    <>
      <PageHeader title={SETTINGS_MESSAGES.title} subtitle={SETTINGS_MESSAGES.subtitle} />
      <VerifyAddressNotice />
      <CompanySection />
      <SigningSection />
      <PestsSection />
    </>
  );
}
