import type { OrganizationPermission, ReceiverInput, ReceiverView } from '@vaultline/contracts';
import { decryptAtRest, encryptAtRest } from '../../security/at-rest.js';

/**
 * The receiver's personal data (names, birthday, phone, address): sealed at rest, masked wherever it is listed, and
 * whole only in the detail view, for the members who manage the address book.
 */

const RECEIVER_CONTEXT = 'address-book.receiver';

/** The masked values `receiver_masked` keeps, so a list never unseals anything. */
export type MaskedReceiver = Omit<ReceiverView, 'masked'>;

export function sealReceiver(receiver: ReceiverInput, masterKey: string): string {
  return encryptAtRest(JSON.stringify(receiver), masterKey, RECEIVER_CONTEXT);
}

export function unsealReceiver(sealed: string, masterKey: string): ReceiverInput {
  return JSON.parse(decryptAtRest(sealed, masterKey, RECEIVER_CONTEXT)) as ReceiverInput;
}

/** `김민수` → `김*수`, `John Smith` → `J********h`: enough to recognise, not enough to identify. */
export function maskName(name: string): string {
  const chars = Array.from(name); // code points: a Korean syllable or an emoji is one character
  if (chars.length <= 1) return '*';
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

/** `1990-04-15` → `****-**-15`: the day alone does not date a person. */
export function maskDate(date: string): string {
  return `****-**-${date.slice(-2)}`;
}

/** Every digit but the last four hidden; `+`, spaces and hyphens kept so the shape stays readable. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/[^0-9]/g, '').length;
  let seen = 0;
  return phone.replace(/[0-9]/g, (d) => (++seen <= digits - 4 ? '*' : d));
}

/** The first word (a city, usually) and an ellipsis. */
export function maskAddress(address: string): string {
  const first = address.trim().split(/\s+/)[0] ?? '';
  return `${first}…`;
}

export function maskReceiver(r: ReceiverInput): MaskedReceiver {
  const opt = <T>(v: T | undefined, mask: (v: T) => string) => (v === undefined ? null : mask(v));
  return {
    nameKo: maskName(r.nameKo),
    nameEn: maskName(r.nameEn),
    representativeNameKo: opt(r.representativeNameKo, maskName),
    representativeNameEn: opt(r.representativeNameEn, maskName),
    birthday: opt(r.birthday, maskDate),
    incorporationDate: opt(r.incorporationDate, maskDate),
    address: opt(r.address, maskAddress),
    phone: opt(r.phone, maskPhone),
  };
}

export function maskedView(masked: MaskedReceiver): ReceiverView {
  return { ...masked, masked: true };
}

export function fullView(r: ReceiverInput): ReceiverView {
  return {
    nameKo: r.nameKo,
    nameEn: r.nameEn,
    representativeNameKo: r.representativeNameKo ?? null,
    representativeNameEn: r.representativeNameEn ?? null,
    birthday: r.birthday ?? null,
    incorporationDate: r.incorporationDate ?? null,
    address: r.address ?? null,
    phone: r.phone ?? null,
    masked: false,
  };
}

const MANAGES_ADDRESS_BOOK: readonly OrganizationPermission[] = [
  'ADDRESS_BOOK_CREATION',
  'ADDRESS_BOOK_UPDATE',
  'ADDRESS_BOOK_DELETION',
];

/**
 * Who sees the receiver whole in the detail view: the members who manage the address book (and so entered or check
 * these data). Everyone else who may read entries (to pick a withdrawal destination) needs only the masked values;
 * a custody team keeps personal data to those who handle it.
 */
export function maySeeReceiver(permissions: readonly OrganizationPermission[]): boolean {
  return MANAGES_ADDRESS_BOOK.some((p) => permissions.includes(p));
}
