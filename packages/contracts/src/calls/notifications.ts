import { z } from 'zod';
import { OkAnswer, tagged } from '../call.js';
import { NOTIFICATION_KINDS } from '../notification-kinds.js';
import { CURSOR_ANSWER, CURSOR_BODY, definePagedListCall } from '../paging.js';

/** In-app notifications and their preferences (issue 19): each signed-in account reads and sets its own. */

export const NotificationKind = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKind>;

export const Notification = z.object({
  id: z.uuid(),
  kind: NotificationKind,
  /** What it is about: a request, an asset activity, a sign-in address. */
  subjectType: z.enum(['request', 'activity', 'login_ip']),
  subjectId: z.string(),
  /** The facts it shows (request type and status, amount and token, wallet name, IP address). */
  data: z.record(z.string(), z.unknown()),
  createdAt: z.iso.datetime(),
  readAt: z.iso.datetime().nullable(),
});
export type Notification = z.infer<typeof Notification>;

export const notificationListCall = definePagedListCall({
  id: 'notificationList',
  path: '/api/v1/notifications',
  tag: 'notifications',
  summary: "The caller's notifications, newest first, with how many are unread",
  access: 'authenticated',
  sortFields: ['createdAt'],
  filters: z.strictObject({ unreadOnly: z.boolean().optional() }),
  item: Notification,
  bodyExtras: CURSOR_BODY,
  answerExtras: { ...CURSOR_ANSWER, unread: z.number().int() },
});

const notificationsCall = tagged('notifications');

export const notificationUnreadCall = notificationsCall({
  id: 'notificationUnread',
  method: 'GET',
  path: '/api/v1/notifications/unread-count',
  summary: "How many of the caller's notifications are unread",
  access: 'authenticated',
  response: z.object({ unread: z.number().int() }),
});

export const notificationReadCall = notificationsCall({
  id: 'notificationRead',
  method: 'POST',
  path: '/api/v1/notifications/read',
  summary: "Marks some of the caller's notifications read, or all of them",
  access: 'authenticated',
  body: z.union([z.strictObject({ ids: z.array(z.uuid()).min(1).max(100) }), z.strictObject({ all: z.literal(true) })]),
  response: OkAnswer,
});

export const NotificationPreference = z.object({
  kind: NotificationKind,
  inApp: z.boolean(),
  email: z.boolean(),
});
export type NotificationPreference = z.infer<typeof NotificationPreference>;

export const notificationPreferencesCall = notificationsCall({
  id: 'notificationPreferences',
  method: 'GET',
  path: '/api/v1/notifications/preferences',
  summary: "The caller's choice for each kind of notification (in the app, by email)",
  access: 'authenticated',
  response: z.object({ items: z.array(NotificationPreference) }),
});

export const notificationPreferencesUpdateCall = notificationsCall({
  id: 'notificationPreferencesUpdate',
  method: 'PATCH',
  path: '/api/v1/notifications/preferences',
  summary: "Sets the caller's choice for some kinds of notification",
  access: 'authenticated',
  body: z.strictObject({ items: z.array(NotificationPreference).min(1).max(NOTIFICATION_KINDS.length) }),
  response: z.object({ items: z.array(NotificationPreference) }),
});
