import { Group, Stack, Text } from '@mantine/core';
import type { Blockchain } from '@vaultline/contracts';
import { ChainAvatar } from '../../components/chain-ui';

/** A token as the holdings tables name it: its chain's mark, symbol and name. */
export function TokenCell({ chain, symbol, name }: { chain: Blockchain; symbol: string; name: string }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <ChainAvatar chain={chain} size={30} />
      <Stack gap={0}>
        <Text size="sm" fw={700}>
          {symbol}
        </Text>
        <Text size="xs" c="dimmed">
          {name}
        </Text>
      </Stack>
    </Group>
  );
}
