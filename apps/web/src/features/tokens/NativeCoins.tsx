import { Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { isTestnet } from '@vaultline/contracts';
import { useTranslation } from 'react-i18next';
import { ChainAvatar } from '../../components/chain-ui';
import { useAppLanguage } from '../../i18n/useAppLanguage';
import { useSupportedBlockchains } from './api';

/** The native coin of every network: always supported, so it is never added or removed. */
export function NativeCoins() {
  const { t } = useTranslation();
  const lang = useAppLanguage();
  const chains = useSupportedBlockchains();
  if (chains.isError) return null;
  const items = [...(chains.data?.items ?? [])].sort(
    (a, b) => Number(isTestnet(a.blockchain)) - Number(isTestnet(b.blockchain)) || a.label.localeCompare(b.label),
  );
  return (
    <Paper withBorder radius="lg" bg="white" p="md" data-testid="native-coins">
      <Stack gap={2} mb="md">
        <Group gap="xs">
          <Text fw={700}>{t('tokens.nativeTitle')}</Text>
          <Badge size="sm" variant="light" color="gray" radius="sm" tt="none">
            {t('tokens.alwaysSupported')}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t('tokens.nativeBody')}
        </Text>
      </Stack>
      {chains.isPending ? (
        <Skeleton h={80} radius="md" />
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="xs">
          {items.map((chain) => (
            <Group key={chain.blockchain} gap="xs" wrap="nowrap" data-testid="native-coin" p={6}>
              <ChainAvatar chain={chain.blockchain} size={28} />
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={600}>
                  {chain.nativeToken.symbol}
                </Text>
                <Text size="xs" c={isTestnet(chain.blockchain) ? 'orange.8' : 'dimmed'} truncate="end">
                  {lang === 'ko' ? chain.labelKo : chain.label}
                </Text>
              </Stack>
            </Group>
          ))}
        </SimpleGrid>
      )}
    </Paper>
  );
}
