import type { Blockchain } from '@vaultline/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { AddressBookPanel } from '../../../features/address-book/AddressBookPanel';
import {
  ORGANIZATION_TABS,
  OrganizationManagement,
  type OrganizationTab,
} from '../../../features/organization/OrganizationManagement';
import { useSession } from '../../../features/session/SessionProvider';
import { WalletList } from '../../../features/wallets/WalletList';
import { useTab } from './use-tab';

/** A member's organization screen: members, groups, wallets, address book. */
export function ManagementPage() {
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
