import type { AssetActivity } from '@vaultline/contracts';
import { useServerEvent } from '../../lib/event-stream';

export { nextDelay, RECONNECT_MAX_MS, RECONNECT_MIN_MS } from '../../lib/event-stream';

/**
 * The notice's schema, fetched with the first notice (or the first call): the screen draws without zod's core. One
 * promise for all, so notices are handled in the order they arrived.
 */
let noticeSchema: Promise<typeof import('./notice-schema')> | undefined;
const loadNoticeSchema = () => {
  noticeSchema ??= import('./notice-schema');
  return noticeSchema;
};

/**
 * Listens to the server's activity events while mounted (signed in as a member), on the page's one event stream
 * (lib/event-stream reconnects it after every drop with a growing delay). Unmounting (sign-out) stops listening.
 */
export function useActivityStream(onActivity: (activity: AssetActivity) => void, enabled = true): void {
  useServerEvent(
    'activity',
    (data) => {
      void loadNoticeSchema().then(({ ActivityNotice }) => {
        const notice = ActivityNotice.safeParse(data);
        if (notice.success) onActivity(notice.data.activity);
      });
    },
    enabled,
  );
}
