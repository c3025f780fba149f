import { CompliancePanel } from '../../../features/reports/components/compliance-panel';

export default function DashboardRoute() {
  return <CompliancePanel />;
}
