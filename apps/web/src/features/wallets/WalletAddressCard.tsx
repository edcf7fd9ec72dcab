import { Accordion, Box, Flex, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { BLOCKCHAIN_INFO, type Wallet } from '@vaultline/contracts';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ChainAvatar, CopyValueButton, useChainLabel } from '../../components/chain-ui';
import { InfoIcon, KeyIcon } from '../../components/icons';
import { formatDateTime } from '../../lib/dates';

// The QR code library follows the screen's first load: the address and its copy button draw at once, the code a
// moment later in a box of its own size (no shift).
const QRCodeSVG = lazy(() => import('qrcode.react').then((m) => ({ default: m.QRCodeSVG })));
const QR_SIZE = 164;

/** The wallet's deposit address (full, copyable, as a QR code) and, folded away, its key details. */
export function WalletAddressCard({ wallet }: { wallet: Wallet }) {
  const { t } = useTranslation();
  const chainLabel = useChainLabel();
  const symbol = BLOCKCHAIN_INFO[wallet.blockchain].nativeSymbol;

  return (
    <Paper withBorder radius="lg" bg="white" p={0} style={{ overflow: 'hidden' }} data-testid="wallet-address-card">
      <Flex direction={{ base: 'column', md: 'row' }}>
        <Box p="lg" style={{ flex: 1, minWidth: 0 }}>
          <Stack gap="lg">
            <Group gap="md" wrap="nowrap">
              <ChainAvatar chain={wallet.blockchain} size={44} />
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={700} truncate="end" data-testid="wallet-network">
                  {chainLabel(wallet.blockchain)}
                </Text>
                <Text size="sm" c="dimmed">
                  {t(`chainFamilies.${wallet.family}`)}
                </Text>
              </Stack>
            </Group>

            <Stack gap={6}>
              <Text size="xs" fw={700} c="dimmed" tt="uppercase" lts={0.6}>
                {t('walletDetail.address')}
              </Text>
              <Group
                gap="xs"
                wrap="nowrap"
                px="md"
                py="sm"
                bg="gray.0"
                style={{ borderRadius: 'var(--mantine-radius-md)', border: '1px solid var(--mantine-color-gray-2)' }}
              >
                <Text
                  ff="monospace"
                  fz="md"
                  fw={500}
                  style={{ wordBreak: 'break-all', flex: 1 }}
                  data-testid="wallet-full-address"
                >
                  {wallet.address}
                </Text>
                <CopyValueButton
                  value={wallet.address}
                  label={t('walletList.copyAddress')}
                  testId="copy-full-address"
                />
              </Group>
              <Group gap={6} wrap="nowrap" align="flex-start">
                <InfoIcon size={14} style={{ marginTop: 3, flexShrink: 0, color: 'var(--mantine-color-orange-6)' }} />
                <Text size="xs" c="dimmed">
                  {t('walletDetail.depositWarning', { network: chainLabel(wallet.blockchain), symbol })}
                </Text>
              </Group>
            </Stack>

            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
              <Fact label={t('walletDetail.nativeCoin')} value={symbol} />
              <Fact
                label={t('walletDetail.members')}
                value={t('walletList.memberCount', { count: wallet.memberCount })}
              />
              <Fact label={t('walletDetail.created')} value={formatDateTime(wallet.createdAt)} />
            </SimpleGrid>

            <Accordion variant="contained" radius="md" chevronPosition="right">
              <Accordion.Item value="keys">
                <Accordion.Control
                  icon={
                    <ThemeIcon size={26} radius="md" variant="light" color="gray">
                      <KeyIcon size={15} />
                    </ThemeIcon>
                  }
                  data-testid="wallet-key-details"
                >
                  <Text size="sm" fw={600}>
                    {t('walletDetail.keyDetails')}
                  </Text>
                </Accordion.Control>
                <Accordion.Panel>
                  <Stack gap="sm">
                    <KeyFact label={t('walletDetail.publicKey')} value={wallet.publicKey} testId="wallet-public-key" />
                    <KeyFact
                      label={t('walletDetail.derivationPath')}
                      value={wallet.derivationPath}
                      testId="wallet-derivation-path"
                    />
                    <KeyFact label={t('walletDetail.walletId')} value={wallet.id} testId="wallet-id" />
                  </Stack>
                </Accordion.Panel>
              </Accordion.Item>
            </Accordion>
          </Stack>
        </Box>
        <Box
          p="lg"
          w={{ base: '100%', md: 300 }}
          style={{ borderLeft: '1px solid var(--mantine-color-gray-2)', background: 'var(--mantine-color-gray-0)' }}
        >
          <Stack align="center" justify="center" gap="sm" h="100%">
            <Box
              p="sm"
              bg="white"
              style={{ borderRadius: 'var(--mantine-radius-md)', border: '1px solid var(--mantine-color-gray-3)' }}
            >
              <Suspense fallback={<Box w={QR_SIZE} h={QR_SIZE} />}>
                <QRCodeSVG
                  value={wallet.address}
                  size={QR_SIZE}
                  level="M"
                  marginSize={0}
                  role="img"
                  aria-label={t('walletDetail.qrLabel')}
                  data-testid="wallet-qr"
                />
              </Suspense>
            </Box>
            <Text size="sm" fw={600}>
              {t('walletDetail.qrTitle')}
            </Text>
            <Text size="xs" c="dimmed" ta="center" maw={220}>
              {t('walletDetail.qrBody', { network: chainLabel(wallet.blockchain) })}
            </Text>
          </Stack>
        </Box>
      </Flex>
    </Paper>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600}>
        {value}
      </Text>
    </Stack>
  );
}

function KeyFact({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Group gap={4} wrap="nowrap" align="flex-start">
        <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all', flex: 1 }} data-testid={testId}>
          {value}
        </Text>
        <CopyValueButton value={value} label={t('walletDetail.copyValue', { label })} />
      </Group>
    </Stack>
  );
}
