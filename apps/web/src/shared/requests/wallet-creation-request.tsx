import { Text } from '@mantine/core';
import type { RequestRenderer } from './request-renderer';
import { walletRequestParts } from './wallet-request';

/** A wallet creation: the new wallet's name and network, and its 12-character account on EOS-type networks. */
export const walletCreationRenderer: RequestRenderer<'WALLET_CREATION'> = {
  present: (request, context) => {
    const parts = walletRequestParts(request, context);
    const { name, accountName } = request.content;
    const account = accountName
      ? [
          {
            label: context.t('requests.accountName'),
            value: (
              <Text size="sm" ff="monospace">
                {accountName}
              </Text>
            ),
          },
        ]
      : [];
    return { ...parts, title: name, facts: [...parts.facts, ...account] };
  },
};
