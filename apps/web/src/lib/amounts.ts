import { fromBaseUnits } from '@vaultline/contracts';

export interface AmountFormat {
  /** Most fraction digits shown; the rest is cut (never rounded up, so a balance is never overstated). */
  maxFraction?: number;
}

/** Groups the whole part by thousands: '1234567.5' → '1,234,567.5'. */
function groupThousands(decimal: string): string {
  const negative = decimal.startsWith('-');
  const [whole = '0', fraction] = (negative ? decimal.slice(1) : decimal).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/**
 * A base-unit amount ('1500000000000000000', 18) as a readable decimal ('1.5'), exactly: the string
 * goes through the contracts' BigInt conversion, never through a float. Unreadable input shows as '—'.
 */
export function formatAmount(units: string | bigint, decimals: number, format: AmountFormat = {}): string {
  let decimal: string;
  try {
    decimal = fromBaseUnits(units, decimals);
  } catch {
    return '—';
  }
  if (format.maxFraction !== undefined) {
    const [whole, fraction = ''] = decimal.split('.');
    const kept = fraction.slice(0, format.maxFraction).replace(/0+$/, '');
    decimal = kept ? `${whole}.${kept}` : (whole ?? '0');
  }
  return groupThousands(decimal);
}

/** '1.5 ETH'. */
export function formatTokenAmount(
  units: string | bigint,
  token: { decimals: number; symbol: string },
  format?: AmountFormat,
): string {
  return `${formatAmount(units, token.decimals, format)} ${token.symbol}`;
}

/** Whether a base-unit amount is above zero (a malformed one counts as zero). */
export function isPositive(units: string): boolean {
  try {
    return BigInt(units) > 0n;
  } catch {
    return false;
  }
}
