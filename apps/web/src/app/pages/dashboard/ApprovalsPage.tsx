import { DashboardPlaceholder } from './DashboardPlaceholder';

export function ApprovalsPage() {
  return <DashboardPlaceholder section="approvals" />;
}
