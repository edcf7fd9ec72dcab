import { DashboardPlaceholder } from './DashboardPlaceholder';

export function TokensPage() {
  return <DashboardPlaceholder section="tokens" />;
}
