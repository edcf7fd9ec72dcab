import { useTranslation } from 'react-i18next';
import { type AppLanguage, DEFAULT_LANGUAGE, normalizeLanguage } from './index';

/** The current UI language; components using it re-render when it changes. */
export function useAppLanguage(): AppLanguage {
  const { i18n } = useTranslation();
  return normalizeLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;
}
