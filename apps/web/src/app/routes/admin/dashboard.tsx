import { ActionsSummary } from '../../../features/actions/components/actions-summary';
import { CompliancePanel } from '../../../features/reports/components/compliance-panel';

export default function DashboardRoute() {
  return (
    <>
      <CompliancePanel />
      <ActionsSummary />
    </>
  );
}
