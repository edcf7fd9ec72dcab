import { Avatar, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { WALLET_MEMBER_ROLES, type Wallet, type WalletMemberRole } from '@vaultline/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RoleBadge } from '../../components/chain-ui';
import { confirmAction } from '../../components/confirm';
import { DataTable } from '../../components/DataTable';
import { PlusIcon, TrashIcon, UsersIcon } from '../../components/icons';
import { ListPanel } from '../../components/ListPanel';
import { notifyError, notifyOutcome, notifySuccess } from '../../components/notify';
import { PanelHeader } from '../../components/PanelHeader';
import { RowAction } from '../../components/RowAction';
import { formatDate } from '../../lib/dates';
import { AddWalletMemberDialog } from './AddWalletMemberDialog';
import { useRemoveWalletMember, useUpdateWalletMember, useWalletMembers, type WalletMember } from './api';

export interface WalletMembersPanelProps {
  wallet: Wallet;
  /** Add, change and remove members: the wallet's managers (the server decides, `myRole`). */
  canManage: boolean;
  /** The signed-in member, marked "me" in the list. */
  myMemberId: string;
}

/** Who belongs to a wallet and in which role; managers add members, change roles and remove them. */
export function WalletMembersPanel({ wallet, canManage, myMemberId }: WalletMembersPanelProps) {
  const { t } = useTranslation();
  const members = useWalletMembers(wallet.id);
  const update = useUpdateWalletMember(wallet.id);
  const remove = useRemoveWalletMember(wallet.id);
  const [adding, setAdding] = useState(false);

  const changeRole = (member: WalletMember, role: WalletMemberRole) => {
    update.mutate(
      { walletMemberId: member.id, role },
      {
        onSuccess: () => notifySuccess(t('walletMembers.roleChanged', { name: member.userName || member.email })),
        onError: (error) => notifyError(t('walletMembers.roleChangeFailed'), error),
      },
    );
  };

  const confirmRemove = (member: WalletMember) =>
    confirmAction({
      title: t('walletMembers.removeTitle'),
      body: t('walletMembers.removeBody', { name: member.userName || member.email, wallet: wallet.name }),
      confirmLabel: t('walletMembers.remove'),
      color: 'red',
      confirmTestId: 'wallet-member-remove-confirm',
      onConfirm: () =>
        remove.mutate(
          member.id,
          notifyOutcome(
            t('walletMembers.removed', { name: member.userName || member.email }),
            t('walletMembers.removeFailed'),
          ),
        ),
    });

  const items = members.data?.items ?? [];

  return (
    <>
      <ListPanel
        testId="wallet-members"
        header={
          <PanelHeader
            title={t('walletMembers.title')}
            description={canManage ? t('walletMembers.managerHint') : t('walletMembers.viewerHint')}
          >
            {canManage ? (
              <Button
                variant="light"
                leftSection={<PlusIcon size={16} />}
                onClick={() => setAdding(true)}
                data-testid="wallet-member-add"
              >
                {t('walletMembers.add')}
              </Button>
            ) : null}
          </PanelHeader>
        }
        query={members}
        errorTitle={t('walletMembers.loadFailed')}
        empty={{
          icon: <UsersIcon size={26} />,
          title: t('walletMembers.emptyTitle'),
          description: t('walletMembers.emptyBody'),
        }}
      >
        {() => (
          <DataTable
            minWidth={620}
            highlightOnHover={false}
            columns={[
              t('walletMembers.columns.member'),
              { label: t('walletMembers.columns.role'), w: 200 },
              { label: t('walletMembers.columns.added'), w: 140 },
              canManage ? { w: 60 } : null,
            ]}
          >
            {items.map((member) => (
              <Table.Tr key={member.id} data-testid="wallet-member-row" data-email={member.email}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <Avatar size={32} radius="xl" color="indigo" variant="light">
                      {(member.userName || member.email).slice(0, 1).toUpperCase()}
                    </Avatar>
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Group gap={6} wrap="nowrap">
                        <Text size="sm" fw={600} truncate="end">
                          {member.userName || member.email}
                        </Text>
                        {member.memberId === myMemberId ? (
                          <Text size="xs" c="indigo.7" fw={600}>
                            {t('walletMembers.you')}
                          </Text>
                        ) : null}
                      </Group>
                      <Text size="xs" c="dimmed" truncate="end">
                        {member.email}
                      </Text>
                    </Stack>
                  </Group>
                </Table.Td>
                <Table.Td>
                  {canManage ? (
                    <Select
                      size="xs"
                      w={170}
                      allowDeselect={false}
                      aria-label={t('walletMembers.roleOf', { name: member.userName || member.email })}
                      data={WALLET_MEMBER_ROLES.map((role) => ({ value: role, label: t(`walletRoles.${role}`) }))}
                      value={member.role}
                      onChange={(value) =>
                        value && value !== member.role && changeRole(member, value as WalletMemberRole)
                      }
                      disabled={update.isPending}
                      data-testid="wallet-member-role"
                    />
                  ) : (
                    <RoleBadge role={member.role} testId="wallet-member-role" />
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {formatDate(member.createdAt)}
                  </Text>
                </Table.Td>
                {canManage ? (
                  <Table.Td>
                    <RowAction
                      label={t('walletMembers.remove')}
                      testId="wallet-member-remove"
                      color="red"
                      onClick={() => confirmRemove(member)}
                      icon={TrashIcon}
                      iconSize={16}
                    />
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </DataTable>
        )}
      </ListPanel>
      <AddWalletMemberDialog
        walletId={wallet.id}
        opened={adding}
        onClose={() => setAdding(false)}
        existing={items.map((m) => m.memberId)}
      />
    </>
  );
}
