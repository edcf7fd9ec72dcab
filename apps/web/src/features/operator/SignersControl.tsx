import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** How many signing operators each transaction of a cold wallet needs: one, or two (four eyes). */
export function SignersControl({
  value,
  onChange,
  testId,
}: {
  value: '1' | '2';
  onChange: (value: '1' | '2') => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t('coldWallet.signers')}
      </Text>
      <SegmentedControl
        value={value}
        onChange={(next) => onChange(next === '2' ? '2' : '1')}
        data={[
          { value: '1', label: t('coldWallet.signersOne') },
          { value: '2', label: t('coldWallet.signersTwo') },
        ]}
        aria-label={t('coldWallet.signers')}
        data-testid={testId}
      />
    </Stack>
  );
}
