import { Box, Text } from '@mantine/core';
import type { Workflow } from '@vaultline/contracts';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isAmlStatus } from './aml';
import { AmlBadge, formatFee } from './badges';

/** The proposed values a workflow carries, in a fixed order, each with its label. */
const FIELDS = [
  'name',
  'businessRegistrationNumber',
  'representativeName',
  'custodyFeeBps',
  'email',
  'amlStatus',
  'reason',
  // A custody policy: how new wallets are kept, and by how many signing operators when cold.
  'newWalletCustody',
  'coldSignersRequired',
  // A cold wallet import: what the approver compares with the signer's own screen.
  'walletName',
  'blockchain',
  'signersRequired',
  'address',
  'accountKey',
  'derivationPath',
  'masterFingerprint',
] as const;
type Field = (typeof FIELDS)[number];
/** Values read as one token: never broken across lines. */
const NOWRAP = new Set<Field>(['businessRegistrationNumber', 'custodyFeeBps', 'amlStatus', 'derivationPath']);

function shownValue(field: Field, value: unknown, custodyLabel: (mode: 'HOT' | 'COLD') => string): ReactNode {
  if (field === 'newWalletCustody' && (value === 'HOT' || value === 'COLD')) return custodyLabel(value);
  if (field === 'custodyFeeBps' && typeof value === 'number') return formatFee(value);
  if (field === 'amlStatus') {
    if (isAmlStatus(value)) return <AmlBadge status={value} />;
  }
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}

/** What a workflow proposes, e.g. 'Custody fee 0.25%' or 'Owner email k**@example.com'. */
export function WorkflowPayload({ workflow }: { workflow: Workflow }) {
  const { t } = useTranslation();
  const rows = FIELDS.flatMap((field) => {
    const shown = shownValue(field, workflow.payload[field], (mode) => t(`operator.custody.${mode}`));
    return shown === null || shown === '' ? [] : [{ field, shown }];
  });
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Box
      data-testid="workflow-payload"
      style={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 10, rowGap: 4 }}
    >
      {rows.map(({ field, shown }) => (
        <Fragment key={field}>
          <Text size="xs" c="dimmed" lh="20px" style={{ whiteSpace: 'nowrap' }}>
            {t(`operator.fields.${field}`)}
          </Text>
          <Text
            size="sm"
            fw={500}
            lh="20px"
            component="div"
            style={NOWRAP.has(field) ? { whiteSpace: 'nowrap' } : { overflowWrap: 'anywhere' }}
          >
            {shown}
          </Text>
        </Fragment>
      ))}
    </Box>
  );
}
