import type { OrganizationPermission } from '@vaultline/contracts';

/**
 * Who sees and manages which wallets: the one rule, pure. Everything that shows or acts on a wallet's data (the
 * wallet, its requests, balances, activities, live notices, address-book choices, staking) asks here.
 */
export interface Actor {
  accountId: string;
  permissions: readonly OrganizationPermission[];
}

export type WalletRole = 'MANAGER' | 'MEMBER' | null;

/** null: every wallet of the organization (WALLETS_VIEW, which OWNER holds); else the account whose memberships decide. */
export type WalletScope = string | null;

export function walletScope(actor: Actor): WalletScope {
  return actor.permissions.includes('WALLETS_VIEW') ? null : actor.accountId;
}

export function canSeeWallet(actor: Actor, role: WalletRole): boolean {
  return role !== null || walletScope(actor) === null;
}

/** Wallet managers manage members and the line; the organization owner may too. */
export function canManageWallet(actor: Actor, role: WalletRole): boolean {
  return role === 'MANAGER' || actor.permissions.includes('OWNER');
}
