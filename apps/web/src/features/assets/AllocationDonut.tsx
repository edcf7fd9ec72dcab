import { Box, ColorSwatch, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../lib/amounts';
import { allocate, donutArc, formatPercent, type Slice } from './allocation';

/** Distinct colours in a fixed order; wallets beyond them share the last, neutral one. */
const PALETTE = ['#4263eb', '#12b886', '#fab005', '#e64980', '#7950f2', '#15aabf', '#fd7e14', '#82c91e', '#868e96'];
const MAX_SLICES = PALETTE.length;
const SIZE = 180;

export interface AllocationItem {
  key: string;
  label: string;
  /** Base units as the server sends them. */
  amount: string;
}

export interface AllocationDonutProps {
  items: readonly AllocationItem[];
  decimals: number;
  symbol: string;
  /** Above the centre total: the token's name. */
  title: string;
}

function toBigInt(value: string): bigint {
  try {
    return BigInt(value);
  } catch {
    return 0n;
  }
}

/** Beyond the palette, the smallest holdings are summed into one "others" slice. */
function withOthers(slices: Slice[], othersLabel: string): Slice[] {
  if (slices.length <= MAX_SLICES) return slices;
  const kept = slices.slice(0, MAX_SLICES - 1);
  const rest = slices.slice(MAX_SLICES - 1);
  return [
    ...kept,
    {
      key: '__others',
      label: othersLabel,
      amount: rest.reduce((sum, s) => sum + s.amount, 0n),
      basisPoints: rest.reduce((sum, s) => sum + s.basisPoints, 0),
    },
  ];
}

/** A donut of one token's total across wallets, drawn in SVG, with a legend of amounts and shares. */
export function AllocationDonut({ items, decimals, symbol, title }: AllocationDonutProps) {
  const { t } = useTranslation();
  const slices = withOthers(
    allocate(items.map((item) => ({ key: item.key, label: item.label, amount: toBigInt(item.amount) }))),
    t('assets.others'),
  );
  const total = slices.reduce((sum, slice) => sum + slice.amount, 0n);
  let start = 0;
  const arcs = slices.map((slice, index) => {
    const end = start + slice.basisPoints / 10_000;
    const arc = {
      slice,
      color: PALETTE[index] ?? '#868e96',
      d: donutArc(start, end, SIZE / 2, SIZE / 2 - 26, SIZE / 2),
    };
    start = end;
    return arc;
  });

  return (
    <Group align="center" gap="xl" wrap="wrap" data-testid="allocation">
      <Box pos="relative" w={SIZE} h={SIZE} style={{ flexShrink: 0 }}>
        <svg width={SIZE} height={SIZE} viewBox={`0 0 ${SIZE} ${SIZE}`} role="img" aria-label={title}>
          {arcs.length === 0 ? (
            <circle cx={SIZE / 2} cy={SIZE / 2} r={SIZE / 2 - 13} fill="none" stroke="#e9ecef" strokeWidth={26} />
          ) : (
            arcs.map((arc) => (
              // A lone slice is a full ring: a separating stroke would draw a seam at 12 o'clock.
              <path
                key={arc.slice.key}
                d={arc.d}
                fill={arc.color}
                stroke={arcs.length > 1 ? 'white' : 'none'}
                strokeWidth={1.5}
              >
                <title>{`${arc.slice.label}: ${formatPercent(arc.slice.basisPoints)}`}</title>
              </path>
            ))
          )}
        </svg>
        <Stack gap={0} align="center" justify="center" pos="absolute" inset={0} style={{ pointerEvents: 'none' }}>
          <Text size="xs" c="dimmed">
            {t('assets.total')}
          </Text>
          <Text fw={700} size="sm" ff="monospace" data-testid="allocation-total" maw={SIZE - 60} ta="center">
            {formatAmount(total, decimals, { maxFraction: 6 })}
          </Text>
          <Text size="xs" c="dimmed">
            {symbol}
          </Text>
        </Stack>
      </Box>
      <Table verticalSpacing={6} style={{ flex: 1, minWidth: 260, maxWidth: 560 }} data-testid="allocation-legend">
        <Table.Tbody>
          {arcs.map((arc) => (
            <Table.Tr key={arc.slice.key} data-testid="allocation-row" data-share={arc.slice.basisPoints}>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <ColorSwatch color={arc.color} size={12} withShadow={false} />
                  <Text size="sm" truncate="end" maw={200}>
                    {arc.slice.label}
                  </Text>
                </Group>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm" ff="monospace">
                  {formatAmount(arc.slice.amount, decimals)}
                </Text>
              </Table.Td>
              <Table.Td ta="right" w={80}>
                <Text size="sm" fw={600} data-testid="allocation-percent">
                  {formatPercent(arc.slice.basisPoints)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Group>
  );
}
