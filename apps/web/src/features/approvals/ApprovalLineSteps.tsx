import { Badge, Group, Text, Timeline } from '@mantine/core';
import type { ApprovalLineView } from '@vaultline/contracts';
import { useTranslation } from 'react-i18next';
import { EditIcon, UsersIcon } from '../../components/icons';

type Named = ApprovalLineView['creation'][number];

/** Members and groups of a step as small chips; groups carry an icon. */
export function ApproverChips({ approvers }: { approvers: readonly Named[] }) {
  const { t } = useTranslation();
  if (approvers.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('approvalLine.nobody')}
      </Text>
    );
  }
  return (
    <Group gap={6}>
      {approvers.map((a) => (
        <Badge
          key={`${a.kind}:${a.id}`}
          variant="light"
          color={a.kind === 'GROUP' ? 'grape' : 'gray'}
          radius="sm"
          tt="none"
          size="lg"
          fw={500}
          leftSection={a.kind === 'GROUP' ? <UsersIcon size={13} /> : null}
          data-testid="line-approver"
          data-kind={a.kind}
        >
          {a.name || '—'}
        </Badge>
      ))}
    </Group>
  );
}

/**
 * A saved approval line, top to bottom: who may create requests (the wallet-creation line: holders of
 * "Create wallets"), then each approval step with its approvers and required approvals.
 */
export function ApprovalLineSteps({ line }: { line: ApprovalLineView }) {
  const { t } = useTranslation();
  return (
    <Timeline active={line.steps.length} bulletSize={28} lineWidth={2} color="indigo" data-testid="line-view">
      <Timeline.Item
        bullet={<EditIcon size={14} />}
        title={
          <Text size="sm" fw={700}>
            {t('approvalLine.creationTitle')}
          </Text>
        }
      >
        {line.scope === 'WALLET_CREATION' ? (
          <Text size="sm" c="dimmed" mt={4}>
            {t('approvalLine.creationByPermission')}
          </Text>
        ) : (
          <Group mt={6}>
            <ApproverChips approvers={line.creation} />
          </Group>
        )}
      </Timeline.Item>
      {line.steps.map((step, index) => (
        <Timeline.Item
          // biome-ignore lint/suspicious/noArrayIndexKey: steps have no identity besides their position
          key={index}
          bullet={
            <Text size="xs" fw={700}>
              {index + 1}
            </Text>
          }
          title={
            <Group gap="xs">
              <Text size="sm" fw={700}>
                {t('approvalLine.stepBadge', { step: index + 1 })}
              </Text>
              <Badge variant="outline" color="indigo" radius="sm" tt="none" data-testid="line-step-required">
                {t('approvalLine.requiredOf', { required: step.requiredApprovals, eligible: step.eligibleCount })}
              </Badge>
            </Group>
          }
          data-testid="line-view-step"
        >
          <Group mt={6}>
            <ApproverChips approvers={step.approvers} />
          </Group>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
