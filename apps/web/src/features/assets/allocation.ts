/**
 * Shares of a total for the allocation chart, computed with BigInt: balances of 18-decimal tokens
 * exceed what a float holds exactly, so the split is done on integers in basis points (1/100 of a %).
 */
export interface Slice {
  key: string;
  label: string;
  amount: bigint;
  /** Share of the total in basis points (0–10000); all slices add up to exactly 10000. */
  basisPoints: number;
}

/**
 * Splits 100% over the amounts by the largest-remainder method, so the shares always add up to
 * 100.00% and a tiny holding is not rounded away to nothing unless it truly is below 0.01%.
 * Zero and negative amounts get no slice.
 */
export function allocate(items: { key: string; label: string; amount: bigint }[]): Slice[] {
  const positive = items.filter((item) => item.amount > 0n);
  const total = positive.reduce((sum, item) => sum + item.amount, 0n);
  if (total === 0n) return [];
  const exact = positive.map((item) => {
    const scaled = item.amount * 10_000n;
    return { item, floor: scaled / total, remainder: scaled % total };
  });
  let left = 10_000n - exact.reduce((sum, share) => sum + share.floor, 0n);
  // Hand the basis points lost to flooring to the largest remainders (ties: the larger amount).
  const order = [...exact].sort(
    (a, b) => compareDesc(a.remainder, b.remainder) || compareDesc(a.item.amount, b.item.amount),
  );
  const bonus = new Set<(typeof exact)[number]>();
  for (const share of order) {
    if (left <= 0n) break;
    bonus.add(share);
    left -= 1n;
  }
  return exact
    .map((share) => ({
      key: share.item.key,
      label: share.item.label,
      amount: share.item.amount,
      basisPoints: Number(share.floor + (bonus.has(share) ? 1n : 0n)),
    }))
    .sort((a, b) => compareDesc(a.amount, b.amount));
}

/** Larger first, for sorting bigints (their difference is not a number). */
function compareDesc(a: bigint, b: bigint): number {
  return a === b ? 0 : a > b ? -1 : 1;
}

/** '12.34%' from basis points. */
export function formatPercent(basisPoints: number): string {
  return `${Math.floor(basisPoints / 100)}.${String(basisPoints % 100).padStart(2, '0')}%`;
}

/** A donut segment from `start` to `end` (fractions of the circle), drawn clockwise from 12 o'clock. */
export function donutArc(start: number, end: number, outer: number, inner: number, center: number): string {
  // A full circle cannot be one arc (start and end coincide): draw it as two halves.
  if (end - start >= 0.9999) {
    return `${donutArc(0, 0.5, outer, inner, center)} ${donutArc(0.5, 1, outer, inner, center)}`;
  }
  const point = (fraction: number, radius: number) => {
    const angle = fraction * 2 * Math.PI - Math.PI / 2;
    return `${(center + radius * Math.cos(angle)).toFixed(3)} ${(center + radius * Math.sin(angle)).toFixed(3)}`;
  };
  const large = end - start > 0.5 ? 1 : 0;
  return [
    `M ${point(start, outer)}`,
    `A ${outer} ${outer} 0 ${large} 1 ${point(end, outer)}`,
    `L ${point(end, inner)}`,
    `A ${inner} ${inner} 0 ${large} 0 ${point(start, inner)}`,
    'Z',
  ].join(' ');
}
