/*
 * Amounts as decimal strings, with exact bigint arithmetic (never floats), in a module that builds no zod schema:
 * screens that compare or convert amounts import these without zod's core. validation.ts re-exports them and builds
 * its amount schema on them.
 */

const DECIMAL = /^(-)?([0-9]*)(?:\.([0-9]*))?$/;

export interface ParsedDecimal {
  negative: boolean;
  whole: string;
  fraction: string;
}

export function parseDecimal(value: string): ParsedDecimal | undefined {
  const match = DECIMAL.exec(value.trim());
  if (!match) return undefined;
  const whole = match[2] ?? '';
  const fraction = match[3] ?? '';
  if (whole === '' && fraction === '') return undefined;
  return { negative: match[1] === '-', whole, fraction };
}

export function scaled(d: ParsedDecimal, decimals: number): bigint {
  const units = BigInt(`${d.whole || '0'}${d.fraction.padEnd(decimals, '0')}`);
  return d.negative ? -units : units;
}

/** Converts a decimal string to base units exactly; throws on non-numbers or too many decimals. */
export function toBaseUnits(decimal: string, decimals: number): bigint {
  const d = parseDecimal(decimal);
  if (!d) throw new RangeError(`not a decimal number: "${decimal}"`);
  const fraction = d.fraction.replace(/0+$/, '');
  if (fraction.length > decimals) throw new RangeError(`"${decimal}" has more than ${decimals} decimals`);
  return scaled({ ...d, fraction }, decimals);
}

/** Converts base units to a decimal string exactly, without trailing zeros ('1500000', 6 → '1.5'). */
export function fromBaseUnits(units: bigint | string, decimals: number): string {
  const value = typeof units === 'bigint' ? units : BigInt(units);
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Compares two decimal strings exactly: -1, 0 or 1. */
export function compareDecimals(a: string, b: string): -1 | 0 | 1 {
  const pa = parseDecimal(a);
  const pb = parseDecimal(b);
  if (!pa || !pb) throw new RangeError(`not a decimal number: "${pa ? b : a}"`);
  const scale = Math.max(pa.fraction.length, pb.fraction.length);
  const x = scaled(pa, scale);
  const y = scaled(pb, scale);
  return x < y ? -1 : x > y ? 1 : 0;
}
