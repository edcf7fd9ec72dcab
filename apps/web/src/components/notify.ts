import { notifications } from '@mantine/notifications';
import type { OrganizationPermission } from '@vaultline/contracts';
import { currentLanguage, i18n } from '../i18n';
import type { ApiError } from '../lib/error-reader';

/**
 * The contracts' ORGANIZATION_PERMISSIONS, listed here because their module holds schemas (zod's core) and every
 * screen that explains a refusal, the sign-in screen too, needs this list. The type check below and notify.test.ts
 * keep the two lists the same.
 */
export const KNOWN_PERMISSIONS = [
  'OWNER',
  'ORG_MEMBER_INVITATION',
  'ORG_MEMBER_DELETION',
  'GROUP_CREATION',
  'GROUP_DELETION',
  'GROUP_UPDATE',
  'MANAGEMENT_PERMISSION_SETTINGS',
  'WALLETS_CREATION',
  'WALLETS_VIEW',
  'ADDRESS_BOOK_CREATION',
  'ADDRESS_BOOK_DELETION',
  'ADDRESS_BOOK_UPDATE',
] as const satisfies readonly OrganizationPermission[];
type Unlisted = Exclude<OrganizationPermission, (typeof KNOWN_PERMISSIONS)[number]>;
const everyPermissionListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyPermissionListed;

/** The permission a 403 answer names in `data.permission`, when it is one the screens know. */
export function missingPermission(error: ApiError): OrganizationPermission | null {
  const data = error.data;
  if (typeof data !== 'object' || data === null || !('permission' in data)) return null;
  // A plain list check (what the schema's parse does), so no screen needs a schema to explain a refusal.
  const permission = (data as { permission: unknown }).permission;
  return (KNOWN_PERMISSIONS as readonly unknown[]).includes(permission) ? (permission as OrganizationPermission) : null;
}

/** 'Required permission: Invite members', or null when the answer names none. */
export function missingPermissionText(error: ApiError): string | null {
  const permission = missingPermission(error);
  if (!permission) return null;
  return i18n.t('common.requiredPermission', { permission: i18n.t(`permissions.labels.${permission}`) });
}

export function notifySuccess(message: string, title?: string): void {
  notifications.show({ color: 'teal', title, message, withBorder: true });
}

/** A refused call as a notification: the server's message (translated) and, for a 403, the permission it needs. */
export function notifyError(title: string, error: ApiError): void {
  const extra = missingPermissionText(error);
  // In the language showing now: the error may have been read before a language switch.
  const message = error.messageIn(currentLanguage());
  notifications.show({
    color: 'red',
    title,
    message: extra ? `${message} ${extra}` : message,
    withBorder: true,
  });
}

/** The `onSuccess` and `onError` of a mutation that only needs to say how it went. */
export function notifyOutcome(done: string, failedTitle: string) {
  return {
    onSuccess: () => notifySuccess(done),
    onError: (error: ApiError) => notifyError(failedTitle, error),
  };
}
