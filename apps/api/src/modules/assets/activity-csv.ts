import { fromBaseUnits } from '@vaultline/contracts';
import type { Options } from 'csv-stringify';
import { stringify } from 'csv-stringify/sync';
import type { ActivityRow } from './activities.repository.js';
import { tokenOrPlaceholder } from './activity-view.js';
import { formatSeoul, SEOUL_TIMEZONE } from './seoul-time.js';

/**
 * Spreadsheet apps read the file as UTF-8 only with it. Files get it from csv-stringify (`bom`); the CSV text of
 * exports made before files is stored without it (PGlite's text decoding drops a leading BOM) and gets it when served.
 */
export const BOM = '\uFEFF';

/**
 * csv-stringify's settings for the export file: RFC 4180 (CRLF line breaks; a field is quoted when it holds a comma,
 * quote or line break, quotes doubled) after a UTF-8 BOM. `quote_record_delimiter`: with an explicit record
 * delimiter the library would otherwise quote only a field holding the whole CRLF, not a lone LF or CR. Its own
 * `escape_formulas` stays off: it would also prefix a negative total, which must stay a number; text fields go
 * through {@link neutralize} instead.
 */
export const CSV_OPTIONS: Options = {
  bom: true,
  record_delimiter: '\r\n',
  quote_record_delimiter: true,
  escape_formulas: false,
};

/**
 * A leading = + - @ (or tab/CR) prefixed with ' so a spreadsheet never runs the text as a formula — wallet names and
 * addresses come from users and from the chain. Numbers we produce ourselves are not passed through it.
 */
export const neutralize = (value: string): string => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** One text field exactly as the file holds it (neutralized, then quoted by the same settings). */
export function textCell(value: string): string {
  return stringify([[neutralize(value)]], { ...CSV_OPTIONS, bom: false, eof: false });
}

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

/** A record for csv-stringify: text fields already neutralized, numbers as they are. */
export type CsvRecord = (string | number)[];

function activityRecord(r: ActivityRow): CsvRecord {
  const token = tokenOrPlaceholder(r.tokenId, r.blockchain);
  return [
    neutralize(formatSeoul(r.createdAt)),
    neutralize(r.walletName),
    neutralize(r.blockchain),
    neutralize(token.symbol),
    neutralize(r.activityType),
    neutralize(r.status),
    fromBaseUnits(r.amount, token.decimals),
    neutralize(r.txHash),
    neutralize(r.fromAddress),
    neutralize(r.toAddress),
    r.confirmations,
  ];
}

/**
 * The per-token net of the rows seen so far (confirmed deposits minus confirmed withdrawals, exact in base units):
 * one entry per token, so a million rows keep a handful of sums, not the rows.
 */
function netTotals() {
  const net = new Map<string, { blockchain: string; units: bigint }>();
  return {
    add(r: ActivityRow) {
      // Every token of the file gets a totals row; only confirmed deposits and withdrawals move it.
      const sign =
        r.status !== 'CONFIRMED' ? 0n : r.activityType === 'DEPOSIT' ? 1n : r.activityType === 'WITHDRAWAL' ? -1n : 0n;
      const entry = net.get(r.tokenId) ?? { blockchain: r.blockchain, units: 0n };
      entry.units += sign * BigInt(r.amount);
      net.set(r.tokenId, entry);
    },
    records(): CsvRecord[] {
      return [...net]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([tokenId, { blockchain, units }]) => {
          const token = tokenOrPlaceholder(tokenId, blockchain);
          const [label, amount] = [neutralize(TOTAL_LABEL), fromBaseUnits(units, token.decimals)];
          return [label, '', neutralize(token.blockchain), neutralize(token.symbol), '', '', amount, '', '', '', ''];
        });
    },
  };
}

/**
 * The export file's records, for csv-stringify: a timezone line with the range, the header, the activities in the
 * order the batches bring them (oldest first), then one totals row per token. Reads one batch at a time.
 */
export async function* activityCsvRecords(
  batches: AsyncIterable<ActivityRow[]>,
  range: { dateFrom: string; dateTo: string },
): AsyncGenerator<CsvRecord> {
  yield [neutralize(`# Timezone: ${SEOUL_TIMEZONE} (UTC+09:00); Range: ${range.dateFrom} ~ ${range.dateTo}`)];
  yield CSV_HEADER.map(neutralize);
  const totals = netTotals();
  for await (const batch of batches) {
    for (const r of batch) {
      totals.add(r);
      yield activityRecord(r);
    }
  }
  yield* totals.records();
}
