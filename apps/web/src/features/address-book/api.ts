import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  AddressBookDetail,
  AddressBookEntry,
  AddressBookInput,
  AddressBookState,
  ValidationAnswer,
} from '@vaultline/contracts';
import { callApi, lazyCall } from '../../lib/api-client';
import type { ApiError } from '../../lib/error-reader';
import { sortBy, useCursorPagedQuery, useRefreshingMutation } from '../../lib/queries';
import { useSendWithCode } from '../../lib/secrets';

// Each call's definition (and its schemas) arrives with the first call: the screen draws without zod (calls.ts).
const calls = () => import('./calls');
const addressBookCreateCall = lazyCall(calls, 'addressBookCreateCall');
const addressBookDeleteCall = lazyCall(calls, 'addressBookDeleteCall');
const addressBookGetCall = lazyCall(calls, 'addressBookGetCall');
const addressBookListCall = lazyCall(calls, 'addressBookListCall');
const addressBookVerifyCall = lazyCall(calls, 'addressBookVerifyCall');
const validateAddressBookAddressCall = lazyCall(calls, 'validateAddressBookAddressCall');
const validateAddressBookContextCall = lazyCall(calls, 'validateAddressBookContextCall');
const validateAddressBookDuplicateCall = lazyCall(calls, 'validateAddressBookDuplicateCall');
const validateAddressBookNameCall = lazyCall(calls, 'validateAddressBookNameCall');
const vaspDirectoryCall = lazyCall(calls, 'vaspDirectoryCall');

/** Every address-book query starts with this key, so one change refreshes them all. */
export const ADDRESS_BOOK_QUERY = ['address-book'] as const;
export const ADDRESS_BOOK_PAGE_SIZE = 10;
/** While an exchange entry waits for the travel rule, its list and detail are read again this often. */
export const VERIFYING_REFRESH_MS = 3000;

export interface AddressBookFilters {
  search: string;
  tokenId: string | null;
  state: AddressBookState | null;
  page: number;
}

const isWaiting = (entry: Pick<AddressBookEntry, 'state' | 'verification'>) =>
  entry.state === 'VERIFYING' || entry.verification?.status === 'PENDING';

/**
 * One page of the organization's entries, newest first; read again while any of them is being verified. The next
 * page is read by the cursor of the one on screen.
 */
export function useAddressBookList(organizationId: string, { search, tokenId, state, page }: AddressBookFilters) {
  const body = {
    page,
    size: ADDRESS_BOOK_PAGE_SIZE,
    sort: sortBy('createdAt', 'DESC'),
    filters: {
      ...(search ? { search } : {}),
      ...(tokenId ? { tokenId: [tokenId] } : {}),
      ...(state ? { state: [state] } : {}),
    },
  };
  return useCursorPagedQuery(
    [...ADDRESS_BOOK_QUERY, 'list', organizationId, search, tokenId, state],
    addressBookListCall,
    body,
    {
      params: { organizationId },
      refetchInterval: (data) => (hasWaitingEntry(data?.items) ? VERIFYING_REFRESH_MS : false),
    },
  );
}

/** Whether a list page holds an entry still waiting for the travel rule. */
export function hasWaitingEntry(items: readonly AddressBookEntry[] | undefined): boolean {
  return !!items?.some(isWaiting);
}

/** One entry with its receiver's data and every verification; read again while one is pending. */
export function useAddressBookDetail(addressBookId: string | null) {
  return useQuery({
    queryKey: [...ADDRESS_BOOK_QUERY, 'detail', addressBookId],
    queryFn: ({ signal }) => callApi(addressBookGetCall, { params: { addressBookId: addressBookId ?? '' }, signal }),
    enabled: !!addressBookId,
    refetchInterval: (query) => (query.state.data && isWaiting(query.state.data) ? VERIFYING_REFRESH_MS : false),
  });
}

/** The exchanges travel-rule inquiries can go to (cached: the directory seldom changes). */
export function useVaspDirectory(enabled: boolean) {
  return useQuery({
    queryKey: [...ADDRESS_BOOK_QUERY, 'vasps'],
    queryFn: ({ signal }) => callApi(vaspDirectoryCall, { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

const CHECK = { retry: false, staleTime: 15_000, gcTime: 60_000 } as const;

/** Whether the name is taken in the organization; asked only for a name that passes the local rules. */
export function useNameCheck(name: string) {
  return useQuery({
    queryKey: [...ADDRESS_BOOK_QUERY, 'check-name', name],
    queryFn: ({ signal }) => callApi(validateAddressBookNameCall, { body: { name }, signal }),
    enabled: !!name,
    ...CHECK,
  });
}

/** Whether the address (and memo) is valid on the token's network, checksum included. */
export function useAddressCheck(tokenId: string | null, address: string, memo: string | undefined) {
  return useQuery({
    queryKey: [...ADDRESS_BOOK_QUERY, 'check-address', tokenId, address, memo ?? null],
    queryFn: ({ signal }) =>
      callApi(validateAddressBookAddressCall, {
        body: { tokenId: tokenId ?? '', address, ...(memo ? { memo } : {}) },
        signal,
      }),
    enabled: !!tokenId && !!address,
    ...CHECK,
  });
}

/** Whether a live entry already has this address for this token. */
export function useDuplicateCheck(tokenId: string | null, address: string, enabled: boolean) {
  return useQuery({
    queryKey: [...ADDRESS_BOOK_QUERY, 'check-duplicate', tokenId, address],
    queryFn: ({ signal }) =>
      callApi(validateAddressBookDuplicateCall, { body: { tokenId: tokenId ?? '', address }, signal }),
    enabled: enabled && !!tokenId && !!address,
    ...CHECK,
  });
}

/** Every rule of the whole draft at once, before the review step. */
export function useValidateDraft() {
  return useMutation<ValidationAnswer, ApiError, AddressBookInput>({
    mutationKey: [...ADDRESS_BOOK_QUERY, 'validate'],
    mutationFn: (draft) => callApi(validateAddressBookContextCall, { body: { draft: { ...draft } } }),
  });
}

/** Registers an entry; the lists are read again once it is in. */
export function useCreateEntry() {
  return useRefreshingMutation(ADDRESS_BOOK_QUERY, 'create', (body: AddressBookInput) =>
    callApi(addressBookCreateCall, { body }),
  );
}

/** Sends a failed or expired exchange entry to the travel rule again. */
export function useVerifyEntry() {
  return useRefreshingMutation(ADDRESS_BOOK_QUERY, 'verify', (addressBookId: string) =>
    callApi(addressBookVerifyCall, { params: { addressBookId } }),
  );
}

export type EntryDeletionInput = { addressBookId: string; otpCode: string };

/** Deletes an entry with a fresh authenticator code, sent encrypted. */
export function useDeleteEntry() {
  const sendWithCode = useSendWithCode();
  return useRefreshingMutation(ADDRESS_BOOK_QUERY, 'delete', ({ addressBookId, otpCode }: EntryDeletionInput) =>
    sendWithCode(addressBookDeleteCall, { addressBookId }, otpCode),
  );
}

export type { AddressBookDetail, AddressBookEntry };
