import { createTheme } from '@mantine/core';

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
