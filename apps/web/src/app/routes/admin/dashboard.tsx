import { ActionsSummary } from '../../../features/actions/components/actions-summary';
import { AssessmentsDuePanel } from '../../../features/assessments/components/assessments-due-panel';
import { AuditPackPanel } from '../../../features/audit-pack/components/audit-pack-panel';
import { ProgrammeCoverageSummary } from '../../../features/programmes/components/programme-coverage-summary';
import { CompliancePanel } from '../../../features/reports/components/compliance-panel';
import { RemindersPanel } from '../../../features/reports/components/reminders-panel';
import { OpenSightingsPanel } from '../../../features/sightings/components/open-sightings-panel';
import { useSites } from '../../../features/sites/api/get-sites';
import { TrendsPanel } from '../../../features/trends/components/trends-panel';

export default function DashboardRoute() {
  const sites = useSites();
  return (
    <>
      <CompliancePanel />
      {/* What the plants reported comes first after the figures: each one is an open action to see to. */}
      <OpenSightingsPanel actionPath={(actionId) => `/admin/actions/${actionId}`} />
      <ProgrammeCoverageSummary
        sites={sites.data}
        sitesFailed={sites.isError && !sites.data}
        sitePath={(siteId) => `/admin/sites/${siteId}`}
      />
      <RemindersPanel />
      <ActionsSummary />
      <AssessmentsDuePanel sitePath={(siteId) => `/admin/sites/${siteId}`} />
      <AuditPackPanel sites={sites.data} sitesFailed={sites.isError && !sites.data} />
      <TrendsPanel />
    </>
  );
}
