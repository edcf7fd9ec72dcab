import { Badge, Tabs } from '@mantine/core';
import { type OperatorRole, operatorCan } from '@vaultline/contracts';
import { useTranslation } from 'react-i18next';
import { ChainIcon, FlowIcon, OrganizationIcon, ShieldIcon } from '../../components/icons';
import { AmlHistoryPanel } from './AmlHistoryPanel';
import { useDevnetStatus, usePendingWorkflowCount } from './api';
import { DevnetPanel } from './DevnetPanel';
import { OrganizationsPanel } from './OrganizationsPanel';
import { WorkflowsPanel } from './WorkflowsPanel';

export const CONSOLE_TABS = ['organizations', 'workflows', 'aml', 'devnet'] as const;
export type ConsoleTab = (typeof CONSOLE_TABS)[number];

export interface OperatorConsoleProps {
  role: OperatorRole | null;
  tab: ConsoleTab;
  onTabChange: (tab: ConsoleTab) => void;
}

/** The provider's console: organizations under custody, the workflows that change them, AML history. */
export function OperatorConsole({ role, tab, onTabChange }: OperatorConsoleProps) {
  const { t } = useTranslation();
  const pending = usePendingWorkflowCount();
  // The devnet exists outside production only: its tab shows once its status answers.
  const devnet = useDevnetStatus();
  return (
    <Tabs value={tab} onChange={(next) => next && onTabChange(next as ConsoleTab)} keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="organizations" leftSection={<OrganizationIcon size={16} />} data-testid="tab-organizations">
          {t('operator.tabs.organizations')}
        </Tabs.Tab>
        <Tabs.Tab
          value="workflows"
          leftSection={<FlowIcon size={16} />}
          rightSection={
            pending.data ? (
              <Badge size="sm" color="red" radius="xl" data-testid="pending-workflows">
                {pending.data}
              </Badge>
            ) : null
          }
          data-testid="tab-workflows"
        >
          {t('operator.tabs.workflows')}
        </Tabs.Tab>
        <Tabs.Tab value="aml" leftSection={<ShieldIcon size={16} />} data-testid="tab-aml">
          {t('operator.tabs.aml')}
        </Tabs.Tab>
        {devnet.isSuccess ? (
          <Tabs.Tab value="devnet" leftSection={<ChainIcon size={16} />} data-testid="tab-devnet">
            {t('devnet.tab')}
          </Tabs.Tab>
        ) : null}
      </Tabs.List>
      <Tabs.Panel value="organizations">
        <OrganizationsPanel canPropose={operatorCan(role, 'createWorkflow')} />
      </Tabs.Panel>
      <Tabs.Panel value="workflows">
        <WorkflowsPanel />
      </Tabs.Panel>
      <Tabs.Panel value="aml">
        <AmlHistoryPanel />
      </Tabs.Panel>
      <Tabs.Panel value="devnet">
        <DevnetPanel />
      </Tabs.Panel>
    </Tabs>
  );
}
