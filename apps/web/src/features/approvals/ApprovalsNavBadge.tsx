import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useActionableCount, useRequestEvents } from './live';

/** Listens for request changes while a member is signed in (mounted once, in the dashboard's layout). */
export function LiveRequests() {
  useRequestEvents();
  return null;
}

/** The number of requests waiting for my approval, beside "Approvals" in the navigation. */
export function ApprovalsNavBadge() {
  const { t } = useTranslation();
  const count = useActionableCount();
  const value = count.data?.count ?? 0;
  if (value <= 0) return null;
  return (
    <Badge
      size="sm"
      color="red"
      variant="filled"
      radius="xl"
      miw={22}
      px={6}
      aria-label={t('approvals.navBadge', { count: value })}
      data-testid="approvals-badge"
    >
      {value > 99 ? '99+' : value}
    </Badge>
  );
}
