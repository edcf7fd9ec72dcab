import { Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Language, Me } from '@vaultline/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GlobeIcon } from '../../components/icons';
import { normalizeLanguage, setLanguage } from '../../i18n';
import { useUpdateLanguage } from './api';
import { notifyFailed, notifySaved } from './notify';
import { SettingsSave, SettingsSection } from './SettingsSection';

const OPTIONS: { value: Language; label: 'language.ko' | 'language.en'; sample: string }[] = [
  { value: 'KO', label: 'language.ko', sample: '안녕하세요' },
  { value: 'EN', label: 'language.en', sample: 'Hello' },
];

/** The member's language (screens and emails); saving it switches the screens at once. */
export function LanguageForm({ me, onSaved }: { me: Me; onSaved: (me: Me) => void }) {
  const { t } = useTranslation();
  const update = useUpdateLanguage(me.id);
  const [value, setValue] = useState<Language>(me.language);

  const save = () =>
    update.mutate(value, {
      onSuccess: async (next) => {
        onSaved(next);
        const ui = normalizeLanguage(next.language);
        if (ui) await setLanguage(ui);
        notifySaved(t('settings.savedTitle'), t('settings.language.saved'));
      },
      onError: (error) => notifyFailed(t('settings.failedTitle'), error),
    });

  return (
    <SettingsSection section="language" icon={GlobeIcon} testId="language-form">
      <Stack gap="md">
        <Radio.Group value={value} onChange={(next) => setValue(next as Language)} aria-label={t('language.label')}>
          <SimpleGrid cols={2} spacing="sm">
            {OPTIONS.map((option) => (
              <Radio.Card
                key={option.value}
                value={option.value}
                radius="md"
                p="md"
                data-testid={`language-${option.value}`}
              >
                <Group wrap="nowrap" gap="sm" align="flex-start">
                  <Radio.Indicator />
                  <div>
                    <Text fw={600} size="sm">
                      {t(option.label)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {option.sample}
                    </Text>
                  </div>
                </Group>
              </Radio.Card>
            ))}
          </SimpleGrid>
        </Radio.Group>
        <SettingsSave section="language" onClick={save} pending={update.isPending} disabled={value === me.language} />
      </Stack>
    </SettingsSection>
  );
}
