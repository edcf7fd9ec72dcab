import { useSearchParams } from 'react-router';
import { RequestDetailDrawer } from '../../../features/approvals/LazyRequestDetailDrawer';
import { useSession } from '../../../features/session/SessionProvider';
import { StakingScreen } from '../../../features/staking/StakingScreen';

/**
 * Staking: overview, validators (`?validator=` opens one), positions of a wallet (`?wallet=`), and the stake,
 * unstake and claim requests; a request just made opens in its detail (`?request=`).
 */
export function StakingPage() {
  const { me } = useSession();
  const [params, setParams] = useSearchParams();
  const organizationId = me.organization?.id ?? '';
  const change = (key: string, value: string | null) =>
    setParams((current) => {
      const search = new URLSearchParams(current);
      if (value) search.set(key, value);
      else search.delete(key);
      return search;
    });
  return (
    <>
      <StakingScreen
        walletId={params.get('wallet')}
        validatorId={params.get('validator')}
        onParam={change}
        onRequestCreated={(request) => change('request', request.id)}
      />
      <RequestDetailDrawer
        requestId={params.get('request')}
        organizationId={organizationId}
        onClose={() => change('request', null)}
      />
    </>
  );
}
