import { SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { WALLET_MEMBER_ROLES, type WalletMemberRole } from '@vaultline/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogForm, FormModal } from '../../components/DialogForm';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormFooter } from '../../components/FormFooter';
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
    <FormModal
      opened={props.opened}
      onClose={props.onClose}
      title={t('walletMembers.addTitle')}
      testId="wallet-member-dialog"
    >
      <AddForm {...props} />
    </FormModal>
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
    <DialogForm onSubmit={submit} intro={t('walletMembers.addBody')}>
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
      {choices.isError ? <ErrorAlert error={toApiError(choices.error)} title={t('walletMembers.loadFailed')} /> : null}
      <FormFooter
        error={add.error}
        onCancel={onClose}
        submitLabel={t('walletMembers.add')}
        pending={add.isPending}
        submitTestId="wallet-member-submit"
      />
    </DialogForm>
  );
}
