import 'i18next';
import type { Messages } from './en';

// Types `t()` keys against the message tree, so a typo in a key fails type-checking.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
    returnNull: false;
  }
}
