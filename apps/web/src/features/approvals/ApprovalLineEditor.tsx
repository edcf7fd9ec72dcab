import {
  ActionIcon,
  Badge,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import { LIMITS } from '@vaultline/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlusIcon, TrashIcon, UsersIcon } from '../../components/icons';
import { useAppLanguage } from '../../i18n/useAppLanguage';
import type { ApproverDirectory } from './approver-directory';
import {
  approverFromValue,
  approverValue,
  eligibleCount,
  emptyStep,
  type LineDraft,
  MAX_APPROVAL_STEPS,
  type StepDraft,
  stepProblem,
  stepProblemMessage,
} from './line-rules';

export interface ApprovalLineEditorProps {
  value: LineDraft;
  onChange: (draft: LineDraft) => void;
  /** The wallet line's step 1 (who may create requests); the wallet-creation line has none to edit. */
  withCreation: boolean;
  directory: ApproverDirectory;
  /** Show "choose an approver" on untouched steps too (after an attempt to save). */
  revealAll?: boolean;
}

const toValues = (refs: LineDraft['creation']) => refs.map(approverValue);
const fromValues = (values: string[]) => values.flatMap((v) => approverFromValue(v) ?? []);

/**
 * Edits an approval line: the creation step (wallet lines only), then approval steps, each with its
 * approvers (members and groups) and 1 to 9 required approvals, never more than can approve.
 */
export function ApprovalLineEditor({ value, onChange, withCreation, directory, revealAll }: ApprovalLineEditorProps) {
  const { t } = useTranslation();
  const lang = useAppLanguage();
  // An empty approver field is only called out once it was used (or saving was tried).
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const touch = (key: string) => setTouched((current) => (current.has(key) ? current : new Set(current).add(key)));
  const shows = (key: string) => revealAll || touched.has(key);

  const setStep = (index: number, change: Partial<StepDraft>) =>
    onChange({ ...value, steps: value.steps.map((s, i) => (i === index ? { ...s, ...change } : s)) });

  return (
    <Stack gap="sm" data-testid="line-editor">
      {withCreation ? (
        <Paper withBorder radius="md" p="md" data-testid="line-creation">
          <StepHeading
            badge={t('approvalLine.creationBadge')}
            title={t('approvalLine.creationTitle')}
            hint={t('approvalLine.creationHint')}
          />
          <MultiSelect
            mt="sm"
            aria-label={t('approvalLine.creationTitle')}
            placeholder={t('approvalLine.approversPlaceholder')}
            data={directory.options}
            value={toValues(value.creation)}
            onChange={(values) => onChange({ ...value, creation: fromValues(values) })}
            onBlur={() => touch('creation')}
            searchable
            hidePickedOptions
            nothingFoundMessage={t('approvalLine.nothingFound')}
            error={value.creation.length === 0 && shows('creation') ? t('approvalLine.noCreators') : null}
            data-testid="line-creation-select"
          />
        </Paper>
      ) : (
        <Text size="sm" c="dimmed" data-testid="line-creation-note">
          {t('approvalLine.creationByPermission')}
        </Text>
      )}

      {value.steps.map((step, index) => {
        const eligible = eligibleCount(step.approvers, directory.groups);
        const problem = stepProblem(step, directory.groups);
        const hidden = problem?.kind === 'no-approvers' && !shows(step.key);
        const message = problem && !hidden ? stepProblemMessage(problem, lang, t) : null;
        return (
          <Paper key={step.key} withBorder radius="md" p="md" data-testid="line-step" data-step={index + 1}>
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <StepHeading
                badge={t('approvalLine.stepBadge', { step: index + 1 })}
                title={t('approvalLine.stepTitle')}
                hint={t('approvalLine.eligible', { count: eligible })}
              />
              <Tooltip label={t('approvalLine.removeStep')} withArrow>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('approvalLine.removeStep')}
                  disabled={value.steps.length <= 1}
                  onClick={() => onChange({ ...value, steps: value.steps.filter((_, i) => i !== index) })}
                  data-testid="line-step-remove"
                >
                  <TrashIcon size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
            <Group mt="sm" align="flex-start" gap="sm" wrap="wrap">
              <MultiSelect
                style={{ flex: 1, minWidth: 260 }}
                label={t('approvalLine.approvers')}
                placeholder={t('approvalLine.approversPlaceholder')}
                data={directory.options}
                value={toValues(step.approvers)}
                onChange={(values) => setStep(index, { approvers: fromValues(values) })}
                onBlur={() => touch(step.key)}
                searchable
                hidePickedOptions
                nothingFoundMessage={t('approvalLine.nothingFound')}
                data-testid="line-approvers"
              />
              <NumberInput
                w={170}
                label={t('approvalLine.required')}
                min={1}
                max={LIMITS.MAX_STEP_APPROVALS}
                clampBehavior="none"
                hideControls
                allowDecimal={false}
                allowNegative={false}
                value={step.requiredApprovals}
                onChange={(next) => setStep(index, { requiredApprovals: next })}
                rightSection={
                  <Text size="xs" c="dimmed">
                    / {eligible}
                  </Text>
                }
                rightSectionWidth={48}
                data-testid="line-required"
              />
            </Group>
            {message ? (
              <Text size="sm" c="red.7" mt={8} data-testid="line-step-error">
                {message}
              </Text>
            ) : null}
          </Paper>
        );
      })}

      <Group justify="space-between">
        <Button
          variant="light"
          leftSection={<PlusIcon size={16} />}
          disabled={value.steps.length >= MAX_APPROVAL_STEPS}
          onClick={() => onChange({ ...value, steps: [...value.steps, emptyStep()] })}
          data-testid="line-add-step"
        >
          {t('approvalLine.addStep')}
        </Button>
        <Text size="xs" c="dimmed">
          {t('approvalLine.limits', { steps: MAX_APPROVAL_STEPS, approvals: LIMITS.MAX_STEP_APPROVALS })}
        </Text>
      </Group>
    </Stack>
  );
}

function StepHeading({ badge, title, hint }: { badge: string; title: string; hint: string }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon size={30} radius="xl" variant="light" color="indigo">
        <UsersIcon size={16} />
      </ThemeIcon>
      <Stack gap={0}>
        <Group gap={6}>
          <Badge size="xs" variant="light" radius="sm" tt="none">
            {badge}
          </Badge>
          <Text size="sm" fw={700}>
            {title}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      </Stack>
    </Group>
  );
}
