import { ActionIcon, Box, Indicator, Paper } from '@mantine/core';
import { useClickOutside, useWindowEvent } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnreadCount } from './api';

// The list and its texts are fetched when the bell is first opened.
const NotificationList = lazy(() => import('./NotificationList').then((m) => ({ default: m.NotificationList })));

function BellIcon() {
  return (
    <svg width={20} height={20} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} aria-hidden>
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The header's bell: how many notifications are unread, and the newest in a panel under it. `live`: the member's
 * event stream says when a new one arrives (operators have none; their count is asked on a timer). A plain panel
 * rather than Mantine's Popover: the bell is on every signed-in screen, and the popover's positioning library cost
 * about 10 KB gzip of each one's first load. Escape or a click elsewhere closes it.
 */
export function NotificationBell({ live }: { live: boolean }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const ref = useClickOutside(() => setOpened(false));
  useWindowEvent('keydown', (event) => {
    if (event.key === 'Escape') setOpened(false);
  });
  const unread = useUnreadCount(live).data?.unread ?? 0;
  return (
    <Box pos="relative" ref={ref}>
      <Indicator label={unread > 99 ? '99+' : unread} size={16} disabled={unread === 0} color="red" offset={4}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          radius="xl"
          onClick={() => setOpened((o) => !o)}
          aria-label={unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell')}
          aria-expanded={opened}
          aria-controls="notification-panel"
          data-testid="notification-bell"
          data-unread={unread}
        >
          <BellIcon />
        </ActionIcon>
      </Indicator>
      {opened ? (
        <Paper
          id="notification-panel"
          role="region"
          aria-label={t('notifications.title')}
          pos="absolute"
          top="calc(100% + 8px)"
          right={0}
          w={380}
          maw="calc(100vw - 24px)"
          shadow="md"
          radius="md"
          withBorder
          style={{ zIndex: 300 }}
          data-testid="notification-popover"
        >
          <Suspense fallback={null}>
            <NotificationList onNavigate={() => setOpened(false)} />
          </Suspense>
        </Paper>
      ) : null}
    </Box>
  );
}
