import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { CreationLineCard } from '../../../features/approvals/CreationLineCard';
import { RequestDetailDrawer } from '../../../features/approvals/LazyRequestDetailDrawer';
import { REQUEST_TAB_SLUGS, RequestsPanel, type RequestTabSlug } from '../../../features/approvals/RequestsPanel';
import { useSession } from '../../../features/session/SessionProvider';

/** Approvals and requests: four tabs, a request's detail in a drawer (`?request=`), the creation line. */
export function ApprovalsPage() {
  const { t } = useTranslation();
  const { me } = useSession();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab') ?? '';
  const tab: RequestTabSlug = requested in REQUEST_TAB_SLUGS ? (requested as RequestTabSlug) : 'pending';
  const requestId = params.get('request');

  const change = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const search = new URLSearchParams(current);
        if (value) search.set(key, value);
        else search.delete(key);
        return search;
      },
      { replace: key === 'tab' },
    );

  return (
    <>
      <PageHeader title={t('dashboard.approvals.title')} description={t('approvals.description')} />
      <Stack gap="lg">
        <CreationLineCard />
        <RequestsPanel
          tab={tab}
          onTabChange={(next) => change('tab', next === 'pending' ? null : next)}
          onOpen={(request) => change('request', request.id)}
        />
      </Stack>
      <RequestDetailDrawer
        requestId={requestId}
        organizationId={me.organization?.id ?? ''}
        onClose={() => change('request', null)}
      />
    </>
  );
}
