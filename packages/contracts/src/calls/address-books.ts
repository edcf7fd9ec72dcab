import { z } from 'zod';
import { OkAnswer, tagged } from '../call.js';
import { CURSOR_ANSWER, CURSOR_BODY, definePagedListCall } from '../paging.js';
import { AddressBookState } from '../states.js';
import { TokenId } from '../tokens.js';
import { memoSchema, partyNameSchema, personNameSchema, searchSchema, textSchema } from '../validation.js';
import { CalendarDate } from './assets.js';
import { AuthenticationBody } from './organization.js';

/**
 * The organization's address book (spec sections 3, 5): the only destinations withdrawals may use. A self-managed
 * (personal-verification) entry is registered at once; an exchange (VASP) entry only once the beneficiary VASP
 * confirmed the receiver through the travel rule.
 */

const addressBooksCall = tagged('address-books');

/** personal-verification: a wallet the receiver controls themselves; exchange: an account at a VASP. */
export const ADDRESS_BOOK_WALLET_TYPES = ['PERSONAL', 'VASP'] as const;
export const AddressBookWalletType = z.enum(ADDRESS_BOOK_WALLET_TYPES);
export type AddressBookWalletType = z.infer<typeof AddressBookWalletType>;

export const RECEIVER_TYPES = ['INDIVIDUAL', 'CORPORATION'] as const;
export const ReceiverType = z.enum(RECEIVER_TYPES);
export type ReceiverType = z.infer<typeof ReceiverType>;

/** A travel-rule result: approved, or the spec's code of why not (5100-5108). */
export const TRAVEL_RULE_FAILURES = ['5100', '5101', '5102', '5103', '5104', '5105', '5106', '5107', '5108'] as const;
export const TravelRuleFailure = z.enum(TRAVEL_RULE_FAILURES);
export type TravelRuleFailure = z.infer<typeof TravelRuleFailure>;

const phoneSchema = z
  .string('validation.phone.invalid')
  .trim()
  .regex(/^\+?[0-9][0-9 -]{5,30}$/, 'validation.phone.invalid');

/**
 * Who receives: what a travel-rule inquiry carries about the beneficiary (IVMS101 natural or legal person).
 * Individuals give a birthday; corporations an incorporation date and their representative's names.
 */
export const ReceiverInput = z.strictObject({
  /** A corporation's registered name (company punctuation allowed); an individual's is checked as a person's name. */
  nameKo: partyNameSchema,
  nameEn: partyNameSchema,
  representativeNameKo: personNameSchema.optional(),
  representativeNameEn: personNameSchema.optional(),
  birthday: CalendarDate.optional(),
  incorporationDate: CalendarDate.optional(),
  address: textSchema.optional(),
  phone: phoneSchema.optional(),
});
export type ReceiverInput = z.infer<typeof ReceiverInput>;

/** The draft of an entry, as the register form sends it (also what validate-address-book-context checks). */
export const AddressBookInput = z.strictObject({
  name: textSchema,
  tokenId: TokenId,
  address: z
    .string('validation.address.invalid')
    .trim()
    .min(1, 'validation.required')
    .max(128, 'validation.address.invalid'),
  memo: memoSchema,
  walletType: AddressBookWalletType,
  /** The exchange (from the VASP directory) for a VASP entry; absent for a self-managed one. */
  vaspId: z.uuid().optional(),
  receiverType: ReceiverType,
  receiver: ReceiverInput,
});
export type AddressBookInput = z.infer<typeof AddressBookInput>;

/** Personal data of the receiver: masked (`김*수`, `****-**-15`) in lists, whole in the detail for those allowed. */
export const ReceiverView = z.object({
  nameKo: z.string(),
  nameEn: z.string(),
  representativeNameKo: z.string().nullable(),
  representativeNameEn: z.string().nullable(),
  birthday: z.string().nullable(),
  incorporationDate: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  masked: z.boolean(),
});
export type ReceiverView = z.infer<typeof ReceiverView>;

export const Vasp = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The travel-rule endpoint the inquiries go to. */
  endpoint: z.string(),
});
export type Vasp = z.infer<typeof Vasp>;

export const AddressBookVerification = z.object({
  /** PENDING while the inquiry is out (retried with backoff), then APPROVED or REJECTED with a code. */
  status: z.enum(['PENDING', 'APPROVED', 'REJECTED']),
  code: TravelRuleFailure.nullable(),
  requestedAt: z.iso.datetime(),
  answeredAt: z.iso.datetime().nullable(),
  /** An approval holds until then; after it the entry must be verified again before a withdrawal uses it. */
  expiresAt: z.iso.datetime().nullable(),
});

export const AddressBookEntry = z.object({
  id: z.uuid(),
  name: z.string(),
  blockchain: z.string(),
  tokenId: TokenId,
  address: z.string(),
  memo: z.string().nullable(),
  walletType: AddressBookWalletType,
  vasp: Vasp.nullable(),
  receiverType: ReceiverType,
  receiver: ReceiverView,
  state: AddressBookState,
  /** The latest travel-rule verification of a VASP entry. */
  verification: AddressBookVerification.nullable(),
  createdAt: z.iso.datetime(),
  createdBy: z.object({ id: z.uuid(), userName: z.string() }).nullable(),
  deletedAt: z.iso.datetime().nullable(),
});
export type AddressBookEntry = z.infer<typeof AddressBookEntry>;

/** The detail: the entry with every verification it went through, newest first. */
export const AddressBookDetail = AddressBookEntry.extend({
  verifications: z.array(AddressBookVerification.extend({ id: z.uuid() })),
});
export type AddressBookDetail = z.infer<typeof AddressBookDetail>;

const entryParams = z.object({ addressBookId: z.uuid() });

export const addressBookCreateCall = addressBooksCall({
  id: 'addressBookCreate',
  method: 'POST',
  path: '/api/v1/address-books',
  summary:
    'Register an entry: a self-managed one is REGISTERED at once, an exchange one VERIFYING until the travel rule answers',
  access: 'ADDRESS_BOOK_CREATION',
  errors: ['3', '4014'],
  body: AddressBookInput,
  response: AddressBookEntry,
});

export const addressBookDeleteCall = addressBooksCall({
  id: 'addressBookDelete',
  method: 'DELETE',
  path: '/api/v1/address-books/{addressBookId}',
  summary: 'Delete an entry (soft: withdrawals that used it keep their destination); needs a fresh authenticator code',
  access: 'ADDRESS_BOOK_DELETION',
  errors: ['404', '4020', '4022', '4004', '4034'],
  params: entryParams,
  body: AuthenticationBody,
  response: OkAnswer,
});

export const addressBookGetCall = addressBooksCall({
  id: 'addressBookGet',
  method: 'GET',
  path: '/api/v1/address-books/{addressBookId}',
  summary: "One entry with the receiver's data and its verification history",
  access: 'member',
  errors: ['404'],
  params: entryParams,
  response: AddressBookDetail,
});

export const addressBookListCall = definePagedListCall({
  id: 'addressBookList',
  path: '/api/v1/address-books/{organizationId}',
  tag: 'address-books',
  summary: "The organization's entries, receivers' data masked; deleted ones only when asked for",
  access: 'member',
  errors: ['404'],
  params: z.object({ organizationId: z.uuid() }),
  sortFields: ['name', 'createdAt', 'tokenId'],
  filters: z.strictObject({
    search: searchSchema,
    tokenId: z.array(TokenId).max(50).optional(),
    state: z.array(AddressBookState).max(4).optional(),
    walletType: AddressBookWalletType.optional(),
  }),
  item: AddressBookEntry,
  bodyExtras: CURSOR_BODY,
  answerExtras: CURSOR_ANSWER,
});

export const addressBookVerifyCall = addressBooksCall({
  id: 'addressBookVerify',
  method: 'POST',
  path: '/api/v1/address-books/{addressBookId}/verify',
  summary: 'Verify a failed or expired exchange entry again with the data it holds (4021 while one is pending)',
  access: 'ADDRESS_BOOK_UPDATE',
  errors: ['404', '4021', '4022'],
  params: entryParams,
  response: AddressBookEntry,
});

// ── The register form's checks, field by field, before it submits ──────────────────────────────────
/** Problems by field path (`receiver.birthday`), each a validation message key; empty when the draft is fine. */
export const ValidationAnswer = z.object({
  valid: z.boolean(),
  issues: z.array(z.object({ path: z.string(), key: z.string(), message: z.string() })),
});
export type ValidationAnswer = z.infer<typeof ValidationAnswer>;

export const validateAddressBookContextCall = addressBooksCall({
  id: 'addressBookValidateContext',
  method: 'POST',
  path: '/api/v1/address-books/validate-address-book-context',
  summary: 'Every rule of a draft entry at once: the fields its wallet and receiver types need, name, address, pair',
  access: 'ADDRESS_BOOK_CREATION',
  body: z.strictObject({ draft: z.record(z.string(), z.unknown()) }),
  response: ValidationAnswer,
});

export const validateAddressBookNameCall = addressBooksCall({
  id: 'addressBookValidateName',
  method: 'POST',
  path: '/api/v1/address-books/validate-address-book-name-exist',
  summary: 'Whether the name is free in the organization',
  access: 'ADDRESS_BOOK_CREATION',
  body: z.strictObject({ name: textSchema }),
  response: z.object({ exists: z.boolean() }),
});

export const validateAddressBookAddressCall = addressBooksCall({
  id: 'addressBookValidateAddress',
  method: 'POST',
  path: '/api/v1/address-books/validate-address-book-blockchain-address',
  summary: "Whether the address (and memo) is valid on the token's network, with its checksum",
  access: 'ADDRESS_BOOK_CREATION',
  body: z.strictObject({ tokenId: TokenId, address: z.string().max(128), memo: memoSchema }),
  response: ValidationAnswer,
});

export const validateAddressBookDuplicateCall = addressBooksCall({
  id: 'addressBookValidateDuplicate',
  method: 'POST',
  path: '/api/v1/address-books/validate-address-book-duplicate-address-and-token',
  summary: 'Whether a live entry already has this address for this token',
  access: 'ADDRESS_BOOK_CREATION',
  body: z.strictObject({ tokenId: TokenId, address: z.string().max(128) }),
  response: z.object({ duplicate: z.boolean() }),
});

export const vaspDirectoryCall = addressBooksCall({
  id: 'vaspDirectory',
  method: 'GET',
  path: '/api/v1/vasp/directory',
  summary: 'The VASPs (exchanges) travel-rule inquiries can go to, for the register form',
  access: 'member',
  response: z.object({ items: z.array(Vasp) }),
});
