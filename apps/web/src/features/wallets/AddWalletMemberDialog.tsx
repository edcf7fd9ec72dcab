import { Button, Group, Modal, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { WALLET_MEMBER_ROLES, type WalletMemberRole } from '@vaultline/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ErrorAlert';
import { notifySuccess } from '../../components/notify';
import { toApiError } from '../../lib/error-reader';
import { useAddWalletMember, useOrganizationMembers } from './api';

export interface AddWalletMemberDialogProps {
  walletId: string;
  opened: boolean;
  onClose: () => void;
  /** Organization members already in the wallet: not offered again. */
  existing: readonly string[];
}

/** Adds a joined member of the organization to a wallet as a member or a manager. */
export function AddWalletMemberDialog(props: AddWalletMemberDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t('walletMembers.addTitle')}
      centered
      radius="lg"
      data-testid="wallet-member-dialog"
    >
      {props.opened ? <AddForm {...props} /> : null}
    </Modal>
  );
}

function AddForm({ walletId, onClose, existing }: AddWalletMemberDialogProps) {
  const { t } = useTranslation();
  const choices = useOrganizationMembers();
  const add = useAddWalletMember(walletId);
  const [memberId, setMemberId] = useState<string | null>(null);
  const [role, setRole] = useState<WalletMemberRole>('MEMBER');
  const [missing, setMissing] = useState(false);

  const options = (choices.data?.items ?? [])
    .filter((m) => !existing.includes(m.id))
    .map((m) => ({ value: m.id, label: m.userName ? `${m.userName} · ${m.email}` : m.email }));

  const submit = () => {
    if (!memberId) {
      setMissing(true);
      return;
    }
    add.mutate(
      { memberId, role },
      {
        onSuccess: (added) => {
          notifySuccess(t('walletMembers.added', { name: added.userName || added.email }));
          onClose();
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('walletMembers.addBody')}
        </Text>
        <Select
          label={t('walletMembers.member')}
          placeholder={t('walletMembers.memberPlaceholder')}
          data={options}
          value={memberId}
          onChange={(value) => {
            setMemberId(value);
            setMissing(false);
          }}
          searchable
          withAsterisk
          nothingFoundMessage={t('walletMembers.noCandidates')}
          error={missing ? t('walletMembers.memberRequired') : null}
          data-testid="wallet-member-select"
          data-autofocus
        />
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            {t('walletMembers.columns.role')}
          </Text>
          <SegmentedControl
            fullWidth
            value={role}
            onChange={(value) => setRole(value as WalletMemberRole)}
            data={WALLET_MEMBER_ROLES.map((r) => ({ value: r, label: t(`walletRoles.${r}`) }))}
            data-testid="wallet-member-role-choice"
          />
          <Text size="xs" c="dimmed">
            {t(role === 'MANAGER' ? 'walletMembers.managerRoleHint' : 'walletMembers.memberRoleHint')}
          </Text>
        </Stack>
        {choices.isError ? (
          <ErrorAlert error={toApiError(choices.error)} title={t('walletMembers.loadFailed')} />
        ) : null}
        {add.error ? <ErrorAlert error={add.error} title={t('common.failedTitle')} /> : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={add.isPending} data-testid="wallet-member-submit">
            {t('walletMembers.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
