import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { InfoIcon } from './icons';

/** For members who may not view all wallets: what they see is only part of the holdings. */
export function PartialHoldingsNotice() {
  const { t } = useTranslation();
  return (
    <Alert
      variant="light"
      color="blue"
      radius="md"
      mb="md"
      icon={<InfoIcon size={18} />}
      title={t('wallets.partialTitle')}
      data-testid="partial-holdings"
    >
      <Text size="sm">{t('wallets.partialBody')}</Text>
    </Alert>
  );
}
