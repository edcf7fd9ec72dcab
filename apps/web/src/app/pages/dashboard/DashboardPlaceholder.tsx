import { Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageEmptyState } from '../../../components/PageEmptyState';
import { PageHeader } from '../../../components/PageHeader';

export type DashboardSection = 'assets' | 'wallets' | 'approvals' | 'withdraw' | 'tokens' | 'staking' | 'organization';

/** A dashboard screen before its content exists: its title and an honest note of what will be shown. */
export function DashboardPlaceholder({
  section,
  children,
  actions,
}: {
  section: DashboardSection;
  children?: ReactNode;
  /** Controls beside the title (shown only when the server's permissions allow them). */
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t(`dashboard.${section}.title`)} actions={actions} />
      {children}
      <Paper withBorder radius="lg" bg="white">
        <PageEmptyState
          title={t(`dashboard.${section}.emptyTitle`)}
          description={t(`dashboard.${section}.emptyBody`)}
        />
      </Paper>
    </>
  );
}
