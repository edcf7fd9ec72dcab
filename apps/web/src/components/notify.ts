import { notifications } from '@mantine/notifications';
import { OrganizationPermission } from '@vaultline/contracts';
import { currentLanguage, i18n } from '../i18n';
import type { ApiError } from '../lib/error-reader';

/** The permission a 403 answer names in `data.permission`, when it is one the screens know. */
export function missingPermission(error: ApiError): OrganizationPermission | null {
  const data = error.data;
  if (typeof data !== 'object' || data === null || !('permission' in data)) return null;
  const parsed = OrganizationPermission.safeParse((data as { permission: unknown }).permission);
  return parsed.success ? parsed.data : null;
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
