import { afterEach, describe, it, vi } from 'vitest';
import { expectCursorOnNext } from '../../test/cursor-list';
import { useRequestList } from './api';

describe('request list paging', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks for the next page by the cursor of the one shown, for any other page by its number', async () => {
    await expectCursorOnNext('/api/v1/organizations/requests', (page) =>
      useRequestList({ tab: 'ALL_APPROVAL_HISTORY', type: null, status: null, from: null, to: null, page }),
    );
  });
});
