import { Button, Group, MultiSelect, Stack, Text } from '@mantine/core';
import { ASSIGNABLE_PERMISSIONS, type OrganizationPermission } from '@vaultline/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/DialogForm';
import { ErrorAlert } from '../../components/ErrorAlert';
import { MailIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import { notifySuccess } from '../../components/notify';
import type { ApiError } from '../../lib/error-reader';
import { type Group as MemberGroup, useExistingEmails, useInviteMembers } from './api';
import { EmailChipsInput } from './EmailChipsInput';

export interface InviteDialogProps {
  opened: boolean;
  onClose: () => void;
  groups: readonly MemberGroup[];
  /** Whether the caller may hand out permissions (MANAGEMENT_PERMISSION_SETTINGS, from the server). */
  canSetPermissions: boolean;
}

/** The email a refusal (4024 already invited or registered, 4027 another organization's) is about. */
function refusedEmail(error: ApiError | null): string | null {
  const data = error?.data;
  if (typeof data !== 'object' || data === null || !('email' in data)) return null;
  const email = (data as { email: unknown }).email;
  return typeof email === 'string' ? email : null;
}

/** Invite people by email (chips on Enter or Space), optionally into groups and with permissions. */
export function InviteDialog(props: InviteDialogProps) {
  const { t } = useTranslation();
  return (
    <FormModal opened={props.opened} onClose={props.onClose} title={t('invite.title')} size="lg" testId="invite-dialog">
      <InviteForm {...props} />
    </FormModal>
  );
}

function InviteForm({ onClose, groups, canSetPermissions }: InviteDialogProps) {
  const { t } = useTranslation();
  const invite = useInviteMembers();
  const [emails, setEmails] = useState<string[]>([]);
  const [groupIds, setGroupIds] = useState<string[]>([]);
  const [permissions, setPermissions] = useState<OrganizationPermission[]>([]);
  const [missing, setMissing] = useState<string | null>(null);
  const existing = useExistingEmails(emails, true);
  const refused = refusedEmail(invite.error);
  const flagged = [...existing, ...(refused ? [refused] : [])];

  const submit = () => {
    if (emails.length === 0) {
      setMissing(t('invite.noEmails'));
      return;
    }
    if (existing.length > 0) return;
    invite.mutate(
      { emails, groupIds, permissions: canSetPermissions ? permissions : [] },
      {
        onSuccess: (answer) => {
          notifySuccess(t('invite.sent', { count: answer.invited.length }), t('invite.sentTitle'));
          onClose();
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('invite.body')}
      </Text>
      <EmailChipsInput
        label={t('invite.emails')}
        description={t('invite.emailsHint')}
        placeholder={t('invite.emailsPlaceholder')}
        value={emails}
        onChange={(next) => {
          setEmails(next);
          setMissing(null);
          if (invite.error) invite.reset();
        }}
        flagged={flagged}
        error={missing ?? (existing.length > 0 ? t('invite.alreadyThere', { emails: existing.join(', ') }) : null)}
      />
      <MultiSelect
        label={t('invite.groups')}
        description={t('invite.groupsHint')}
        placeholder={groups.length === 0 ? t('invite.noGroups') : t('invite.groupsPlaceholder')}
        // A group that carries permissions grants them: only someone who may set permissions puts people in it.
        data={groups.map((g) => ({
          value: g.id,
          label:
            !canSetPermissions && g.permissions.length > 0 ? `${g.name} (${t('groups.grantsPermissions')})` : g.name,
          disabled: !canSetPermissions && g.permissions.length > 0,
        }))}
        value={groupIds}
        onChange={setGroupIds}
        disabled={groups.length === 0}
        searchable
        clearable
        data-testid="invite-groups"
      />
      {canSetPermissions ? (
        <MultiSelect
          label={t('invite.permissions')}
          description={t('invite.permissionsHint')}
          placeholder={t('invite.permissionsPlaceholder')}
          data={ASSIGNABLE_PERMISSIONS.map((p) => ({ value: p, label: t(`permissions.labels.${p}`) }))}
          value={permissions}
          onChange={(next) => setPermissions(next as OrganizationPermission[])}
          searchable
          clearable
          data-testid="invite-permissions"
        />
      ) : null}
      {invite.error ? (
        <ErrorAlert
          error={invite.error}
          title={refused ? t('invite.refusedTitle', { email: refused }) : t('invite.failedTitle')}
        />
      ) : null}
      <Notice color="gray" icon={MailIcon} py={10}>
        <Text size="xs">{t('invite.validity')}</Text>
      </Notice>
      <Group justify="space-between">
        <Text size="sm" c="dimmed" data-testid="invite-count">
          {t('invite.count', { count: emails.length })}
        </Text>
        <Group gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            onClick={submit}
            loading={invite.isPending}
            disabled={existing.length > 0}
            data-testid="invite-submit"
          >
            {t('invite.submit')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
