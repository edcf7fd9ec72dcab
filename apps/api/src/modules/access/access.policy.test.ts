import type { OrganizationPermission } from '@vaultline/contracts';
import { describe, expect, it } from 'vitest';
import { mayUseAddressBook } from './address-book.policy.js';
import { canSeeRequest } from './request.policy.js';
import { canSeeStakingPosition, mayRequestStaking } from './staking.policy.js';
import { canManageWallet, canSeeWallet, walletScope } from './wallet.policy.js';

const actor = (...permissions: OrganizationPermission[]) => ({ accountId: 'me', permissions });
const owner = actor('OWNER', 'WALLETS_VIEW');
const viewer = actor('WALLETS_VIEW');
const plain = actor();

describe('wallets', () => {
  it.each([
    ['owner, no role', owner, null, true, true],
    ['viewer, no role', viewer, null, true, false],
    ['plain member of the wallet', plain, 'MEMBER', true, false],
    ['plain manager of the wallet', plain, 'MANAGER', true, true],
    ['plain, not in the wallet', plain, null, false, false],
  ] as const)('%s: sees %s, manages %s', (_, who, role, sees, manages) => {
    expect(canSeeWallet(who, role)).toBe(sees);
    expect(canManageWallet(who, role)).toBe(manages);
  });

  it('scopes lists to every wallet or to the member own wallets', () => {
    expect(walletScope(owner)).toBeNull();
    expect(walletScope(viewer)).toBeNull();
    expect(walletScope(plain)).toBe('me');
  });
});

describe('requests', () => {
  const request = (over: Partial<Parameters<typeof canSeeRequest>[1]> = {}) => ({
    initiatorId: 'other',
    walletId: 'w1',
    steps: [{ eligible: ['a', 'b'] }],
    ...over,
  });
  it.each([
    ['anyone with WALLETS_VIEW', viewer, request(), new Set<string>(), true],
    ['the initiator', plain, request({ initiatorId: 'me' }), new Set<string>(), true],
    ['someone in the line', plain, request({ steps: [{ eligible: ['me'] }] }), new Set<string>(), true],
    ['a member of its wallet', plain, request(), new Set(['w1']), true],
    ['a member of another wallet', plain, request(), new Set(['w2']), false],
    ['nobody else (no wallet)', plain, request({ walletId: null }), new Set(['w1']), false],
  ] as const)('%s: %s', (_, who, req, mine, sees) => {
    expect(canSeeRequest(who, req, mine)).toBe(sees);
  });
});

describe('address book', () => {
  it('is read by whoever may pick a destination, changed by its permission holders', () => {
    expect(mayUseAddressBook(viewer, 'READ', 0)).toBe(true);
    expect(mayUseAddressBook(plain, 'READ', 1)).toBe(true);
    expect(mayUseAddressBook(plain, 'READ', 0)).toBe(false);
    expect(mayUseAddressBook(actor('ADDRESS_BOOK_CREATION'), 'CREATE', 0)).toBe(true);
    expect(mayUseAddressBook(actor('ADDRESS_BOOK_CREATION'), 'DELETE', 0)).toBe(false);
    expect(mayUseAddressBook(actor('ADDRESS_BOOK_DELETION'), 'DELETE', 0)).toBe(true);
    expect(mayUseAddressBook(actor('ADDRESS_BOOK_UPDATE'), 'UPDATE', 0)).toBe(true);
  });
});

describe('staking positions', () => {
  it('follow their wallet; requests come from the creation step, the owner or a manager', () => {
    expect(canSeeStakingPosition(plain, null)).toBe(false);
    expect(canSeeStakingPosition(plain, 'MEMBER')).toBe(true);
    expect(mayRequestStaking(plain, 'MEMBER', false)).toBe(false);
    expect(mayRequestStaking(plain, 'MEMBER', true)).toBe(true);
    expect(mayRequestStaking(plain, 'MANAGER', false)).toBe(true);
    expect(mayRequestStaking(owner, null, false)).toBe(true);
  });
});
