import { DashboardPlaceholder } from './DashboardPlaceholder';

export function StakingPage() {
  return <DashboardPlaceholder section="staking" />;
}
