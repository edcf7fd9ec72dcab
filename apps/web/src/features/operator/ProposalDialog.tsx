import { Alert, Modal, Select, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { AML_STATUSES, type AmlStatus } from '@vaultline/contracts';
import { useTranslation } from 'react-i18next';
import { DialogForm } from '../../components/DialogForm';
import { FormFooter } from '../../components/FormFooter';
import { FlowIcon } from '../../components/icons';
import { notifySuccess } from '../../components/notify';
import { useAppLanguage } from '../../i18n/useAppLanguage';
import { requiredError } from '../../lib/form-validation';
import { useInviteOwner, useProposeAmlStatus, useProposeCustodyFee, useProposeDetails } from './api';
import { FeePercentInput } from './FeePercentInput';
import { organizationFieldErrors as check, formatBusinessNumber, percentToBps } from './organization-fields';

export type ProposalKind = 'owner' | 'details' | 'fee' | 'aml';

export interface ProposalTarget {
  id: string;
  name: string;
  businessRegistrationNumber: string;
  representativeName: string;
  custodyFeeBps: number;
  amlStatus: AmlStatus;
}

interface Values {
  email: string;
  name: string;
  businessRegistrationNumber: string;
  representativeName: string;
  custodyFee: number | string;
  amlStatus: AmlStatus;
  reason: string;
}

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
    <Modal
      opened={kind !== null}
      onClose={onClose}
      title={kind ? t(`operator.proposals.${kind}Title`) : ''}
      centered
      radius="lg"
      size="lg"
      data-testid="proposal-dialog"
    >
      {kind ? <ProposalForm key={kind} kind={kind} organization={organization} onClose={onClose} /> : null}
    </Modal>
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
  const mutation = { owner, details, fee, aml }[kind];
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      email: '',
      name: organization.name,
      businessRegistrationNumber: organization.businessRegistrationNumber,
      representativeName: organization.representativeName,
      custodyFee: organization.custodyFeeBps / 100,
      amlStatus: organization.amlStatus,
      reason: '',
    },
    validate: {
      email: (v) => (kind === 'owner' ? check.email(v, lang) : null),
      name: (v) => (kind === 'details' ? check.name(v, lang) : null),
      businessRegistrationNumber: (v) => (kind === 'details' ? check.businessRegistrationNumber(v, lang) : null),
      representativeName: (v) => (kind === 'details' ? check.representativeName(v, lang) : null),
      custodyFee: (v) => (kind === 'fee' ? check.custodyFee(v, lang) : null),
      reason: (v) => (kind === 'aml' ? requiredError(v.trim(), lang) : null),
    },
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
      <Alert variant="light" color="indigo" radius="md" icon={<FlowIcon size={18} />}>
        <Text size="sm">{t(`operator.proposals.${kind}Body`, { name: organization.name })}</Text>
      </Alert>
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
