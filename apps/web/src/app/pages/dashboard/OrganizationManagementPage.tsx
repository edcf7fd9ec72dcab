import type { Blockchain } from '@vaultline/contracts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { AddressBookPanel } from '../../../features/address-book/AddressBookPanel';
import { useMemberChoices } from '../../../features/organization/api';
import {
  ORGANIZATION_TABS,
  OrganizationManagement,
  type OrganizationTab,
} from '../../../features/organization/OrganizationManagement';
import { useSession } from '../../../features/session/SessionProvider';
import { WalletList } from '../../../features/wallets/WalletList';
import { useTab } from './use-tab';

// The audit log (with its date picker) is fetched when its tab is first opened.
const AuditLogPanel = lazy(() =>
  import('../../../features/audit/AuditLogPanel').then((m) => ({ default: m.AuditLogPanel })),
);

/** A member's organization screen: members, groups, wallets, address book, and the audit log for owners. */
export function ManagementPage() {
  const { t } = useTranslation();
  const { me } = useSession();
  const [tab, setTab] = useTab<OrganizationTab>(ORGANIZATION_TABS);
  // The network filter stays on this tab (the wallets page keeps it in its path instead).
  const [blockchain, setBlockchain] = useState<Blockchain | null>(null);
  const owner = me.permissions.includes('OWNER');
  const people = useMemberChoices(owner && tab === 'audit');
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
        auditPanel={
          <Suspense fallback={null}>
            <AuditLogPanel
              scope="organization"
              people={(people.data?.items ?? []).map((m) => ({ value: m.id, label: m.userName || m.email }))}
            />
          </Suspense>
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
