import {
  notificationListCall,
  notificationPreferencesCall,
  notificationPreferencesUpdateCall,
  notificationReadCall,
  notificationUnreadCall,
} from '@vaultline/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call.js';
import { requireAuth as auth } from '../../plugins/session.js';
import type { Services } from '../../services.js';

export async function notificationRoutes(app: FastifyInstance, opts: { services: Services }) {
  const { notifications } = opts.services;
  registerCall(app, notificationListCall, async ({ request, body }) => notifications.list(auth(request), body));
  // Polled by the header's bell: it does not count as activity (the session still ends when the person is idle).
  registerCall(app, notificationUnreadCall, async ({ request }) => notifications.unread(auth(request)), {
    touchSession: false,
  });
  registerCall(app, notificationReadCall, async ({ request, body }) =>
    notifications.markRead(auth(request), 'all' in body ? 'ALL' : body.ids),
  );
  registerCall(app, notificationPreferencesCall, async ({ request }) => notifications.preferences(auth(request)));
  registerCall(app, notificationPreferencesUpdateCall, async ({ request, body }) =>
    notifications.setPreferences(auth(request), body.items),
  );
}
