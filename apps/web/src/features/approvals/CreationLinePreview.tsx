import { Box, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FlowIcon } from '../../components/icons';
import { useCreationLine } from './api';

/** Who will decide a wallet-creation request: the organization's creation line, step by step. */
export function CreationLinePreview() {
  const { t } = useTranslation();
  const line = useCreationLine();
  return (
    <Box
      p="sm"
      bg="indigo.0"
      style={{ borderRadius: 'var(--mantine-radius-md)', border: '1px solid var(--mantine-color-indigo-1)' }}
      data-testid="create-wallet-line"
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon size={30} radius="md" variant="white" color="indigo">
          <FlowIcon size={17} />
        </ThemeIcon>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600}>
            {t('walletCreate.lineTitle')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('walletCreate.lineBody')}
          </Text>
          {line.data && line.data.steps.length > 0 ? (
            <Stack gap={2} mt={2}>
              {line.data.steps.map((step, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: steps have no identity besides their position
                <Text key={index} size="xs" data-testid="create-wallet-line-step">
                  <Text span fw={700} size="xs">
                    {t('approvalLine.stepBadge', { step: index + 1 })}
                  </Text>{' '}
                  {step.approvers.map((a) => a.name).join(', ')} ·{' '}
                  {t('approvalLine.requiredOf', { required: step.requiredApprovals, eligible: step.eligibleCount })}
                </Text>
              ))}
            </Stack>
          ) : null}
        </Stack>
      </Group>
    </Box>
  );
}
