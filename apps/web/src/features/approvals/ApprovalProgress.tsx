import { Avatar, Badge, Blockquote, Group, Stack, Stepper, Text, Timeline } from '@mantine/core';
import { REQUEST_PROGRESS_STEPS, type RequestView, requestProgressIndex } from '@vaultline/contracts';
import { useTranslation } from 'react-i18next';
import { CheckIcon, CloseIcon } from '../../components/icons';
import { formatDateTime } from '../../lib/dates';
import { progressStepLabel, useRenderContext } from '../../shared/requests/request-renderers';

/** Request → signing → processing → complete (as the request's type names them), as the provider moves it along. */
export function RequestProgressStepper({ request }: { request: RequestView }) {
  const context = useRenderContext();
  const ended = request.decisionStatus === 'REJECTED' || request.decisionStatus === 'CANCELED';
  const failed = request.status === 'FAILED';
  const index = requestProgressIndex(request.progress);
  // A complete request has every step done; an ended one stays at the request step.
  const active = ended ? 0 : request.progress === 'COMPLETE' && !failed ? REQUEST_PROGRESS_STEPS.length : index;
  return (
    <Stepper
      active={active}
      size="sm"
      color={ended || failed ? 'red' : 'teal'}
      allowNextStepsSelect={false}
      data-testid="request-progress"
      data-progress={request.progress}
    >
      {REQUEST_PROGRESS_STEPS.map((step) => (
        <Stepper.Step key={step} label={progressStepLabel(request, step, context)} />
      ))}
    </Stepper>
  );
}

const STEP_COLORS: Record<RequestView['steps'][number]['status'], string> = {
  PENDING: 'yellow',
  APPROVED: 'teal',
  REJECTED: 'red',
  SKIPPED: 'gray',
  CANCELED: 'gray',
};

/** The request, then each approval step with its approvers, their decisions, memos and times. */
export function ApprovalStepsTimeline({ request }: { request: RequestView }) {
  const { t } = useTranslation();
  const current = request.steps.findIndex((s) => s.status === 'PENDING');
  const done = request.steps.filter((s) => s.status !== 'PENDING').length;
  return (
    <Timeline active={done} bulletSize={26} lineWidth={2} color="teal" data-testid="approval-steps">
      <Timeline.Item
        bullet={<CheckIcon size={14} />}
        title={
          <Text size="sm" fw={700}>
            {t('requests.requestedBy', { name: request.initiator.userName || request.initiator.email })}
          </Text>
        }
      >
        <Text size="xs" c="dimmed" mt={2}>
          {formatDateTime(request.createdAt)}
        </Text>
      </Timeline.Item>
      {request.steps.map((step, index) => {
        const approvals = step.approvers.filter((a) => a.decision === 'APPROVED').length;
        return (
          <Timeline.Item
            key={step.step}
            bullet={
              step.status === 'APPROVED' ? (
                <CheckIcon size={14} />
              ) : step.status === 'REJECTED' ? (
                <CloseIcon size={14} />
              ) : (
                <Text size="xs" fw={700}>
                  {index + 1}
                </Text>
              )
            }
            color={step.status === 'REJECTED' ? 'red' : 'teal'}
            lineVariant={index === current ? 'dashed' : 'solid'}
            title={
              <Group gap="xs">
                <Text size="sm" fw={700}>
                  {t('approvalLine.stepBadge', { step: index + 1 })}
                </Text>
                <Badge size="sm" variant="light" color={STEP_COLORS[step.status]} radius="sm" tt="none">
                  {t(`requests.stepStatus.${step.status}`)}
                </Badge>
                <Text size="xs" c="dimmed">
                  {t('requests.approvalsOf', { count: approvals, required: step.requiredApprovals })}
                </Text>
              </Group>
            }
            data-testid="approval-step"
            data-status={step.status}
          >
            <Stack gap={6} mt={8}>
              {step.approvers.map((approver) => (
                <Stack key={approver.memberId} gap={4} data-testid="step-approver" data-email={approver.email}>
                  <Group gap="xs" wrap="nowrap">
                    <Avatar size={24} radius="xl" color="gray" variant="light">
                      {(approver.userName || approver.email).slice(0, 1).toUpperCase()}
                    </Avatar>
                    <Text size="sm" style={{ flex: 1, minWidth: 0 }} truncate="end">
                      {approver.userName || approver.email}
                      <Text span size="xs" c="dimmed" ml={6}>
                        {approver.email}
                      </Text>
                    </Text>
                    <DecisionBadge
                      decision={approver.decision}
                      waiting={request.waitingFor.includes(approver.memberId)}
                    />
                  </Group>
                  {approver.decidedAt ? (
                    <Text size="xs" c="dimmed" pl={32}>
                      {formatDateTime(approver.decidedAt)}
                    </Text>
                  ) : null}
                  {approver.memo ? (
                    <Blockquote
                      ml={32}
                      p="xs"
                      radius="sm"
                      color={approver.decision === 'REJECTED' ? 'red' : 'gray'}
                      fz="sm"
                      data-testid="approver-memo"
                    >
                      {approver.memo}
                    </Blockquote>
                  ) : null}
                </Stack>
              ))}
            </Stack>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}

function DecisionBadge({ decision, waiting }: { decision: 'APPROVED' | 'REJECTED' | null; waiting: boolean }) {
  const { t } = useTranslation();
  if (decision) {
    return (
      <Badge
        size="sm"
        variant="light"
        color={decision === 'APPROVED' ? 'teal' : 'red'}
        radius="sm"
        tt="none"
        data-testid="approver-decision"
      >
        {t(`requests.decision.${decision}`)}
      </Badge>
    );
  }
  return waiting ? (
    <Badge size="sm" variant="outline" color="yellow" radius="sm" tt="none" data-testid="approver-decision">
      {t('requests.decision.WAITING')}
    </Badge>
  ) : null;
}
