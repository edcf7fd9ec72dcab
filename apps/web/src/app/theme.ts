import {
  createTheme,
  DEFAULT_THEME,
  type MantineColorsTuple,
  type MantineThemeOverride,
  mergeThemeOverrides,
} from '@mantine/core';

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

/**
 * Mantine's palettes with the shades that carry text made dark enough for WCAG 2.2 AA (4.5:1), on white and on the
 * light grays and tints the screens use:
 * - gray 6 is the `dimmed` colour of secondary text (Mantine's #868e96 is 3.3:1 on white), gray 5 the placeholder's;
 * - shade 7 is the filled colour (white text on it), the outline colour and the `c="teal"` text colour (the light
 *   scheme's primary shade), shade 8 its hover, shade 9 the text of a `light` badge or alert on shade 1.
 * The lighter shades (backgrounds, borders, dots) stay Mantine's.
 */
function accessible(name: string, dark: string[]): MantineColorsTuple {
  const light = DEFAULT_THEME.colors[name] ?? [];
  return [...light.slice(0, 10 - dark.length), ...dark] as unknown as MantineColorsTuple;
}

const ACCESSIBLE_COLORS = {
  gray: accessible('gray', ['#6d747b', '#5f666d', '#495057', '#343a40', '#212529']),
  // The primary colour: links and filled buttons also sit on light tints (a teal notice, a gray table head).
  indigo: accessible('indigo', ['#3b5bdb', '#364fc7', '#2f44ad']),
  teal: accessible('teal', ['#097e5b', '#077050', '#066548']),
  green: accessible('green', ['#277d36', '#227131', '#20672e']),
  // Red 6 too: it is the error colour of fields and the colour of a red menu item.
  red: accessible('red', ['#d32626', '#c92a2a', '#b72222', '#a61e1e']),
  lime: accessible('lime', ['#4d7b0f', '#44700a', '#3f6509']),
  orange: accessible('orange', ['#b74c05', '#a94109', '#a0350b']),
  yellow: accessible('yellow', ['#996300', '#925500', '#8d4900']),
  blue: accessible('blue', ['#186ebb', '#1664ab', '#155897']),
  cyan: accessible('cyan', ['#0d7788', '#0a6c7d', '#096272']),
};

export const theme = createTheme({
  colors: ACCESSIBLE_COLORS,
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
    // Without Mantine's focus placeholder (role="presentation") inside role="menu": a menu holds only its items.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
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
