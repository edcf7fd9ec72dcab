import { describe, expect, it } from 'vitest';
import { changeLines, shortId } from './audit-format';

describe('audit entry format', () => {
  it('lists every changed field once, sorted, with its value before and after', () => {
    expect(changeLines({ name: 'Old', memberIds: ['a'] }, { name: 'New' })).toEqual([
      { field: 'memberIds', before: '["a"]', after: null },
      { field: 'name', before: 'Old', after: 'New' },
    ]);
    expect(changeLines(null, { permissions: ['WALLETS_VIEW'] })).toEqual([
      { field: 'permissions', before: null, after: '["WALLETS_VIEW"]' },
    ]);
    expect(changeLines(null, null)).toEqual([]);
  });

  it('shortens long ids only', () => {
    expect(shortId('0123456789abcdef')).toBe('01234567…');
    expect(shortId('short')).toBe('short');
    expect(shortId(null)).toBeNull();
  });
});
