import { Group, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The product logo: a small vault-V badge and the product name. */
export function BrandMark({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const { t } = useTranslation();
  const large = size === 'lg';
  return (
    <Group gap={large ? 'sm' : 8} wrap="nowrap">
      <ThemeIcon
        size={large ? 40 : 30}
        radius="md"
        variant="gradient"
        gradient={{ from: 'indigo.7', to: 'indigo.4', deg: 135 }}
      >
        <svg width="60%" height="60%" viewBox="0 0 24 24" aria-hidden="true">
          <path
            d="M5 6l7 13 7-13"
            fill="none"
            stroke="currentColor"
            strokeWidth="3"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </ThemeIcon>
      <Text component="span" fw={700} fz={large ? 26 : 19} lts={-0.3} c="dark.8">
        {t('app.name')}
      </Text>
    </Group>
  );
}
