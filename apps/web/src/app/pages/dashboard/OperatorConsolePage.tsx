import { OperatorRole } from '@vaultline/contracts';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { CONSOLE_TABS, type ConsoleTab, OperatorConsole } from '../../../features/operator/OperatorConsole';
import { useTab } from './use-tab';

/** An operator's console: organizations, workflows, AML history, devnet. */
export function ConsolePage({ role }: { role: string | null }) {
  const { t } = useTranslation();
  const [tab, setTab] = useTab<ConsoleTab>(CONSOLE_TABS);
  const parsed = OperatorRole.safeParse(role);
  return (
    <>
      <PageHeader title={t('operator.title')} description={t('operator.description')} />
      <OperatorConsole role={parsed.success ? parsed.data : null} tab={tab} onTabChange={setTab} />
    </>
  );
}
