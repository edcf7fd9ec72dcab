import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type Me, updateNameCall } from '@vaultline/contracts';
import { useTranslation } from 'react-i18next';
import { AccountIcon } from '../../components/icons';
import { useContractForm } from '../../lib/contract-form';
import { type NameValues, useUpdateName } from './api';
import { notifyFailed, notifySaved } from './notify';
import { SettingsSave, SettingsSection } from './SettingsSection';

/** User name, first and last name: English or Korean letters only (section 5). */
export function NameForm({ me, onSaved }: { me: Me; onSaved: (me: Me) => void }) {
  const { t } = useTranslation();
  const update = useUpdateName(me.id);
  const form = useContractForm<NameValues>({
    initialValues: { userName: me.userName, firstName: me.firstName, lastName: me.lastName },
    rules: updateNameCall.body.shape,
  });

  const submit = form.onSubmit((values) =>
    update.mutate(
      { userName: values.userName.trim(), firstName: values.firstName.trim(), lastName: values.lastName.trim() },
      {
        onSuccess: (next) => {
          form.setInitialValues({ userName: next.userName, firstName: next.firstName, lastName: next.lastName });
          form.reset();
          onSaved(next);
          notifySaved(t('settings.savedTitle'), t('settings.names.saved'));
        },
        onError: (error) => notifyFailed(t('settings.failedTitle'), error),
      },
    ),
  );

  return (
    <SettingsSection section="names" icon={AccountIcon} testId="name-form">
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <TextInput label={t('settings.names.userName')} withAsterisk {...form.getInputProps('userName')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput label={t('settings.names.lastName')} withAsterisk {...form.getInputProps('lastName')} />
            <TextInput label={t('settings.names.firstName')} withAsterisk {...form.getInputProps('firstName')} />
          </SimpleGrid>
          <SettingsSave section="names" pending={update.isPending} disabled={!form.isDirty()} />
        </Stack>
      </form>
    </SettingsSection>
  );
}
