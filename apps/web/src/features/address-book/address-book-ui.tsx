import { Badge, Group, Stack, Text } from '@mantine/core';
import {
  type AddressBookState,
  type Blockchain,
  blockchainLabel,
  isTestnet,
  isValidationKey,
  SUPPORTED_TOKENS,
  type TokenInfo,
  tokenById,
  validationMessage,
} from '@vaultline/contracts';
import { useTranslation } from 'react-i18next';
import { ChainAvatar, NetworkLabel } from '../../components/chain-ui';
import type { AppLanguage } from '../../i18n';

const STATE_COLORS: Record<AddressBookState, string> = {
  VERIFYING: 'yellow',
  REGISTERED: 'teal',
  FAILED: 'red',
  DELETED: 'gray',
};

/** An entry's state, in its colour: verifying (yellow), registered (green), failed (red), deleted (grey). */
export function StateBadge({ state, size = 'sm' }: { state: AddressBookState; size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={STATE_COLORS[state]}
      variant={state === 'DELETED' ? 'outline' : 'light'}
      radius="sm"
      size={size}
      tt="none"
      data-testid="entry-state"
      data-state={state}
    >
      {t(`addressBook.states.${state}`)}
    </Badge>
  );
}

/** A token as a row shows it: its chain's mark, its symbol and its network. */
export function TokenMark({ tokenId, blockchain, size = 30 }: { tokenId: string; blockchain: string; size?: number }) {
  const token = tokenById(tokenId);
  const chain = (token?.blockchain ?? blockchain) as Blockchain;
  const symbol = token?.symbol ?? tokenId.split('.').pop() ?? tokenId;
  return (
    <Group gap="sm" wrap="nowrap" data-testid="entry-token" data-token-id={tokenId}>
      <ChainAvatar chain={chain} size={size} />
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={700}>
          {symbol}
        </Text>
        <NetworkLabel chain={chain} size="xs" />
      </Stack>
    </Group>
  );
}

/**
 * Every supported token as choices, grouped under its network (mainnets first). The label names the network too
 * ('ETH · Base'), since one symbol lives on several networks and the chosen label is all the field shows.
 */
export function tokenOptions(lang: AppLanguage) {
  const groups = new Map<Blockchain, TokenInfo[]>();
  for (const token of SUPPORTED_TOKENS) groups.set(token.blockchain, [...(groups.get(token.blockchain) ?? []), token]);
  return [...groups.entries()]
    .sort(
      ([a], [b]) => Number(isTestnet(a)) - Number(isTestnet(b)) || blockchainLabel(a).localeCompare(blockchainLabel(b)),
    )
    .map(([chain, tokens]) => ({
      group: blockchainLabel(chain, lang),
      items: tokens.map((token) => ({
        value: token.tokenId,
        label: `${token.symbol} · ${blockchainLabel(chain, lang)}`,
      })),
    }));
}

/** A server issue in the current language: its validation key translated (with the network), or its own words. */
export function issueText(issue: { key: string; message: string }, lang: AppLanguage, tokenId: string | null): string {
  if (!isValidationKey(issue.key) || issue.key === 'validation.invalid') return issue.message;
  const token = tokenId ? tokenById(tokenId) : undefined;
  return validationMessage(issue.key, lang, token ? { blockchain: blockchainLabel(token.blockchain, lang) } : {});
}
