import { type Blockchain, OperatorRole } from '@vaultline/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { AddressBookPanel } from '../../../features/address-book/AddressBookPanel';
import { CONSOLE_TABS, type ConsoleTab, OperatorConsole } from '../../../features/operator/OperatorConsole';
import {
  ORGANIZATION_TABS,
  OrganizationManagement,
  type OrganizationTab,
} from '../../../features/organization/OrganizationManagement';
import { useSession } from '../../../features/session/SessionProvider';
import { WalletList } from '../../../features/wallets/WalletList';

/** The tab named in `?tab=`, or the first one. */
function useTab<T extends string>(tabs: readonly T[]): [T, (tab: T) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get('tab');
  const tab = tabs.includes(value as T) ? (value as T) : (tabs[0] as T);
  const change = (next: T) =>
    setParams(
      (current) => {
        const search = new URLSearchParams(current);
        if (next === tabs[0]) search.delete('tab');
        else search.set('tab', next);
        return search;
      },
      { replace: true },
    );
  return [tab, change];
}

/** Organization management for members; the operator console for the provider's operators. */
export function OrganizationPage() {
  const { me } = useSession();
  return me.kind === 'OPERATOR' ? <ConsolePage role={me.operatorRole} /> : <ManagementPage />;
}

function ManagementPage() {
  const { t } = useTranslation();
  const { me } = useSession();
  const [tab, setTab] = useTab<OrganizationTab>(ORGANIZATION_TABS);
  // The network filter stays on this tab (the wallets page keeps it in its path instead).
  const [blockchain, setBlockchain] = useState<Blockchain | null>(null);
  return (
    <>
      <PageHeader title={t('organization.title')} description={t('organization.description')} />
      <OrganizationManagement
        meId={me.id}
        tab={tab}
        onTabChange={setTab}
        walletsPanel={
          <WalletList
            blockchain={blockchain}
            onBlockchainChange={setBlockchain}
            partialBeforeAnswer={!me.permissions.includes('WALLETS_VIEW')}
            canCreate={me.permissions.includes('WALLETS_CREATION')}
          />
        }
        addressBookPanel={(myPermissions) =>
          me.organization ? (
            <AddressBookPanel organizationId={me.organization.id} myPermissions={myPermissions} />
          ) : null
        }
      />
    </>
  );
}

function ConsolePage({ role }: { role: string | null }) {
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
