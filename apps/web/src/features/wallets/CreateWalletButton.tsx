import { Anchor, Button, Center, Loader, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { RequestView } from '@vaultline/contracts';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PlusIcon } from '../../components/icons';
import { PATHS } from '../../lib/paths';

// The form (its chain choice and rules) is fetched when the dialog opens.
const CreateWalletForm = lazy(() => import('./CreateWalletForm').then((m) => ({ default: m.CreateWalletForm })));

/** Where a sent request is shown: my requests, with its detail open. */
export function requestLink(requestId: string): string {
  return `${PATHS.approvals}?tab=my-requests&request=${encodeURIComponent(requestId)}`;
}

/**
 * "Create wallet" and its dialog (shown only to holders of WALLETS_CREATION, which the page checks
 * against the server's permissions). Creating a wallet is a request for the approval line.
 */
export function CreateWalletButton({
  organizationId,
  linePreview,
}: {
  organizationId: string | undefined;
  /** Who will decide the request, shown in the form (composed in by the page). */
  linePreview?: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [opened, { open, close }] = useDisclosure(false);

  const sent = (request: RequestView) => {
    close();
    const id = `wallet-request-${request.id}`;
    notifications.show({
      id,
      color: 'teal',
      withBorder: true,
      autoClose: 10_000,
      title: t('walletCreate.sentTitle'),
      message: (
        <Stack gap={4} data-testid="wallet-request-sent">
          <Text size="sm">
            {t('walletCreate.sentBody', {
              name: request.content.kind === 'WALLET_CREATION' ? request.content.name : '',
            })}
          </Text>
          <Anchor
            component="button"
            type="button"
            size="sm"
            fw={600}
            ta="left"
            onClick={() => {
              notifications.hide(id);
              navigate(requestLink(request.id));
            }}
            data-testid="wallet-request-link"
          >
            {t('walletCreate.viewRequest')}
          </Anchor>
        </Stack>
      ),
    });
  };

  return (
    <>
      <Button leftSection={<PlusIcon size={16} />} onClick={open} data-testid="create-wallet">
        {t('wallets.create')}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={
          <Text fw={700} fz="lg">
            {t('walletCreate.title')}
          </Text>
        }
        centered
        radius="lg"
        size="lg"
        data-testid="create-wallet-dialog"
      >
        {opened && organizationId ? (
          <Suspense
            fallback={
              <Center py="xl">
                <Loader size="sm" />
              </Center>
            }
          >
            <CreateWalletForm
              organizationId={organizationId}
              onCancel={close}
              onSent={sent}
              linePreview={linePreview}
            />
          </Suspense>
        ) : null}
      </Modal>
    </>
  );
}
