import {
  type AddressBookInput,
  type AddressBookWalletType,
  BLOCKCHAIN_INFO,
  CalendarDate,
  memoSchema,
  partyNameSchema,
  personNameSchema,
  ReceiverInput,
  type ReceiverType,
  textSchema,
  tokenById,
} from '@vaultline/contracts';
import type { AppLanguage } from '../../i18n';
import type { FieldSchema } from '../../lib/form-validation';
import { required, schemaError } from '../../lib/form-validation';

/**
 * The register dialog's steps and what each asks (spec sections 3 and 5): the destination (token, address, memo
 * where the network carries one, name), the wallet type (self-managed, or an exchange from the VASP directory),
 * the receiver (only the fields the wallet and receiver types need), then a review.
 */
export const REGISTER_STEPS = ['destination', 'wallet', 'receiver', 'review'] as const;
export type RegisterStep = (typeof REGISTER_STEPS)[number];

export type RegisterValues = {
  tokenId: string | null;
  address: string;
  memo: string;
  name: string;
  walletType: AddressBookWalletType;
  vaspId: string | null;
  receiverType: ReceiverType;
  nameKo: string;
  nameEn: string;
  representativeNameKo: string;
  representativeNameEn: string;
  birthday: string;
  incorporationDate: string;
  receiverAddress: string;
  phone: string;
};

export const EMPTY_REGISTER_VALUES: RegisterValues = {
  tokenId: null,
  address: '',
  memo: '',
  name: '',
  walletType: 'PERSONAL',
  vaspId: null,
  receiverType: 'INDIVIDUAL',
  nameKo: '',
  nameEn: '',
  representativeNameKo: '',
  representativeNameEn: '',
  birthday: '',
  incorporationDate: '',
  receiverAddress: '',
  phone: '',
};

/** The receiver's fields, as the form names them. */
export const RECEIVER_FIELDS = [
  'nameKo',
  'nameEn',
  'representativeNameKo',
  'representativeNameEn',
  'birthday',
  'incorporationDate',
  'receiverAddress',
  'phone',
] as const satisfies readonly (keyof RegisterValues)[];
export type ReceiverField = (typeof RECEIVER_FIELDS)[number];

export interface FieldNeed {
  field: ReceiverField;
  required: boolean;
}

/**
 * What the receiver step asks for a wallet type and a receiver type (the same rules as the API's draft check):
 * - Everyone: the receiver's names in Korean and English.
 * - An individual: the birthday (an exchange matches it in the travel-rule inquiry, 5104).
 * - A corporation: its incorporation date and its representative's names (5106, 5107), never a birthday.
 * - A self-managed entry: the receiver's address and phone may be recorded too. An exchange holds its customer's
 *   contact details itself, so an exchange entry does not ask them.
 */
export function receiverFieldsFor(walletType: AddressBookWalletType, receiverType: ReceiverType): FieldNeed[] {
  const fields: FieldNeed[] = [
    { field: 'nameKo', required: true },
    { field: 'nameEn', required: true },
  ];
  if (receiverType === 'CORPORATION') {
    fields.push(
      { field: 'representativeNameKo', required: true },
      { field: 'representativeNameEn', required: true },
      { field: 'incorporationDate', required: true },
    );
  } else {
    fields.push({ field: 'birthday', required: true });
  }
  if (walletType === 'PERSONAL') {
    fields.push({ field: 'receiverAddress', required: false }, { field: 'phone', required: false });
  }
  return fields;
}

/** Whether the token's network carries a memo (EOS-type networks such as BizAuto: a tag for the receiving account). */
export function needsMemo(tokenId: string | null): boolean {
  const token = tokenId ? tokenById(tokenId) : undefined;
  return !!token && BLOCKCHAIN_INFO[token.blockchain].family === 'eosio';
}

/** The fields each step asks, for the values chosen so far (the wallet and receiver types decide the last ones). */
export function stepFields(step: RegisterStep, values: RegisterValues): (keyof RegisterValues)[] {
  switch (step) {
    case 'destination':
      return needsMemo(values.tokenId) ? ['tokenId', 'address', 'memo', 'name'] : ['tokenId', 'address', 'name'];
    case 'wallet':
      return values.walletType === 'VASP' ? ['walletType', 'vaspId'] : ['walletType'];
    case 'receiver':
      return ['receiverType', ...receiverFieldsFor(values.walletType, values.receiverType).map((f) => f.field)];
    case 'review':
      return [];
  }
}

// Local rules of the fields: the contracts' schemas (their issues are message keys), translated.
const dateSchema: FieldSchema = CalendarDate;
const phoneSchema: FieldSchema = ReceiverInput.shape.phone;

const FIELD_SCHEMAS: Partial<Record<keyof RegisterValues, FieldSchema>> = {
  address: required(undefined, { trim: true }),
  memo: memoSchema as FieldSchema,
  name: textSchema,
  representativeNameKo: personNameSchema,
  representativeNameEn: personNameSchema,
  birthday: dateSchema,
  incorporationDate: dateSchema,
  receiverAddress: textSchema,
  phone: phoneSchema,
};

export interface RuleTexts {
  tokenRequired: string;
  vaspRequired: string;
  dateInFuture: string;
}

/** Today in the product's timezone, as YYYY-MM-DD. */
function today(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(new Date());
}

/**
 * The message of one field's problem with the values as they stand, or null: empty optional fields pass, fields
 * the current types do not ask are not checked at all.
 */
export function fieldError(
  field: keyof RegisterValues,
  values: RegisterValues,
  lang: AppLanguage,
  texts: RuleTexts,
): string | null {
  if (field === 'tokenId') return values.tokenId ? null : texts.tokenRequired;
  if (field === 'vaspId') return values.walletType !== 'VASP' || values.vaspId ? null : texts.vaspRequired;
  if (field === 'walletType' || field === 'receiverType') return null;
  if (field === 'memo' && !needsMemo(values.tokenId)) return null;
  const need = (RECEIVER_FIELDS as readonly string[]).includes(field)
    ? receiverFieldsFor(values.walletType, values.receiverType).find((f) => f.field === field)
    : { required: field !== 'memo' };
  if (!need) return null;
  const value = values[field];
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text && !need.required) return null;
  const schema =
    field === 'nameKo' || field === 'nameEn'
      ? values.receiverType === 'CORPORATION'
        ? (partyNameSchema as FieldSchema)
        : (personNameSchema as FieldSchema)
      : FIELD_SCHEMAS[field];
  const message = schema ? schemaError(need.required ? required(schema, { trim: true }) : schema, text, lang) : null;
  if (message) return message;
  if ((field === 'birthday' || field === 'incorporationDate') && text > today()) return texts.dateInFuture;
  return null;
}

/** Every problem of one step, by field. */
export function stepErrors(
  step: RegisterStep,
  values: RegisterValues,
  lang: AppLanguage,
  texts: RuleTexts,
): Partial<Record<keyof RegisterValues, string>> {
  const errors: Partial<Record<keyof RegisterValues, string>> = {};
  for (const field of stepFields(step, values)) {
    const message = fieldError(field, values, lang, texts);
    if (message) errors[field] = message;
  }
  return errors;
}

const optional = (value: string) => {
  const text = value.trim();
  return text ? text : undefined;
};

/**
 * The body of addressBookCreate from the values: only what the chosen types ask is sent (a field filled in before
 * the type changed is left out), and no exchange for a self-managed entry.
 */
export function toAddressBookInput(values: RegisterValues): AddressBookInput {
  const asked = new Set(receiverFieldsFor(values.walletType, values.receiverType).map((f) => f.field));
  const pick = (field: ReceiverField) => (asked.has(field) ? optional(values[field]) : undefined);
  const receiver: AddressBookInput['receiver'] = {
    nameKo: values.nameKo.trim(),
    nameEn: values.nameEn.trim(),
  };
  const extra = {
    representativeNameKo: pick('representativeNameKo'),
    representativeNameEn: pick('representativeNameEn'),
    birthday: pick('birthday'),
    incorporationDate: pick('incorporationDate'),
    address: pick('receiverAddress'),
    phone: pick('phone'),
  };
  for (const [key, value] of Object.entries(extra)) {
    if (value !== undefined) (receiver as Record<string, string>)[key] = value;
  }
  const memo = needsMemo(values.tokenId) ? optional(values.memo) : undefined;
  return {
    name: values.name.trim(),
    tokenId: values.tokenId ?? '',
    address: values.address.trim(),
    ...(memo ? { memo } : {}),
    walletType: values.walletType,
    ...(values.walletType === 'VASP' && values.vaspId ? { vaspId: values.vaspId } : {}),
    receiverType: values.receiverType,
    receiver,
  };
}

/** The form field a server issue's path (`receiver.birthday`, `address`) belongs to, or null. */
export function fieldOfIssuePath(path: string): keyof RegisterValues | null {
  const map: Record<string, keyof RegisterValues> = {
    name: 'name',
    tokenId: 'tokenId',
    address: 'address',
    memo: 'memo',
    walletType: 'walletType',
    vaspId: 'vaspId',
    receiverType: 'receiverType',
    'receiver.nameKo': 'nameKo',
    'receiver.nameEn': 'nameEn',
    'receiver.representativeNameKo': 'representativeNameKo',
    'receiver.representativeNameEn': 'representativeNameEn',
    'receiver.birthday': 'birthday',
    'receiver.incorporationDate': 'incorporationDate',
    'receiver.address': 'receiverAddress',
    'receiver.phone': 'phone',
  };
  return map[path] ?? null;
}

/** The step a field is asked in. */
export function stepOfField(field: keyof RegisterValues): RegisterStep {
  if (['tokenId', 'address', 'memo', 'name'].includes(field)) return 'destination';
  if (field === 'walletType' || field === 'vaspId') return 'wallet';
  return 'receiver';
}
