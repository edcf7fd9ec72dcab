import { createTheme, type MantineThemeOverride, mergeThemeOverrides } from '@mantine/core';

// Korean faces come right after the platform UI fonts so Hangul never falls back to a serif face.
const SYSTEM_FONTS = [
  '-apple-system',
  'BlinkMacSystemFont',
  '"Segoe UI"',
  '"Apple SD Gothic Neo"',
  '"Malgun Gothic"',
  '"Noto Sans KR"',
  '"Noto Sans CJK KR"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(', ');

/** The dashboard's fixed header; notifications open below it. */
export const HEADER_HEIGHT = 60;

export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: 'md',
  fontFamily: SYSTEM_FONTS,
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  headings: { fontFamily: SYSTEM_FONTS, fontWeight: '700' },
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { fw: 600 } },
    Paper: { defaultProps: { radius: 'lg' } },
    InputWrapper: {
      styles: { label: { fontSize: 'var(--mantine-font-size-sm)', fontWeight: 600, marginBottom: 6 } },
    },
  },
});

/** Accessible names Mantine would otherwise leave empty or in English, in the current language. */
export interface ThemeLabels {
  close: string;
  closeNotification: string;
  togglePassword: string;
}

/**
 * The theme with translated accessible names, set once for every dialog, drawer, notification and
 * password field (rebuilt when the language changes), so no screen has to remember them.
 */
export function localizedTheme(labels: ThemeLabels): MantineThemeOverride {
  return mergeThemeOverrides(
    theme,
    createTheme({
      components: {
        Modal: { defaultProps: { closeButtonProps: { 'aria-label': labels.close } } },
        Drawer: { defaultProps: { closeButtonProps: { 'aria-label': labels.close } } },
        Notification: { defaultProps: { closeButtonProps: { 'aria-label': labels.closeNotification } } },
        PasswordInput: { defaultProps: { visibilityToggleButtonProps: { 'aria-label': labels.togglePassword } } },
      },
    }),
  );
}
