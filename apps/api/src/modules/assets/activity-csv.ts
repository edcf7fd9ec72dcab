import { fromBaseUnits } from '@vaultline/contracts';
import type { ActivityRow } from './activities.repository.js';
import { tokenOrPlaceholder } from './activity-view.js';
import { formatSeoul, SEOUL_TIMEZONE } from './seoul-time.js';

/** Spreadsheet apps read the file as UTF-8 only with it; added when the file is served (see exportFile). */
export const BOM = '\uFEFF';
const EOL = '\r\n'; // RFC 4180 line breaks

/**
 * A text field as a CSV cell: quoted when it holds a comma, quote or line break (quotes doubled, RFC 4180),
 * and a leading = + - @ (or tab/CR) prefixed with ' so a spreadsheet never runs it as a formula — wallet
 * names and addresses come from users and from the chain.
 */
export function textCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A number we produced ourselves: never quoted or prefixed, so spreadsheets read it as a number. */
const numberCell = (value: string | number) => String(value);

export const CSV_HEADER = [
  `Date (${SEOUL_TIMEZONE})`,
  'Wallet',
  'Blockchain',
  'Token',
  'Type',
  'Status',
  'Amount',
  'Tx hash',
  'From',
  'To',
  'Confirmations',
];
export const TOTAL_LABEL = 'Total (confirmed deposits - withdrawals)';

/**
 * The export file (without its BOM): a timezone line with the range, the header, the activities oldest first, then one
 * totals row per token (confirmed deposits minus confirmed withdrawals, exact in base units).
 */
export function activitiesCsv(rows: ActivityRow[], range: { dateFrom: string; dateTo: string }): string {
  const lines = [
    textCell(`# Timezone: ${SEOUL_TIMEZONE} (UTC+09:00); Range: ${range.dateFrom} ~ ${range.dateTo}`),
    CSV_HEADER.map(textCell).join(','),
  ];
  const net = new Map<string, bigint>();
  for (const r of rows) {
    const token = tokenOrPlaceholder(r.tokenId, r.blockchain);
    lines.push(
      [
        textCell(formatSeoul(r.createdAt)),
        textCell(r.walletName),
        textCell(r.blockchain),
        textCell(token.symbol),
        textCell(r.activityType),
        textCell(r.status),
        numberCell(fromBaseUnits(r.amount, token.decimals)),
        textCell(r.txHash),
        textCell(r.fromAddress),
        textCell(r.toAddress),
        numberCell(r.confirmations),
      ].join(','),
    );
    // Every token of the file gets a totals row; only confirmed deposits and withdrawals move it.
    const sign =
      r.status !== 'CONFIRMED' ? 0n : r.activityType === 'DEPOSIT' ? 1n : r.activityType === 'WITHDRAWAL' ? -1n : 0n;
    net.set(r.tokenId, (net.get(r.tokenId) ?? 0n) + sign * BigInt(r.amount));
  }
  const blockchainOf = new Map(rows.map((r) => [r.tokenId, r.blockchain]));
  for (const [tokenId, units] of [...net].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const token = tokenOrPlaceholder(tokenId, blockchainOf.get(tokenId) ?? '');
    lines.push(
      [
        textCell(TOTAL_LABEL),
        '',
        textCell(token.blockchain),
        textCell(token.symbol),
        '',
        '',
        numberCell(fromBaseUnits(units, token.decimals)),
        '',
        '',
        '',
        '',
      ].join(','),
    );
  }
  return lines.join(EOL) + EOL;
}
