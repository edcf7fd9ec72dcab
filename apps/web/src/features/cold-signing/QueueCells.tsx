import { Table, Text } from '@mantine/core';
import type { Blockchain } from '@vaultline/contracts';
import { NetworkLabel } from '../../components/chain-ui';

/** The first cells of a signing-queue row: whose it is (the organization) and which wallet, on which network. */
export function QueueSubjectCells({
  item,
}: {
  item: { organizationName: string; walletName: string; blockchain: Blockchain };
}) {
  return (
    <>
      <Table.Td>
        <Text size="sm" fw={600}>
          {item.organizationName}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{item.walletName}</Text>
        <NetworkLabel chain={item.blockchain} size="xs" />
      </Table.Td>
    </>
  );
}
