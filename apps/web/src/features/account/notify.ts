import { notifications } from '@mantine/notifications';
import type { ApiError } from '../../lib/error-reader';

export function notifySaved(title: string, message: string): void {
  notifications.show({ color: 'teal', title, message, withBorder: true });
}

export function notifyFailed(title: string, error: ApiError): void {
  notifications.show({ color: 'red', title, message: error.message, withBorder: true });
}
