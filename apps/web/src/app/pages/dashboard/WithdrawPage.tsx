import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { RequestDetailDrawer } from '../../../features/approvals/LazyRequestDetailDrawer';
import { useSession } from '../../../features/session/SessionProvider';
import { WithdrawForm } from '../../../features/withdraw/WithdrawForm';

/** The withdrawal form (`?wallet=` starts from one wallet); a request just made opens in its detail (`?request=`). */
export function WithdrawPage() {
  const { t } = useTranslation();
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
      <PageHeader title={t('dashboard.withdraw.title')} description={t('withdraw.description')} />
      <WithdrawForm
        organizationId={organizationId}
        initialWalletId={params.get('wallet')}
        onCreated={(request) => change('request', request.id)}
      />
      <RequestDetailDrawer
        requestId={params.get('request')}
        organizationId={organizationId}
        onClose={() => change('request', null)}
      />
    </>
  );
}
