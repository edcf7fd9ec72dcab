import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Me } from '@vaultline/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountIcon } from '../../components/icons';
import { useAppLanguage } from '../../i18n/useAppLanguage';
import { personNameError } from '../../lib/form-validation';
import { type NameValues, useUpdateName } from './api';
import { notifyFailed, notifySaved } from './notify';
import { SettingsSection } from './SettingsSection';

/** User name, first and last name: English or Korean letters only (section 5). */
export function NameForm({ me, onSaved }: { me: Me; onSaved: (me: Me) => void }) {
  const { t } = useTranslation();
  const lang = useAppLanguage();
  const update = useUpdateName(me.id);
  const form = useForm<NameValues>({
    mode: 'controlled',
    initialValues: { userName: me.userName, firstName: me.firstName, lastName: me.lastName },
    validate: {
      userName: (value) => personNameError(value, lang),
      firstName: (value) => personNameError(value, lang),
      lastName: (value) => personNameError(value, lang),
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run only when the language changes
  useEffect(() => {
    if (Object.keys(form.errors).length > 0) form.validate();
  }, [lang]);

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
    <SettingsSection
      title={t('settings.names.title')}
      description={t('settings.names.description')}
      icon={<AccountIcon size={18} />}
      testId="name-form"
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <TextInput label={t('settings.names.userName')} withAsterisk {...form.getInputProps('userName')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput label={t('settings.names.lastName')} withAsterisk {...form.getInputProps('lastName')} />
            <TextInput label={t('settings.names.firstName')} withAsterisk {...form.getInputProps('firstName')} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
              {t('settings.names.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsSection>
  );
}
