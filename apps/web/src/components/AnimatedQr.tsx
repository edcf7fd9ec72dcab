import { Stack, Text } from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A message too long for one QR code, shown as its parts one after another in a loop (an animated QR code, as
 * air-gapped signers read them): a reader that misses frames catches them on the next loop.
 */
export function AnimatedQr({
  parts,
  intervalMs = 400,
  size = 280,
  testId = 'animated-qr',
}: {
  parts: readonly string[];
  intervalMs?: number;
  size?: number;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  useEffect(() => {
    setIndex(0);
    if (parts.length < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % parts.length), intervalMs);
    return () => clearInterval(timer);
  }, [parts, intervalMs]);
  const part = parts[index % Math.max(1, parts.length)] ?? '';
  return (
    <Stack gap={6} align="center" data-testid={testId} data-part={part}>
      <QRCodeSVG
        value={part}
        size={size}
        level="L"
        marginSize={2}
        title={t('qr.frame', { n: index + 1, of: parts.length })}
      />
      <Text size="xs" c="dimmed" aria-live="off">
        {t('qr.frame', { n: index + 1, of: parts.length })}
      </Text>
    </Stack>
  );
}
