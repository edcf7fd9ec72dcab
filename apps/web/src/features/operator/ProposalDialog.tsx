import { SegmentedControl, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { AML_STATUSES, type AmlStatus, emailSchema } from '@vaultline/contracts';
import { useTranslation } from 'react-i18next';
import { DialogForm, FormModal } from '../../components/DialogForm';
import { FormFooter } from '../../components/FormFooter';
import { FlowIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import { notifySuccess } from '../../components/notify';
import { useAppLanguage } from '../../i18n/useAppLanguage';
import { type ContractRules, useContractForm } from '../../lib/contract-form';
import { required } from '../../lib/form-validation';
import {
  useInviteOwner,
  useProposeAmlStatus,
  useProposeCustodyFee,
  useProposeCustodyPolicy,
  useProposeDetails,
} from './api';
import { FeePercentInput } from './FeePercentInput';
import { custodyFeeError, formatBusinessNumber, organizationDetailRules, percentToBps } from './organization-fields';
import { SignersControl } from './SignersControl';

export type ProposalKind = 'owner' | 'details' | 'fee' | 'aml' | 'custody';

export interface ProposalTarget {
  id: string;
  name: string;
  businessRegistrationNumber: string;
  representativeName: string;
  custodyFeeBps: number;
  amlStatus: AmlStatus;
  newWalletCustody: 'HOT' | 'COLD';
  coldSignersRequired: 1 | 2;
}

type Values = {
  email: string;
  name: string;
  businessRegistrationNumber: string;
  representativeName: string;
  custodyFee: number | string;
  amlStatus: AmlStatus;
  reason: string;
  newWalletCustody: 'HOT' | 'COLD';
  coldSigners: '1' | '2';
};

/** A change to an organization, proposed as a workflow that another operator approves. */
export function ProposalDialog({
  kind,
  organization,
  onClose,
}: {
  kind: ProposalKind | null;
  organization: ProposalTarget;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FormModal
      opened={kind !== null}
      onClose={onClose}
      title={kind ? t(`operator.proposals.${kind}Title`) : ''}
      size="lg"
      testId="proposal-dialog"
    >
      {kind ? <ProposalForm key={kind} kind={kind} organization={organization} onClose={onClose} /> : null}
    </FormModal>
  );
}

function ProposalForm({
  kind,
  organization,
  onClose,
}: {
  kind: ProposalKind;
  organization: ProposalTarget;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = useAppLanguage();
  const owner = useInviteOwner();
  const details = useProposeDetails();
  const fee = useProposeCustodyFee();
  const aml = useProposeAmlStatus();
  const custody = useProposeCustodyPolicy();
  const mutation = { owner, details, fee, aml, custody }[kind];
  // Only the fields of the proposal chosen are checked.
  const rules: Record<ProposalKind, ContractRules<Values>> = {
    owner: { email: emailSchema },
    details: organizationDetailRules,
    fee: { custodyFee: (value) => custodyFeeError(value, lang) },
    aml: { reason: required(undefined, { trim: true }) },
    custody: {},
  };
  const form = useContractForm<Values>({
    initialValues: {
      email: '',
      name: organization.name,
      businessRegistrationNumber: organization.businessRegistrationNumber,
      representativeName: organization.representativeName,
      custodyFee: organization.custodyFeeBps / 100,
      amlStatus: organization.amlStatus,
      reason: '',
      newWalletCustody: organization.newWalletCustody,
      coldSigners: organization.coldSignersRequired === 2 ? '2' : '1',
    },
    rules: rules[kind],
  });

  const done = () => {
    notifySuccess(t('operator.proposals.sent'), t('operator.proposalSentTitle'));
    onClose();
  };
  const onError = (error: { code: string; messageIn: (l: typeof lang) => string }) => {
    if (kind === 'owner' && (error.code === '4024' || error.code === '4027')) {
      form.setFieldError('email', error.messageIn(lang));
    }
  };

  const submit = form.onSubmit((v) => {
    const organizationId = organization.id;
    if (kind === 'owner') owner.mutate({ organizationId, email: v.email.trim() }, { onSuccess: done, onError });
    if (kind === 'fee') fee.mutate({ organizationId, custodyFeeBps: percentToBps(v.custodyFee) }, { onSuccess: done });
    if (kind === 'aml')
      aml.mutate({ organizationId, amlStatus: v.amlStatus, reason: v.reason.trim() }, { onSuccess: done });
    if (kind === 'custody') {
      const coldSignersRequired = v.coldSigners === '2' ? 2 : 1;
      if (
        v.newWalletCustody === organization.newWalletCustody &&
        (v.newWalletCustody === 'HOT' || coldSignersRequired === organization.coldSignersRequired)
      ) {
        form.setFieldError('newWalletCustody', t('operator.proposals.nothingChanged'));
        return;
      }
      custody.mutate(
        { organizationId, newWalletCustody: v.newWalletCustody, coldSignersRequired },
        { onSuccess: done },
      );
    }
    if (kind === 'details') {
      const changes = {
        ...(v.name.trim() !== organization.name ? { name: v.name.trim() } : {}),
        ...(v.businessRegistrationNumber !== organization.businessRegistrationNumber
          ? { businessRegistrationNumber: v.businessRegistrationNumber }
          : {}),
        ...(v.representativeName.trim() !== organization.representativeName
          ? { representativeName: v.representativeName.trim() }
          : {}),
      };
      if (Object.keys(changes).length === 0) {
        form.setFieldError('name', t('operator.proposals.nothingChanged'));
        return;
      }
      details.mutate({ organizationId, ...changes }, { onSuccess: done });
    }
  });
  const shownError = mutation.error && !(kind === 'owner' && ['4024', '4027'].includes(mutation.error.code));

  return (
    <DialogForm onSubmit={submit}>
      <Notice color="indigo" icon={FlowIcon}>
        <Text size="sm">{t(`operator.proposals.${kind}Body`, { name: organization.name })}</Text>
      </Notice>
      {kind === 'owner' ? (
        <TextInput
          label={t('operator.fields.email')}
          placeholder="owner@company.com"
          type="email"
          withAsterisk
          data-autofocus
          data-testid="owner-email-input"
          {...form.getInputProps('email')}
        />
      ) : null}
      {kind === 'details' ? (
        <>
          <TextInput label={t('operator.fields.name')} withAsterisk maxLength={100} {...form.getInputProps('name')} />
          <TextInput
            label={t('operator.fields.businessRegistrationNumber')}
            withAsterisk
            inputMode="numeric"
            {...form.getInputProps('businessRegistrationNumber')}
            onChange={(e) =>
              form.setFieldValue('businessRegistrationNumber', formatBusinessNumber(e.currentTarget.value))
            }
          />
          <TextInput
            label={t('operator.fields.representativeName')}
            withAsterisk
            {...form.getInputProps('representativeName')}
          />
        </>
      ) : null}
      {kind === 'fee' ? (
        <FeePercentInput
          description={t('operator.proposals.currentFee', { fee: (organization.custodyFeeBps / 100).toFixed(2) })}
          data-testid="fee-input"
          {...form.getInputProps('custodyFee')}
        />
      ) : null}
      {kind === 'aml' ? (
        <>
          <Select
            label={t('operator.fields.amlStatus')}
            withAsterisk
            allowDeselect={false}
            data={AML_STATUSES.map((s) => ({ value: s, label: t(`operator.aml.${s}`) }))}
            data-testid="aml-select"
            {...form.getInputProps('amlStatus')}
          />
          <Textarea
            label={t('operator.fields.reason')}
            placeholder={t('operator.proposals.reasonPlaceholder')}
            withAsterisk
            autosize
            minRows={3}
            maxLength={255}
            data-testid="aml-reason"
            {...form.getInputProps('reason')}
          />
        </>
      ) : null}
      {kind === 'custody' ? (
        <>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('operator.custody.newWallets')}
            </Text>
            <SegmentedControl
              data={[
                { value: 'HOT', label: t('operator.custody.HOT') },
                { value: 'COLD', label: t('operator.custody.COLD') },
              ]}
              aria-label={t('operator.custody.newWallets')}
              data-testid="custody-mode"
              {...form.getInputProps('newWalletCustody')}
            />
            {form.errors.newWalletCustody ? (
              <Text size="xs" c="red.8" role="alert">
                {form.errors.newWalletCustody}
              </Text>
            ) : null}
          </Stack>
          {form.values.newWalletCustody === 'COLD' ? (
            <SignersControl
              value={form.values.coldSigners}
              onChange={(value) => form.setFieldValue('coldSigners', value)}
              testId="custody-signers"
            />
          ) : null}
          <Text size="sm" c="dimmed">
            {t('operator.custody.hint')}
          </Text>
        </>
      ) : null}
      <FormFooter
        error={shownError ? mutation.error : null}
        onCancel={onClose}
        submitLabel={t('operator.proposals.submit')}
        pending={mutation.isPending}
        submitTestId="proposal-submit"
      />
    </DialogForm>
  );
}
