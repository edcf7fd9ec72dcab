import { afterEach, describe, it, vi } from 'vitest';
import { expectCursorOnNext } from '../../test/cursor-list';
import { useMemberList } from './api';

describe('member list paging', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks for the next page by the cursor of the one shown, for any other page by its number', async () => {
    await expectCursorOnNext('/api/v1/organization/members', (page) => useMemberList(page, ''));
  });
});
