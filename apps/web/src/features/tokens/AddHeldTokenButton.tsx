import { Button } from '@mantine/core';
import { blockchainLabel, type TokenInfo } from '@vaultline/contracts';
import { useTranslation } from 'react-i18next';
import { PlusIcon } from '../../components/icons';
import { notifyError, notifySuccess } from '../../components/notify';
import { useAppLanguage } from '../../i18n/useAppLanguage';
import { useAddToken } from './api';

/**
 * Registers a token the organization already holds, in one click, through the same add call as the dialog:
 * the balance views refresh and the token moves into the registered holdings. Shown only to members who may
 * add tokens (the page decides, see canManageTokens).
 */
export function AddHeldTokenButton({ token }: { token: TokenInfo }) {
  const { t } = useTranslation();
  const lang = useAppLanguage();
  const add = useAddToken();
  const register = () =>
    add.mutate(token.tokenId, {
      onSuccess: (added) => notifySuccess(t('tokens.added', { symbol: added.symbol })),
      // 4033: another member added it meanwhile; the views re-read the list, so it moves all the same.
      onError: (error) => {
        if (error.code === '4033') notifySuccess(t('tokens.alreadyAdded', { symbol: token.symbol }));
        else notifyError(t('tokens.addFailed'), error);
      },
    });
  return (
    <Button
      size="compact-sm"
      variant="light"
      leftSection={<PlusIcon size={14} />}
      loading={add.isPending}
      onClick={(event) => {
        // Rows around it may be clickable: adding is not choosing the row.
        event.stopPropagation();
        register();
      }}
      aria-label={t('tokens.addOf', { symbol: token.symbol, network: blockchainLabel(token.blockchain, lang) })}
      data-testid="add-held-token"
      data-token-id={token.tokenId}
    >
      {t('tokens.add')}
    </Button>
  );
}
