import { AUDIT_OBJECT_TYPES } from '@vaultline/contracts';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { changeLines, objectName, shortId } from './audit-format';

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

  it('names every object type in both languages, and an unknown one as it is', async () => {
    for (const lang of ['ko', 'en']) {
      await i18n.changeLanguage(lang);
      for (const type of AUDIT_OBJECT_TYPES) expect(objectName(i18n.t, type)).not.toMatch(/audit\.|_/);
    }
    expect(objectName(i18n.t, 'group')).toBe('Group');
    expect(objectName(i18n.t, 'newer_kind')).toBe('newer_kind');
  });
});
