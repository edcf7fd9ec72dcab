import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { InfoIcon } from './icons';
import { Notice } from './Notice';

/** For members who may not view all wallets: what they see is only part of the holdings. */
export function PartialHoldingsNotice() {
  const { t } = useTranslation();
  return (
    <Notice color="blue" mb="md" icon={InfoIcon} title={t('wallets.partialTitle')} testId="partial-holdings">
      <Text size="sm">{t('wallets.partialBody')}</Text>
    </Notice>
  );
}
