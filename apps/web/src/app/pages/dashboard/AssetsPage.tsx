import { DashboardPlaceholder } from './DashboardPlaceholder';

export function AssetsPage() {
  return <DashboardPlaceholder section="assets" />;
}
