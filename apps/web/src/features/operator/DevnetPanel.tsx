import {
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { type Blockchain, blockchainLabel, DevnetDepositBody, tokenById, tokensOf } from '@vaultline/contracts';
import { useTranslation } from 'react-i18next';
import { CopyValueButton, shortAddress } from '../../components/chain-ui';
import { DataTable } from '../../components/DataTable';
import { ErrorAlert } from '../../components/ErrorAlert';
import { notifySuccess } from '../../components/notify';
import { PanelHeader, PanelTitle } from '../../components/PanelHeader';
import { useAppLanguage } from '../../i18n/useAppLanguage';
import { formatAmount } from '../../lib/amounts';
import { useContractForm } from '../../lib/contract-form';
import { formatDateTime } from '../../lib/dates';
import { required } from '../../lib/form-validation';
import { useDevnetDeposit, useDevnetStatus } from './api';

/** The local devnet (outside production): send test deposits and watch them being mined. */
export function DevnetPanel() {
  const { t } = useTranslation();
  const status = useDevnetStatus(true);
  if (status.isError) return <ErrorAlert error={status.error} title={t('devnet.unavailable')} color="orange" />;
  if (!status.data) return null;
  return (
    <Stack gap="lg" data-testid="devnet-panel">
      <DepositForm chains={status.data.chains.map((c) => c.blockchain)} />
      <Paper withBorder radius="lg" bg="white" data-testid="devnet-transactions">
        <PanelHeader
          title={t('devnet.transactionsTitle')}
          description={t('devnet.transactionsBody', {
            seconds: status.data.blockMs / 1000,
            confirmations: status.data.confirmations,
          })}
        />
        <DataTable
          minWidth={820}
          highlightOnHover={false}
          verticalSpacing="xs"
          columns={[
            t('devnet.columns.hash'),
            t('devnet.columns.network'),
            { label: t('devnet.columns.amount'), align: 'right' },
            t('devnet.columns.to'),
            t('devnet.columns.block'),
            t('devnet.columns.sent'),
          ]}
        >
          {status.data.transactions.map((tx) => {
            const token = tokenById(tx.tokenId);
            const height = status.data.chains.find((c) => c.blockchain === tx.blockchain)?.height;
            return (
              <Table.Tr key={tx.hash} data-testid="devnet-tx" data-hash={tx.hash}>
                <Table.Td>
                  <Group gap={2} wrap="nowrap">
                    <Text size="sm" ff="monospace">
                      {shortAddress(tx.hash, 10, 6)}
                    </Text>
                    <CopyValueButton value={tx.hash} label={t('devnet.copyHash')} />
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{blockchainLabel(tx.blockchain)}</Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                    {token
                      ? `${formatAmount(tx.amount, token.decimals)} ${token.symbol}`
                      : `${tx.amount} ${tx.tokenId}`}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace" title={tx.toAddress}>
                    {shortAddress(tx.toAddress)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    {tx.blockHeight === null ? (
                      <Badge color="yellow" variant="light" radius="sm" tt="none">
                        {t('devnet.mempool')}
                      </Badge>
                    ) : (
                      <Text size="sm" ff="monospace">
                        #{tx.blockHeight}
                        {height !== undefined ? ` (${t('devnet.depth', { count: height - tx.blockHeight + 1 })})` : ''}
                      </Text>
                    )}
                    {tx.willFail ? (
                      <Badge color="red" variant="outline" radius="sm" tt="none">
                        {t('devnet.fails')}
                      </Badge>
                    ) : null}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {formatDateTime(tx.createdAt)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </DataTable>
        {status.data.transactions.length === 0 ? (
          <Text size="sm" c="dimmed" p="md">
            {t('devnet.noTransactions')}
          </Text>
        ) : null}
      </Paper>
    </Stack>
  );
}

type DepositValues = {
  blockchain: Blockchain | null;
  token: string | null;
  toAddress: string;
  amount: string;
  fail: boolean;
};

/** The deposit body's own rules (contracts), checked in the browser before the server checks them again. */
const DEPOSIT_SHAPE = DevnetDepositBody.shape;

function DepositForm({ chains }: { chains: Blockchain[] }) {
  const { t } = useTranslation();
  const lang = useAppLanguage();
  const deposit = useDevnetDeposit();
  const form = useContractForm<DepositValues>({
    initialValues: { blockchain: null, token: null, toAddress: '', amount: '', fail: false },
    rules: {
      blockchain: (value) => (value ? null : t('devnet.networkRequired')),
      toAddress: required(DEPOSIT_SHAPE.toAddress, { trim: true }),
      amount: required(DEPOSIT_SHAPE.amount, { trim: true }),
    },
  });
  const { blockchain, toAddress, amount } = form.values;
  const tokens = blockchain ? tokensOf(blockchain) : [];

  return (
    <Paper withBorder radius="lg" bg="white" p="md" data-testid="devnet-deposit">
      <PanelTitle title={t('devnet.depositTitle')} description={t('devnet.depositBody')} mb="md" />
      <form
        noValidate
        onSubmit={form.onSubmit(({ blockchain: chain, token, toAddress: to, amount: value, fail }) => {
          if (!chain) return;
          deposit.mutate(
            {
              blockchain: chain,
              toAddress: to,
              amount: value,
              ...(token ? { token } : {}),
              ...(fail ? { fail: true } : {}),
            },
            { onSuccess: (tx) => notifySuccess(t('devnet.sent', { hash: shortAddress(tx.hash, 10, 6) })) },
          );
        })}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
            <Select
              label={t('devnet.network')}
              data={chains.map((chain) => ({ value: chain, label: blockchainLabel(chain, lang) }))}
              {...form.getInputProps('blockchain')}
              onChange={(value) => {
                form.setFieldValue('blockchain', value as Blockchain | null);
                form.setFieldValue('token', null);
              }}
              searchable
              withAsterisk
              data-testid="devnet-network"
            />
            <Select
              label={t('devnet.token')}
              placeholder={t('devnet.nativeCoin')}
              data={tokens.map((item) => ({ value: item.symbol, label: `${item.symbol} · ${item.name}` }))}
              {...form.getInputProps('token')}
              disabled={!blockchain}
              clearable
              data-testid="devnet-token"
            />
            <TextInput
              label={t('devnet.address')}
              {...form.getInputProps('toAddress')}
              withAsterisk
              ff="monospace"
              data-testid="devnet-address"
            />
            <TextInput
              label={t('devnet.amount')}
              placeholder="1.5"
              {...form.getInputProps('amount')}
              withAsterisk
              inputMode="decimal"
              data-testid="devnet-amount"
            />
          </SimpleGrid>
          <Checkbox
            label={t('devnet.fail')}
            description={t('devnet.failHint')}
            {...form.getInputProps('fail', { type: 'checkbox' })}
            data-testid="devnet-fail"
          />
          {deposit.error ? <ErrorAlert error={deposit.error} title={t('devnet.failedTitle')} /> : null}
          <Group justify="flex-end">
            <Button
              type="submit"
              loading={deposit.isPending}
              disabled={!blockchain || !toAddress.trim() || !amount.trim()}
              data-testid="devnet-submit"
            >
              {t('devnet.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
