import type { OrganizationPermission as P } from '@vaultline/contracts';
import { describe, expect, it } from 'vitest';
import { missingGrantPower } from './permission-grant.policy.js';

const MPS: P = 'MANAGEMENT_PERMISSION_SETTINGS';

describe('missingGrantPower: nobody changes a permission they could not set themselves', () => {
  const table: [string, P[], P[], P[], ReturnType<typeof missingGrantPower>][] = [
    ['no change needs no power', ['GROUP_UPDATE'], ['WALLETS_VIEW'], ['WALLETS_VIEW'], null],
    ['GROUP_UPDATE alone cannot grant MPS through a group', ['GROUP_UPDATE'], [], [MPS], MPS],
    ['ORG_MEMBER_INVITATION alone cannot grant anything', ['ORG_MEMBER_INVITATION'], [], ['WALLETS_VIEW'], MPS],
    ['taking a permission away is a change too', ['GROUP_DELETION'], ['WALLETS_VIEW'], [], MPS],
    ['a reordering is no change', ['GROUP_UPDATE'], ['WALLETS_VIEW', MPS], [MPS, 'WALLETS_VIEW'], null],
    ['MPS grants any permission but OWNER', [MPS], [], ['WALLETS_CREATION', MPS, 'GROUP_DELETION'], null],
    ['MPS grants permissions it does not hold itself', [MPS], ['WALLETS_VIEW'], ['ADDRESS_BOOK_UPDATE'], null],
    ['MPS cannot grant OWNER', [MPS], [], ['OWNER'], 'OWNER'],
    ['MPS cannot take OWNER away', [MPS], ['OWNER', 'WALLETS_VIEW'], ['WALLETS_VIEW'], 'OWNER'],
    ['an owner changes anything', ['OWNER'], ['WALLETS_VIEW'], ['OWNER', MPS], null],
    ['a member with no permissions changes nothing', [], [], ['WALLETS_VIEW'], MPS],
  ];
  it.each(table)('%s', (_, actor, before, after, expected) => {
    expect(missingGrantPower(actor, before, after)).toBe(expected);
  });
});
