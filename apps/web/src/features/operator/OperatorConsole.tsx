import { Badge } from '@mantine/core';
import { type OperatorRole, operatorCan } from '@vaultline/contracts';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ChainIcon, FlowIcon, KeyIcon, OrganizationIcon, ShieldIcon } from '../../components/icons';
import { PageTabs } from '../../components/PageTabs';
import { AmlHistoryPanel } from './AmlHistoryPanel';
import { useDevnetStatus, usePendingWorkflowCount } from './api';
import { OrganizationsPanel } from './OrganizationsPanel';
import { WorkflowsPanel } from './WorkflowsPanel';

// The devnet's tab (a development tool, with its deposit form's schemas) is fetched when it is first shown.
const DevnetPanel = lazy(() => import('./DevnetPanel').then((m) => ({ default: m.DevnetPanel })));

export const CONSOLE_TABS = ['organizations', 'workflows', 'signing', 'aml', 'audit', 'devnet'] as const;
export type ConsoleTab = (typeof CONSOLE_TABS)[number];

export interface OperatorConsoleProps {
  role: OperatorRole | null;
  tab: ConsoleTab;
  onTabChange: (tab: ConsoleTab) => void;
  /** The audit log of every organization; another feature's, so the page hands it in. */
  auditPanel: ReactNode;
  /** The cold-signing queue (another feature's), for operators who may sign; its tab shows only then. */
  signing?: { panel: ReactNode; waiting: number };
}

/** The provider's console: organizations under custody, the workflows that change them, AML history. */
export function OperatorConsole({ role, tab, onTabChange, auditPanel, signing }: OperatorConsoleProps) {
  const { t } = useTranslation();
  const pending = usePendingWorkflowCount();
  // The devnet exists outside production only: its tab shows once its status answers.
  const devnet = useDevnetStatus();
  return (
    <PageTabs
      value={tab}
      onChange={onTabChange}
      tabs={[
        {
          value: 'organizations',
          label: t('operator.tabs.organizations'),
          icon: OrganizationIcon,
          testId: 'tab-organizations',
          panel: <OrganizationsPanel canPropose={operatorCan(role, 'createWorkflow')} />,
        },
        {
          value: 'workflows',
          label: t('operator.tabs.workflows'),
          icon: FlowIcon,
          testId: 'tab-workflows',
          badge: pending.data ? (
            <Badge size="sm" color="red" radius="xl" data-testid="pending-workflows">
              {pending.data}
            </Badge>
          ) : null,
          panel: <WorkflowsPanel />,
        },
        {
          value: 'signing',
          label: t('coldSigning.tab'),
          icon: KeyIcon,
          testId: 'tab-signing',
          hideTab: !signing,
          badge: signing?.waiting ? (
            <Badge size="sm" color="red" radius="xl" data-testid="signing-waiting">
              {signing.waiting}
            </Badge>
          ) : null,
          panel: signing?.panel ?? null,
        },
        {
          value: 'aml',
          label: t('operator.tabs.aml'),
          icon: ShieldIcon,
          testId: 'tab-aml',
          panel: <AmlHistoryPanel />,
        },
        {
          value: 'audit',
          label: t('audit.tab'),
          icon: ShieldIcon,
          testId: 'tab-audit',
          panel: auditPanel,
        },
        {
          value: 'devnet',
          label: t('devnet.tab'),
          icon: ChainIcon,
          testId: 'tab-devnet',
          hideTab: !devnet.isSuccess,
          panel: (
            <Suspense fallback={null}>
              <DevnetPanel />
            </Suspense>
          ),
        },
      ]}
    />
  );
}
