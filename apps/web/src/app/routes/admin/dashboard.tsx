import { ActionsSummary } from '../../../features/actions/components/actions-summary';
import { CompliancePanel } from '../../../features/reports/components/compliance-panel';
import { TrendsPanel } from '../../../features/trends/components/trends-panel';

export default function DashboardRoute() {
  return (
    <>
      <CompliancePanel />
      <ActionsSummary />
      <TrendsPanel />
    </>
  );
}
