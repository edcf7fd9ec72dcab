import { afterEach, describe, it, vi } from 'vitest';
import { expectCursorOnNext } from '../../test/cursor-list';
import { ORG_ID } from '../../test/fixtures';
import { useAddressBookList } from './api';

describe('address-book list paging', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks for the next page by the cursor of the one shown, for any other page by its number', async () => {
    await expectCursorOnNext(`/api/v1/address-books/${ORG_ID}`, (page) =>
      useAddressBookList(ORG_ID, { search: '', tokenId: null, state: null, page }),
    );
  });
});
