import { MultiSelect, TextInput } from '@mantine/core';
import { textSchema } from '@vaultline/contracts';
import { useTranslation } from 'react-i18next';
import { DialogForm, FormModal } from '../../components/DialogForm';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormFooter } from '../../components/FormFooter';
import { notifySuccess } from '../../components/notify';
import { useAppLanguage } from '../../i18n/useAppLanguage';
import { useContractForm } from '../../lib/contract-form';
import { toApiError } from '../../lib/error-reader';
import { type Group as MemberGroup, useCreateGroup, useMemberChoices, useUpdateGroup } from './api';
import { memberName } from './MemberRow';

export interface GroupFormDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The group to rename or change; a new group when absent. */
  group: MemberGroup | null;
  /** Whether the caller may set permissions (MANAGEMENT_PERMISSION_SETTINGS or OWNER). */
  canSetPermissions: boolean;
}

export const GROUP_NAME_MAX = 100;

/** Create a group, or rename one and change its members. */
export function GroupFormDialog(props: GroupFormDialogProps) {
  const { t } = useTranslation();
  return (
    <FormModal
      opened={props.opened}
      onClose={props.onClose}
      title={props.group ? t('groups.editTitle') : t('groups.createTitle')}
      size="lg"
      testId="group-dialog"
    >
      <GroupForm key={props.group?.id ?? 'new'} {...props} />
    </FormModal>
  );
}

type GroupValues = {
  name: string;
  memberIds: string[];
};

function GroupForm({ group, onClose, canSetPermissions }: GroupFormDialogProps) {
  // Joining or leaving a group that carries permissions grants or takes them: the server allows it only to
  // those who may set permissions, so the member list is locked for anyone else.
  const membersLocked = !!group && group.permissions.length > 0 && !canSetPermissions;
  const { t } = useTranslation();
  const lang = useAppLanguage();
  const choices = useMemberChoices(true);
  const create = useCreateGroup();
  const update = useUpdateGroup();
  const mutation = group ? update : create;
  const form = useContractForm<GroupValues>({
    initialValues: { name: group?.name ?? '', memberIds: group?.members.map((m) => m.id) ?? [] },
    rules: { name: textSchema },
  });

  const options = (choices.data?.items ?? []).map((m) => ({
    value: m.id,
    label: `${memberName(m) || m.email} · ${m.email}${m.displayStatus === 'invited' ? ` (${t('members.status.invited')})` : ''}`,
  }));
  // Members of the group the first page of choices did not include stay selectable.
  for (const m of group?.members ?? []) {
    if (!options.some((o) => o.value === m.id))
      options.push({ value: m.id, label: `${m.userName || m.email} · ${m.email}` });
  }

  const onError = (error: NonNullable<typeof mutation.error>) => {
    if (error.code === '4100') form.setFieldError('name', error.messageIn(lang));
  };

  const submit = form.onSubmit((values) => {
    const name = values.name.trim();
    if (!group) {
      create.mutate(
        { name, memberIds: values.memberIds },
        {
          onSuccess: () => {
            notifySuccess(t('groups.created', { name }));
            onClose();
          },
          onError,
        },
      );
      return;
    }
    const before = group.members.map((m) => m.id);
    const membersChanged =
      before.length !== values.memberIds.length || before.some((id) => !values.memberIds.includes(id));
    update.mutate(
      {
        groupId: group.id,
        ...(name !== group.name ? { name } : {}),
        ...(membersChanged ? { memberIds: values.memberIds } : {}),
      },
      {
        onSuccess: () => {
          notifySuccess(t('groups.updated', { name }));
          onClose();
        },
        onError,
      },
    );
  });

  const error = mutation.error && mutation.error.code !== '4100' ? mutation.error : null;

  return (
    <DialogForm onSubmit={submit}>
      <TextInput
        label={t('groups.name')}
        placeholder={t('groups.namePlaceholder')}
        withAsterisk
        maxLength={GROUP_NAME_MAX}
        data-autofocus
        data-testid="group-name"
        {...form.getInputProps('name')}
      />
      <MultiSelect
        label={t('groups.members')}
        description={membersLocked ? t('groups.membersLocked') : t('groups.membersHint')}
        disabled={membersLocked}
        placeholder={t('groups.membersPlaceholder')}
        data={options}
        searchable
        clearable
        hidePickedOptions
        nothingFoundMessage={t('groups.noMemberFound')}
        data-testid="group-members"
        {...form.getInputProps('memberIds')}
      />
      {choices.isError ? <ErrorAlert error={toApiError(choices.error)} title={t('members.loadFailed')} /> : null}
      <FormFooter
        error={error}
        onCancel={onClose}
        submitLabel={group ? t('common.save') : t('groups.create')}
        pending={mutation.isPending}
        submitTestId="group-submit"
      />
    </DialogForm>
  );
}
