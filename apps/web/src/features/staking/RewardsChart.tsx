import { Box, Text, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { amountText, chartRatios } from './staking-math';

export interface RewardsChartProps {
  /** Cumulative rewards at the end of each day, oldest first (decimal strings). */
  points: readonly { date: string; rewards: string }[];
  symbol: string;
  decimals?: number;
  testId?: string;
}

const WIDTH = 600;
const HEIGHT = 140;
const PAD = 6;

/**
 * A small area chart of cumulative rewards, drawn as SVG (the app has no chart library). It is an image named by
 * its summary for screen readers, and the same figures are in a table only they read.
 */
export function RewardsChart({ points, symbol, decimals = 18, testId = 'rewards-chart' }: RewardsChartProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const descId = useId();
  if (points.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid={`${testId}-empty`}>
        {t('staking.chart.empty')}
      </Text>
    );
  }
  const first = points[0] as { date: string; rewards: string };
  const last = points[points.length - 1] as { date: string; rewards: string };
  const ratios = chartRatios(
    points.map((p) => p.rewards),
    decimals,
  );
  const step = points.length > 1 ? (WIDTH - PAD * 2) / (points.length - 1) : 0;
  const coords = ratios.map((ratio, i) => {
    const x = points.length > 1 ? PAD + i * step : WIDTH / 2;
    const y = HEIGHT - PAD - ratio * (HEIGHT - PAD * 2);
    return `${x.toFixed(1)},${y.toFixed(1)}`;
  });
  const line = `M${coords.join(' L')}`;
  const firstX = coords[0]?.split(',')[0] ?? '0';
  const lastX = coords[coords.length - 1]?.split(',')[0] ?? '0';
  const area = `${line} L${lastX},${HEIGHT - PAD} L${firstX},${HEIGHT - PAD} Z`;
  const summary = t('staking.chart.summary', {
    from: first.date,
    first: amountText(first.rewards, symbol),
    to: last.date,
    last: amountText(last.rewards, symbol),
  });
  return (
    <Box data-testid={testId} data-points={points.length}>
      <svg
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        width="100%"
        height={HEIGHT}
        style={{ display: 'block' }}
      >
        <title id={titleId}>{t('staking.chart.title')}</title>
        <desc id={descId}>{summary}</desc>
        <line
          x1={PAD}
          x2={WIDTH - PAD}
          y1={HEIGHT - PAD}
          y2={HEIGHT - PAD}
          stroke="var(--mantine-color-gray-3)"
          strokeWidth={1}
        />
        <path d={area} fill="var(--mantine-color-indigo-1)" stroke="none" />
        <path
          d={line}
          fill="none"
          stroke="var(--mantine-color-indigo-6)"
          strokeWidth={2}
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <Text size="xs" c="dimmed" mt={4} aria-hidden="true">
        {summary}
      </Text>
      <VisuallyHidden>
        <table data-testid={`${testId}-table`}>
          <caption>{t('staking.chart.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('staking.chart.date')}</th>
              <th scope="col">{t('staking.chart.rewards')}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.date}>
                <td>{p.date}</td>
                <td>{amountText(p.rewards, symbol)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Box>
  );
}
