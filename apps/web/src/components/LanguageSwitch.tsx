import { Group, UnstyledButton } from '@mantine/core';
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

/**
 * Two toggle buttons in a pill, the current one raised. Plain buttons rather than Mantine's SegmentedControl: it is
 * on the sign-in screen, and the segmented control with its moving indicator cost about 3 KB gzip of that screen's
 * first load. A screen reader hears a named group of two buttons, the current one pressed.
 */
export function LanguageSwitch({ size = 'xs', onChange }: LanguageSwitchProps) {
  const { t } = useTranslation();
  const value = useAppLanguage();
  const choose = (next: AppLanguage) => {
    if (next === value) return;
    if (onChange) onChange(next);
    else void setLanguage(next);
  };
  return (
    <Group
      data-testid="language-switch"
      role="group"
      aria-label={t('language.label')}
      gap={2}
      wrap="nowrap"
      p={3}
      style={{ borderRadius: 'var(--mantine-radius-xl)', background: 'var(--mantine-color-gray-1)' }}
    >
      {LANGUAGES.map((lang) => {
        const selected = lang === value;
        return (
          <UnstyledButton
            key={lang}
            aria-pressed={selected}
            onClick={() => choose(lang)}
            fz={size}
            fw={500}
            px={size === 'xs' ? 10 : 14}
            py={size === 'xs' ? 3 : 5}
            style={{
              borderRadius: 'var(--mantine-radius-xl)',
              color: selected ? 'var(--mantine-color-black)' : 'var(--mantine-color-gray-7)',
              background: selected ? 'var(--mantine-color-white)' : 'transparent',
              boxShadow: selected ? 'var(--mantine-shadow-xs)' : 'none',
              transition: 'background 120ms ease, color 120ms ease',
            }}
          >
            {t(NATIVE_LABEL[lang])}
          </UnstyledButton>
        );
      })}
    </Group>
  );
}
