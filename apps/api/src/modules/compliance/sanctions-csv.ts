import type { ChainFamily } from '@vaultline/contracts';
import { addressKeyOf, isListableAddress, tagFamily } from './sanctions-chains.js';

/**
 * The sanctioned digital-currency-address CSV operators import (RFC 4180: comma-separated, fields optionally in
 * double quotes with `""` for a quote, CRLF or LF line ends, an optional UTF-8 BOM). No CSV library is installed,
 * so this small parser is the product's own.
 *
 * The first row is the header; columns are found by name (case and `_`/`-`/space ignored), others are ignored:
 *   address   required  `address`, `digital_currency_address`
 *   chain     required  `chain`, `currency`, `asset`: `ETH`, `XBT`, `USDT`… or a product blockchain (`POLYGON`)
 *   listing   required unless `entity` is given: the listed party, as the list names it
 *   entity    optional  the listed party (wins over `listing` when both are there)
 *   listed_at optional  `listed_at`, `listed_date`, `listed`, `date`: kept as text
 */

export interface SanctionsRow {
  chain: string;
  address: string;
  addressKey: string;
  entity: string;
  listedAt: string | null;
}

export type ParsedSanctions =
  | { ok: true; rows: SanctionsRow[]; skipped: number }
  /** Why the file as a whole is unusable; never any of its content. */
  | { ok: false; problem: 'not-text' | 'unterminated-quote' | 'no-header' | 'missing-columns' | 'no-usable-rows' };

interface CsvRecord {
  fields: string[];
  /** A stray quote inside an unquoted field, or text after a closing quote: this row only is unusable. */
  broken: boolean;
}

/** Splits the text into records; null when a quoted field never closes (nothing after it can be trusted). */
function records(text: string): CsvRecord[] | null {
  const out: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let broken = false;
  let quoted = false; // inside a quoted field
  let closed = false; // the current field's closing quote was seen
  const endField = () => {
    fields.push(field);
    field = '';
    closed = false;
  };
  const endRecord = () => {
    endField();
    // Blank lines carry no row.
    if (fields.length > 1 || fields[0]!.trim() !== '') out.push({ fields, broken });
    fields = [];
    broken = false;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c !== '"') field += c;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else {
        quoted = false;
        closed = true;
      }
    } else if (c === ',') endField();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRecord();
    } else if (c === '"' && field.trim() === '' && !closed) {
      // A quoted field may follow spaces after the comma; the spaces are not part of it.
      quoted = true;
      field = '';
    } else {
      // Whitespace after a closing quote is tolerated; anything else there, or a bare quote, breaks the row.
      if (c === '"' || (closed && c.trim() !== '')) broken = true;
      field += c;
    }
  }
  if (quoted) return null;
  if (field !== '' || fields.length > 0 || closed) endRecord();
  return out;
}

type Column = 'address' | 'chain' | 'listing' | 'entity' | 'listedAt';
type Columns = Partial<Record<Column, number>>;

const COLUMN_NAMES: Record<string, Column> = {
  address: 'address',
  digitalcurrencyaddress: 'address',
  chain: 'chain',
  currency: 'chain',
  asset: 'chain',
  listing: 'listing',
  entity: 'entity',
  listedat: 'listedAt',
  listeddate: 'listedAt',
  listed: 'listedAt',
  date: 'listedAt',
};
const normalizeHeader = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replace(/[\s_-]/g, '');

const CHAIN_TAG = /^[A-Za-z0-9_.-]{1,32}$/;
/** No spaces or control characters in an address, and the length the contracts allow for one. */
const ADDRESS = /^[\x21-\x7e]{1,128}$/;
const ENTITY_MAX = 500;
const LISTED_AT_MAX = 64;
// Control characters other than tab never belong in a name or a date.
// biome-ignore lint/suspicious/noControlCharactersInRegex: that is the point of the check
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f]/;

export function parseSanctionsCsv(csv: string): ParsedSanctions {
  if (csv.includes('\u0000')) return { ok: false, problem: 'not-text' };
  const all = records(csv.replace(/^\uFEFF/, ''));
  if (all === null) return { ok: false, problem: 'unterminated-quote' };
  const [header, ...data] = all;
  if (!header || header.broken) return { ok: false, problem: 'no-header' };

  const at: Columns = {};
  header.fields.forEach((name, i) => {
    const column = COLUMN_NAMES[normalizeHeader(name)];
    if (column && at[column] === undefined) at[column] = i;
  });
  if (at.address === undefined || at.chain === undefined || (at.listing ?? at.entity) === undefined) {
    return { ok: false, problem: 'missing-columns' };
  }

  const rows: SanctionsRow[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  for (const record of data) {
    const row = record.broken || record.fields.length !== header.fields.length ? null : toRow(record.fields, at);
    // The same listing twice in one file is one listing; the repeat is counted as skipped.
    const key = row && `${row.chain.toUpperCase()}\u0000${row.addressKey}\u0000${row.entity}`;
    if (!row || seen.has(key!)) skipped++;
    else {
      seen.add(key!);
      rows.push(row);
    }
  }
  // Rows there but none usable: most likely the wrong file, which must not empty the list it was meant to replace.
  if (data.length > 0 && rows.length === 0) return { ok: false, problem: 'no-usable-rows' };
  return { ok: true, rows, skipped };
}

function toRow(fields: string[], at: Columns): SanctionsRow | null {
  const get = (i: number | undefined) => (i === undefined ? '' : fields[i]!.trim());
  const address = get(at.address);
  const chain = get(at.chain);
  const entity = get(at.entity) || get(at.listing);
  const listedAt = get(at.listedAt);
  if (!ADDRESS.test(address) || !CHAIN_TAG.test(chain)) return null;
  if (!entity || entity.length > ENTITY_MAX || CONTROL.test(entity)) return null;
  if (listedAt.length > LISTED_AT_MAX || CONTROL.test(listedAt)) return null;
  const family: ChainFamily | null = tagFamily(chain, address);
  if (!isListableAddress(family, address)) return null;
  return { chain, address, addressKey: addressKeyOf(family, address), entity, listedAt: listedAt || null };
}
