import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import type { CSSProperties } from 'react';
import classes from './notifications.module.css';
import { HEADER_HEIGHT } from './theme';

const NOTIFICATIONS_OFFSET = { '--app-header-height': `${HEADER_HEIGHT}px` } as CSSProperties;

/** Where notifications show: top right, below the dashboard's fixed header. Loaded with the first notification. */
export default function NotificationsHost() {
  return <Notifications position="top-right" classNames={{ root: classes.belowHeader }} style={NOTIFICATIONS_OFFSET} />;
}
