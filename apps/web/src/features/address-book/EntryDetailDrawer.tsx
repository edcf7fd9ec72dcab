import { Badge, Button, Divider, Group, SimpleGrid, Stack, Text, Timeline, Title } from '@mantine/core';
import { type AddressBookDetail, errorMessage } from '@vaultline/contracts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyValueButton } from '../../components/chain-ui';
import { DetailDrawer } from '../../components/DetailDrawer';
import { ErrorAlert } from '../../components/ErrorAlert';
import { AlertIcon, ClockIcon, InfoIcon, LockIcon, RefreshIcon, TrashIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import { notifySuccess } from '../../components/notify';
import { OtpConfirmDialog } from '../../components/OtpConfirmDialog';
import { useAppLanguage } from '../../i18n/useAppLanguage';
import { formatDateTime } from '../../lib/dates';
import { StateBadge, TokenMark } from './address-book-ui';
import { useAddressBookDetail, useDeleteEntry, useVerifyEntry } from './api';
import { canDelete, canVerifyAgain, isExpired } from './entry-rules';

export interface EntryActions {
  /** ADDRESS_BOOK_UPDATE: verify a failed or expired exchange entry again. */
  verify: boolean;
  /** ADDRESS_BOOK_DELETION: delete with a fresh authenticator code. */
  remove: boolean;
}

export interface EntryDetailDrawerProps {
  addressBookId: string | null;
  onClose: () => void;
  actions: EntryActions;
}

/** One entry: its destination, its receiver (whole where the server gives it), its verifications, and actions. */
export function EntryDetailDrawer({ addressBookId, onClose, actions }: EntryDetailDrawerProps) {
  const { t } = useTranslation();
  const detail = useAddressBookDetail(addressBookId);
  return (
    <DetailDrawer
      opened={!!addressBookId}
      onClose={onClose}
      size={600}
      padding="lg"
      title={t('addressBook.detail.title')}
      testId="entry-drawer"
      detail={detail}
      errorTitle={t('addressBook.detail.loadFailed')}
    >
      {(entry) => <EntryDetail entry={entry} actions={actions} onDeleted={onClose} />}
    </DetailDrawer>
  );
}

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={2} data-testid={testId} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      {typeof children === 'string' ? <Text size="sm">{children}</Text> : children}
    </Stack>
  );
}

function EntryDetail({
  entry,
  actions,
  onDeleted,
}: {
  entry: AddressBookDetail;
  actions: EntryActions;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const lang = useAppLanguage();
  const verify = useVerifyEntry();
  const remove = useDeleteEntry();
  const corporation = entry.receiverType === 'CORPORATION';
  const receiver = entry.receiver;
  const none = t('addressBook.detail.none');
  const expired = isExpired(entry);

  const verifyAgain = () =>
    verify.mutate(entry.id, {
      onSuccess: () => notifySuccess(t('addressBook.detail.verifySent', { vasp: entry.vasp?.name ?? '' })),
    });

  const receiverFacts: [string, string | null, string][] = [
    [t(corporation ? 'addressBook.fields.companyKo' : 'addressBook.fields.nameKo'), receiver.nameKo, 'nameKo'],
    [t(corporation ? 'addressBook.fields.companyEn' : 'addressBook.fields.nameEn'), receiver.nameEn, 'nameEn'],
    ...(corporation
      ? ([
          [t('addressBook.fields.representativeNameKo'), receiver.representativeNameKo, 'representativeNameKo'],
          [t('addressBook.fields.representativeNameEn'), receiver.representativeNameEn, 'representativeNameEn'],
          [t('addressBook.fields.incorporationDate'), receiver.incorporationDate, 'incorporationDate'],
        ] as [string, string | null, string][])
      : ([[t('addressBook.fields.birthday'), receiver.birthday, 'birthday']] as [string, string | null, string][])),
    // An exchange entry never asks the receiver's contact details: shown only when it has them.
    ...((entry.walletType === 'PERSONAL' || receiver.address || receiver.phone
      ? [
          [t('addressBook.fields.receiverAddress'), receiver.address, 'address'],
          [t('addressBook.fields.phone'), receiver.phone, 'phone'],
        ]
      : []) as [string, string | null, string][]),
  ];

  return (
    <Stack gap="lg" data-testid="entry-detail" data-entry-id={entry.id} data-state={entry.state}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} fz="xl" data-testid="entry-name">
            {entry.name}
          </Title>
          <StateBadge state={entry.state} size="md" />
        </Group>
        <TokenMark tokenId={entry.tokenId} blockchain={entry.blockchain} size={36} />
      </Stack>

      {entry.state === 'VERIFYING' ? (
        <Notice color="yellow" icon={ClockIcon} testId="entry-verifying-notice">
          <Text size="sm">{t('addressBook.detail.verifyingNotice')}</Text>
        </Notice>
      ) : entry.state === 'FAILED' ? (
        <Notice color="red" icon={AlertIcon} testId="entry-failed-notice">
          <Text size="sm">{t('addressBook.detail.failedNotice')}</Text>
          {entry.verification?.code ? (
            <Text size="sm" fw={600} mt={4} data-testid="entry-failure-reason">
              {errorMessage(entry.verification.code, lang)}
            </Text>
          ) : null}
        </Notice>
      ) : entry.state === 'DELETED' ? (
        <Notice color="gray" icon={InfoIcon}>
          <Text size="sm">{t('addressBook.detail.deletedNotice')}</Text>
        </Notice>
      ) : expired ? (
        <Notice color="orange" icon={ClockIcon} testId="entry-expired-notice">
          <Text size="sm">{t('addressBook.detail.expiredNotice')}</Text>
        </Notice>
      ) : null}

      <Stack gap="sm">
        <Fact label={t('addressBook.detail.address')} testId="entry-address">
          <Group gap={4} wrap="nowrap" align="flex-start">
            <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
              {entry.address}
            </Text>
            <CopyValueButton value={entry.address} label={t('addressBook.copyAddress')} />
          </Group>
        </Fact>
        <SimpleGrid cols={2} spacing="md" verticalSpacing="sm">
          {entry.memo ? <Fact label={t('addressBook.detail.memo')}>{entry.memo}</Fact> : null}
          <Fact label={t('addressBook.detail.walletType')} testId="entry-wallet-type">
            {t(`addressBook.walletTypes.${entry.walletType}`)}
          </Fact>
          {entry.vasp ? (
            <Fact label={t('addressBook.detail.vasp')} testId="entry-vasp">
              {entry.vasp.name}
            </Fact>
          ) : null}
          <Fact label={t('addressBook.detail.created')}>
            <Text size="sm">{formatDateTime(entry.createdAt)}</Text>
            {entry.createdBy ? (
              <Text size="xs" c="dimmed">
                {entry.createdBy.userName}
              </Text>
            ) : null}
          </Fact>
          {entry.deletedAt ? (
            <Fact label={t('addressBook.detail.deletedAt')}>{formatDateTime(entry.deletedAt)}</Fact>
          ) : null}
        </SimpleGrid>
      </Stack>

      <Divider />
      <Stack gap="sm" data-testid="entry-receiver">
        <Group justify="space-between">
          <Text size="sm" fw={700}>
            {t('addressBook.detail.receiver')}
          </Text>
          <Badge variant="light" color="gray" radius="sm" tt="none">
            {t(`addressBook.receiverTypes.${entry.receiverType}`)}
          </Badge>
        </Group>
        {receiver.masked ? (
          <Notice color="gray" icon={LockIcon} py={8} testId="entry-masked">
            <Text size="xs">{t('addressBook.detail.masked')}</Text>
          </Notice>
        ) : null}
        <SimpleGrid cols={2} spacing="md" verticalSpacing="sm">
          {receiverFacts.map(([label, value, id]) => (
            <Fact key={id} label={label} testId={`receiver-${id}`}>
              {value || none}
            </Fact>
          ))}
        </SimpleGrid>
      </Stack>

      <Divider />
      <Stack gap="sm" data-testid="entry-verifications">
        <Text size="sm" fw={700}>
          {t('addressBook.detail.verificationsTitle')}
        </Text>
        {entry.walletType === 'PERSONAL' ? (
          <Text size="sm" c="dimmed">
            {t('addressBook.detail.noVerifications')}
          </Text>
        ) : entry.verifications.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('addressBook.detail.noVerificationsYet')}
          </Text>
        ) : (
          <Timeline bulletSize={18} lineWidth={2} active={entry.verifications.length - 1}>
            {entry.verifications.map((v) => {
              const color = v.status === 'APPROVED' ? 'teal' : v.status === 'REJECTED' ? 'red' : 'yellow';
              const lapsed = v.status === 'APPROVED' && !!v.expiresAt && new Date(v.expiresAt) <= new Date();
              return (
                <Timeline.Item
                  key={v.id}
                  color={color}
                  bullet={<span />}
                  data-testid="verification-item"
                  data-status={v.status}
                  title={
                    <Group gap="xs">
                      <Badge color={color} variant="light" radius="sm" tt="none" size="sm">
                        {t(`addressBook.detail.verificationStatus.${v.status}`)}
                      </Badge>
                      {lapsed ? (
                        <Badge color="orange" variant="outline" radius="sm" tt="none" size="sm">
                          {t('addressBook.detail.expired')}
                        </Badge>
                      ) : null}
                    </Group>
                  }
                >
                  {v.code ? (
                    <Text size="sm" mt={4} data-testid="verification-reason">
                      {errorMessage(v.code, lang)}{' '}
                      <Text span size="xs" c="dimmed">
                        ({t('addressBook.detail.failureCode', { code: v.code })})
                      </Text>
                    </Text>
                  ) : null}
                  <Text size="xs" c="dimmed" mt={2}>
                    {t('addressBook.detail.requestedAt', { date: formatDateTime(v.requestedAt) })}
                    {v.answeredAt
                      ? ` · ${t('addressBook.detail.answeredAt', { date: formatDateTime(v.answeredAt) })}`
                      : ''}
                  </Text>
                  {v.expiresAt && v.status === 'APPROVED' ? (
                    <Text size="xs" c={lapsed ? 'orange.8' : 'dimmed'}>
                      {lapsed
                        ? t('addressBook.detail.expiredAt', { date: formatDateTime(v.expiresAt) })
                        : t('addressBook.detail.expiresAt', { date: formatDateTime(v.expiresAt) })}
                    </Text>
                  ) : null}
                </Timeline.Item>
              );
            })}
          </Timeline>
        )}
      </Stack>

      {verify.error ? <ErrorAlert error={verify.error} title={t('addressBook.detail.verifyFailedTitle')} /> : null}
      {(actions.verify && canVerifyAgain(entry)) || (actions.remove && canDelete(entry)) ? (
        <>
          <Divider />
          <Group justify="flex-end" gap="sm">
            {actions.verify && canVerifyAgain(entry) ? (
              <Button
                variant="light"
                leftSection={<RefreshIcon size={16} />}
                onClick={verifyAgain}
                loading={verify.isPending}
                data-testid="entry-verify"
              >
                {t('addressBook.actions.verify')}
              </Button>
            ) : null}
            {actions.remove && canDelete(entry) ? (
              <DeleteButton entry={entry} onDeleted={onDeleted} remove={remove} />
            ) : null}
          </Group>
        </>
      ) : null}
    </Stack>
  );
}

function DeleteButton({
  entry,
  onDeleted,
  remove,
}: {
  entry: AddressBookDetail;
  onDeleted: () => void;
  remove: ReturnType<typeof useDeleteEntry>;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        color="red"
        variant="light"
        leftSection={<TrashIcon size={16} />}
        onClick={() => {
          remove.reset();
          setOpened(true);
        }}
        data-testid="entry-delete"
      >
        {t('addressBook.actions.delete')}
      </Button>
      <OtpConfirmDialog
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('addressBook.detail.deleteTitle')}
        confirmLabel={t('addressBook.actions.delete')}
        pending={remove.isPending}
        error={remove.error}
        testId="entry-delete-dialog"
        onConfirm={(otpCode) =>
          remove.mutate(
            { addressBookId: entry.id, otpCode },
            {
              onSuccess: () => {
                notifySuccess(t('addressBook.detail.deleted', { name: entry.name }));
                setOpened(false);
                onDeleted();
              },
            },
          )
        }
      >
        {t('addressBook.detail.deleteBody', { name: entry.name })}
      </OtpConfirmDialog>
    </>
  );
}
