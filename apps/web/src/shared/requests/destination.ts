import { useQuery } from '@tanstack/react-query';
import { callApi, lazyCall } from '../../lib/api-client';

const addressBookGetCall = lazyCall(() => import('./calls'), 'addressBookGetCall');

/**
 * The address-book name of a withdrawal's destination, when the entry can be read (deleted entries too: a withdrawal
 * keeps its destination). Same key as the address book's own detail, so an entry is read once for both.
 */
export function useDestinationName(addressBookId: string | null): string | undefined {
  const entry = useQuery({
    queryKey: ['address-book', 'detail', addressBookId],
    queryFn: ({ signal }) => callApi(addressBookGetCall, { params: { addressBookId: addressBookId ?? '' }, signal }),
    enabled: !!addressBookId,
    staleTime: 60_000,
    retry: false,
  });
  return entry.data?.name;
}
