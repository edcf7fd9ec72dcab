import { Text } from '@mantine/core';
import { blockchainLabel, type RequestItemType, type RequestView } from '@vaultline/contracts';
import { ChainAvatar, NetworkLabel } from '../../components/chain-ui';
import { walletPath } from '../../lib/paths';
import type { RenderContext, RequestPresentation, RequestRenderer } from './request-renderer';

/**
 * What every request shows of the wallet and network it is about: every request type's content names its
 * blockchain, and a completed request with a wallet leads to it.
 */
export function walletRequestParts(
  request: RequestView,
  { t, lang }: RenderContext,
): Omit<RequestPresentation, 'title'> {
  const chain = request.content.blockchain;
  return {
    mark: (size) => <ChainAvatar chain={chain} size={size} />,
    caption: (size) => <NetworkLabel chain={chain} size={size} />,
    facts: [{ label: t('requests.network'), value: <Text size="sm">{blockchainLabel(chain, lang)}</Text> }],
    completedLink: request.walletId
      ? { to: walletPath(chain, request.walletId), label: t('requests.openWallet'), testId: 'open-wallet' }
      : undefined,
  };
}

/** A request type without an entry of its own: its wallet's name and network. */
export const walletRequestRenderer: RequestRenderer<RequestItemType> = {
  present: (request, context) => ({ ...walletRequestParts(request, context), title: request.walletName ?? '' }),
};
