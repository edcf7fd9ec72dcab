import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FEE_PERCENT_MAX } from './organization-fields';

/** The custody fee in percent (0 to the maximum, two decimals); the call takes it in basis points. */
export function FeePercentInput(props: NumberInputProps) {
  const { t } = useTranslation();
  return (
    <NumberInput
      label={t('operator.fields.custodyFeeBps')}
      withAsterisk
      min={0}
      max={FEE_PERCENT_MAX}
      step={0.05}
      decimalScale={2}
      suffix="%"
      {...props}
    />
  );
}
