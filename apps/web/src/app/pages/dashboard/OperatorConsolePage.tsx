import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { CONSOLE_TABS, type ConsoleTab, OperatorConsole } from '../../../features/operator/OperatorConsole';
import { operatorRoleOf } from '../../../lib/enum-guards';
import { useTab } from './use-tab';

/** An operator's console: organizations, workflows, AML history, devnet. */
export function ConsolePage({ role }: { role: string | null }) {
  const { t } = useTranslation();
  const [tab, setTab] = useTab<ConsoleTab>(CONSOLE_TABS);
  return (
    <>
      <PageHeader title={t('operator.title')} description={t('operator.description')} />
      <OperatorConsole role={operatorRoleOf(role)} tab={tab} onTabChange={setTab} />
    </>
  );
}
