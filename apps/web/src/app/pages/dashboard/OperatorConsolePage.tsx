import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { useSigningQueue } from '../../../features/cold-signing/api';
import { useOrganizationChoices } from '../../../features/operator/api';
import { CONSOLE_TABS, type ConsoleTab, OperatorConsole } from '../../../features/operator/OperatorConsole';
import { operatorRoleOf } from '../../../lib/enum-guards';
import { useTab } from './use-tab';

// The signing queue (with its QR codes and readers) is fetched when its tab is first opened.
const SigningQueuePanel = lazy(() =>
  import('../../../features/cold-signing/SigningQueuePanel').then((m) => ({ default: m.SigningQueuePanel })),
);

// The audit log (with its date picker) is fetched when its tab is first opened.
const AuditLogPanel = lazy(() =>
  import('../../../features/audit/AuditLogPanel').then((m) => ({ default: m.AuditLogPanel })),
);

/** An operator's console: organizations, workflows, AML history, the audit log, devnet. */
export function ConsolePage({ role }: { role: string | null }) {
  const { t } = useTranslation();
  const [tab, setTab] = useTab<ConsoleTab>(CONSOLE_TABS);
  const organizations = useOrganizationChoices(tab === 'audit');
  // Operators who may sign see the queue; for the others it answers 403 and the tab stays hidden.
  const queue = useSigningQueue();
  return (
    <>
      <PageHeader title={t('operator.title')} description={t('operator.description')} />
      <OperatorConsole
        role={operatorRoleOf(role)}
        tab={tab}
        onTabChange={setTab}
        signing={
          queue.isSuccess
            ? {
                panel: (
                  <Suspense fallback={null}>
                    <SigningQueuePanel />
                  </Suspense>
                ),
                waiting: queue.data.total,
              }
            : undefined
        }
        auditPanel={
          <Suspense fallback={null}>
            <AuditLogPanel
              scope="operator"
              organizations={(organizations.data?.items ?? []).map((o) => ({ value: o.id, label: o.name }))}
            />
          </Suspense>
        }
      />
    </>
  );
}
