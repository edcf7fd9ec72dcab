import { useSession } from '../../../features/session/SessionProvider';
import { PartialHoldingsNotice } from '../../../features/wallets/PartialHoldingsNotice';
import { DashboardPlaceholder } from './DashboardPlaceholder';

export function AssetsPage() {
  const { me } = useSession();
  return (
    <DashboardPlaceholder section="assets">
      {me.permissions.includes('WALLETS_VIEW') ? null : <PartialHoldingsNotice />}
    </DashboardPlaceholder>
  );
}
