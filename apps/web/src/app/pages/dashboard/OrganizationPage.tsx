import { DashboardPlaceholder } from './DashboardPlaceholder';

export function OrganizationPage() {
  return <DashboardPlaceholder section="organization" />;
}
