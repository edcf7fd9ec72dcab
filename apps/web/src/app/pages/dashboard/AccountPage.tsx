import { DashboardPlaceholder } from './DashboardPlaceholder';

export function AccountPage() {
  return <DashboardPlaceholder section="account" />;
}
