import { DashboardPlaceholder } from './DashboardPlaceholder';

export function WithdrawPage() {
  return <DashboardPlaceholder section="withdraw" />;
}
