import { SimpleGrid, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DialogForm, FormModal } from '../../components/DialogForm';
import { FormFooter } from '../../components/FormFooter';
import { FlowIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import { notifySuccess } from '../../components/notify';
import { useAppLanguage } from '../../i18n/useAppLanguage';
import { useContractForm } from '../../lib/contract-form';
import { useCreateOrganization } from './api';
import { FeePercentInput } from './FeePercentInput';
import { custodyFeeError, formatBusinessNumber, organizationDetailRules, percentToBps } from './organization-fields';

type Values = {
  name: string;
  businessRegistrationNumber: string;
  representativeName: string;
  custodyFee: number | string;
};

/** A new organization is proposed here and created once another operator approves it. */
export function NewOrganizationDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t('operator.create.title')}
      size="lg"
      testId="new-organization-dialog"
    >
      <NewOrganizationForm onClose={onClose} />
    </FormModal>
  );
}

function NewOrganizationForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useAppLanguage();
  const create = useCreateOrganization();
  const form = useContractForm<Values>({
    initialValues: { name: '', businessRegistrationNumber: '', representativeName: '', custodyFee: '' },
    rules: { ...organizationDetailRules, custodyFee: (value) => custodyFeeError(value, lang) },
  });

  const submit = form.onSubmit((values) =>
    create.mutate(
      {
        name: values.name.trim(),
        businessRegistrationNumber: values.businessRegistrationNumber,
        representativeName: values.representativeName.trim(),
        custodyFeeBps: percentToBps(values.custodyFee),
      },
      {
        onSuccess: () => {
          notifySuccess(t('operator.create.submitted', { name: values.name.trim() }), t('operator.proposalSentTitle'));
          onClose();
        },
      },
    ),
  );

  return (
    <DialogForm onSubmit={submit}>
      <Notice color="indigo" icon={FlowIcon}>
        <Text size="sm">{t('operator.create.body')}</Text>
      </Notice>
      <TextInput
        label={t('operator.fields.name')}
        placeholder={t('operator.form.namePlaceholder')}
        withAsterisk
        maxLength={100}
        data-autofocus
        data-testid="org-name"
        {...form.getInputProps('name')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={t('operator.fields.businessRegistrationNumber')}
          placeholder="000-00-00000"
          withAsterisk
          inputMode="numeric"
          data-testid="org-business-number"
          {...form.getInputProps('businessRegistrationNumber')}
          onChange={(event) =>
            form.setFieldValue('businessRegistrationNumber', formatBusinessNumber(event.currentTarget.value))
          }
        />
        <TextInput
          label={t('operator.fields.representativeName')}
          placeholder={t('operator.form.representativePlaceholder')}
          withAsterisk
          data-testid="org-representative"
          {...form.getInputProps('representativeName')}
        />
      </SimpleGrid>
      <FeePercentInput
        description={t('operator.form.feeHint')}
        placeholder="0.25"
        data-testid="org-fee"
        {...form.getInputProps('custodyFee')}
      />
      <FormFooter
        error={create.error}
        onCancel={onClose}
        submitLabel={t('operator.create.submit')}
        pending={create.isPending}
        submitTestId="org-submit"
      />
    </DialogForm>
  );
}
