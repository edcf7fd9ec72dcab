import { Badge, Button, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../lib/paths';
import { useSigningQueue } from './api';

/** Where the console shows the queue. */
const QUEUE_PATH = `${PATHS.organization}?tab=signing`;

/**
 * The signing operators' count in the header, live (the queue reads itself again on `event: signing`): how many
 * cold-wallet transactions wait for a signature, a link to the queue. Nothing for operators who may not sign (the
 * queue answers them 403) and nothing while none waits.
 */
export function SigningQueueHeader() {
  const { t } = useTranslation();
  const queue = useSigningQueue();
  const waiting = queue.data?.total ?? 0;
  if (!queue.isSuccess || waiting === 0) return null;
  return (
    <Button
      component={Link}
      to={QUEUE_PATH}
      variant="light"
      color="indigo"
      size="compact-sm"
      rightSection={
        <Badge size="sm" color="red" variant="filled" radius="xl" miw={22} px={6}>
          {waiting > 99 ? '99+' : waiting}
        </Badge>
      }
      data-testid="signing-header"
    >
      {t('coldSigning.tab')}
      {/* Read after the visible name and count, so the accessible name still contains what is shown. */}
      <VisuallyHidden>{t('coldSigning.total', { count: waiting })}</VisuallyHidden>
    </Button>
  );
}
