import { Button, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { PlusIcon } from '../../../components/icons';
import { lazyDialog } from '../../../components/lazy-dialog';
import { PageHeader } from '../../../components/PageHeader';
import { useSession } from '../../../features/session/SessionProvider';
import { NativeCoins } from '../../../features/tokens/NativeCoins';
import { canManageTokens } from '../../../features/tokens/permissions';
import { TokenList } from '../../../features/tokens/TokenList';

// Fetched when first opened.
const AddTokenDialog = lazyDialog(() =>
  import('../../../features/tokens/AddTokenDialog').then((m) => m.AddTokenDialog),
);

/** Token management: the organization's registered tokens and the always-supported native coins. */
export function TokensPage() {
  const { t } = useTranslation();
  const { me } = useSession();
  const [adding, { open, close }] = useDisclosure(false);
  // Adding and removing tokens is part of managing wallets (the same permission as creating one).
  const canManage = canManageTokens(me.permissions);
  return (
    <>
      <PageHeader
        title={t('dashboard.tokens.title')}
        description={t('tokens.description')}
        actions={
          canManage ? (
            <Button leftSection={<PlusIcon size={16} />} onClick={open} data-testid="add-token">
              {t('tokens.add')}
            </Button>
          ) : null
        }
      />
      <Stack gap="lg">
        <TokenList canManage={canManage} />
        <NativeCoins />
      </Stack>
      {canManage ? <AddTokenDialog opened={adding} onClose={close} /> : null}
    </>
  );
}
