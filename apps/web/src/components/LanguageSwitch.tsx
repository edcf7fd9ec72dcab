import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type AppLanguage, LANGUAGES, setLanguage } from '../i18n';
import { useAppLanguage } from '../i18n/useAppLanguage';

/** Each language is labelled in its own script, so it can be found whichever one is showing. */
const NATIVE_LABEL: Record<AppLanguage, 'language.en' | 'language.ko'> = { ko: 'language.ko', en: 'language.en' };

export interface LanguageSwitchProps {
  size?: 'xs' | 'sm';
  /** What a choice does; by default it changes this browser's language only (signed out). */
  onChange?: (lang: AppLanguage) => void;
}

export function LanguageSwitch({ size = 'xs', onChange }: LanguageSwitchProps) {
  const { t } = useTranslation();
  const value = useAppLanguage();
  return (
    <SegmentedControl
      data-testid="language-switch"
      aria-label={t('language.label')}
      size={size}
      radius="xl"
      value={value}
      onChange={(next) => (onChange ? onChange(next as AppLanguage) : void setLanguage(next as AppLanguage))}
      data={LANGUAGES.map((lang) => ({ value: lang, label: t(NATIVE_LABEL[lang]) }))}
    />
  );
}
