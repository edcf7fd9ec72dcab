import { ActionIcon, Avatar, Badge, CopyButton, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import {
  BLOCKCHAIN_INFO,
  BLOCKCHAINS,
  type Blockchain,
  blockchainLabel,
  CHAIN_FAMILIES,
  type ChainFamily,
  isTestnet,
  type WalletMemberRole,
} from '@vaultline/contracts';
import { useTranslation } from 'react-i18next';
import type { AppLanguage } from '../i18n';
import { useAppLanguage } from '../i18n/useAppLanguage';
import { FilterSelect } from './FilterSelect';
import { CheckIcon, CopyIcon } from './icons';

/** A colour per chain's own label, so a network and its testnet share one. */
const LABEL_COLORS: Record<string, string> = {
  Ethereum: 'indigo',
  Sepolia: 'indigo',
  Polygon: 'violet',
  Bitcoin: 'orange',
  Solana: 'grape',
  BizAuto: 'cyan',
  'Binance Smart Chain': 'yellow',
  Kaia: 'lime',
  'Over Protocol': 'dark',
  Wemix: 'teal',
  XPLA: 'blue',
  'Arbitrum One': 'blue',
  Story: 'pink',
  Core: 'orange',
  Base: 'blue',
  'Avalanche C-Chain': 'red',
  'ZKsync Era': 'gray',
};

export function chainColor(chain: Blockchain): string {
  return LABEL_COLORS[BLOCKCHAIN_INFO[chain].label] ?? 'gray';
}

function initials(label: string): string {
  const words = label.split(/[\s-]+/).filter(Boolean);
  return (words.length > 1 ? `${words[0]![0]}${words[1]![0]}` : label.slice(0, 2)).toUpperCase();
}

/** A round mark of the chain: its initials in its colour. */
export function ChainAvatar({ chain, size = 36 }: { chain: Blockchain; size?: number }) {
  // Decorative: the network's name is always written next to it.
  return (
    <Avatar size={size} radius="xl" color={chainColor(chain)} variant="light" fw={700} aria-hidden>
      <Text span fz={size * 0.36} fw={700} lh={1}>
        {initials(BLOCKCHAIN_INFO[chain].label)}
      </Text>
    </Avatar>
  );
}

/** The chain's label, with a testnet prefix for test networks ('테스트넷 Sepolia'). */
export function useChainLabel() {
  const lang = useAppLanguage();
  return (chain: Blockchain) => blockchainLabel(chain, lang);
}

/** The network's label; test networks carry their prefix ('테스트넷 Sepolia') in a warmer colour. */
export function NetworkLabel({ chain, size = 'sm' }: { chain: Blockchain; size?: 'xs' | 'sm' }) {
  const lang = useAppLanguage();
  const testnet = isTestnet(chain);
  return (
    <Text
      size={size}
      c={testnet ? 'orange.8' : 'dimmed'}
      truncate="end"
      data-testid="network-label"
      data-testnet={testnet}
    >
      {blockchainLabel(chain, lang)}
    </Text>
  );
}

/** '0x52908400…c5b3': enough of both ends to compare addresses at a glance. */
export function shortAddress(address: string, head = 8, tail = 6): string {
  return address.length <= head + tail + 1 ? address : `${address.slice(0, head)}…${address.slice(-tail)}`;
}

/** Copies a value, saying so in its tooltip. */
export function CopyValueButton({ value, label, testId }: { value: string; label: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <CopyButton value={value} timeout={1600}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? t('walletList.copied') : label} withArrow position="top">
          <ActionIcon
            variant="subtle"
            color={copied ? 'teal' : 'gray'}
            size="md"
            radius="md"
            aria-label={label}
            data-testid={testId}
            onClick={(event) => {
              event.stopPropagation();
              copy();
            }}
          >
            {copied ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

/** The caller's role in a wallet, or nothing when the caller only sees it through "view all wallets". */
export function RoleBadge({ role, testId = 'my-role' }: { role: WalletMemberRole | null; testId?: string }) {
  const { t } = useTranslation();
  if (!role) {
    return (
      <Text size="sm" c="dimmed" data-testid={testId}>
        {t('walletRoles.none')}
      </Text>
    );
  }
  return (
    <Badge
      variant={role === 'MANAGER' ? 'filled' : 'light'}
      color={role === 'MANAGER' ? 'indigo' : 'gray'}
      radius="sm"
      tt="none"
      data-testid={testId}
      data-role={role}
    >
      {t(`walletRoles.${role}`)}
    </Badge>
  );
}

/** Networks grouped by family for a select, mainnets before testnets within each family. */
export function networkOptions(lang: AppLanguage, familyLabel: (family: ChainFamily) => string) {
  return CHAIN_FAMILIES.map((family) => ({
    group: familyLabel(family),
    items: BLOCKCHAINS.filter((chain) => BLOCKCHAIN_INFO[chain].family === family)
      .sort(
        (a, b) => Number(isTestnet(a)) - Number(isTestnet(b)) || blockchainLabel(a).localeCompare(blockchainLabel(b)),
      )
      .map((chain) => ({ value: chain, label: blockchainLabel(chain, lang) })),
  }));
}

/** `networkOptions` in the current language, grouped under the translated family names. */
export function useNetworkOptions() {
  const { t } = useTranslation();
  const lang = useAppLanguage();
  return networkOptions(lang, (family) => t(`chainFamilies.${family}`));
}

/** The first two cells of a token's row: the token (its chain's mark, symbol and name), then its network. */
export function TokenCells({
  token,
  avatarSize = 30,
  symbolTestId,
}: {
  token: { blockchain: Blockchain; symbol: string; name: string };
  avatarSize?: number;
  symbolTestId?: string;
}) {
  return (
    <>
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <ChainAvatar chain={token.blockchain} size={avatarSize} />
          <Stack gap={0}>
            <Text size="sm" fw={700} data-testid={symbolTestId}>
              {token.symbol}
            </Text>
            <Text size="xs" c="dimmed">
              {token.name}
            </Text>
          </Stack>
        </Group>
      </Table.Td>
      <Table.Td>
        <NetworkLabel chain={token.blockchain} />
      </Table.Td>
    </>
  );
}

/** A list's network filter: one network or all of them, searchable by name. */
export function NetworkFilter({
  value,
  onChange,
  label,
  nothingFound,
  testId,
}: {
  value: Blockchain | null;
  onChange: (value: Blockchain | null) => void;
  label: string;
  nothingFound: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const networks = useNetworkOptions();
  return (
    <FilterSelect<Blockchain>
      w={240}
      options={networks}
      allLabel={t('walletList.allNetworks')}
      label={label}
      value={value}
      onChange={onChange}
      searchable
      nothingFoundMessage={nothingFound}
      testId={testId}
    />
  );
}
