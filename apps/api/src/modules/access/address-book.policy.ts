import type { OrganizationPermission } from '@vaultline/contracts';
import { type Actor, walletScope } from './wallet.policy.js';

export type AddressBookAction = 'READ' | 'CREATE' | 'UPDATE' | 'DELETE';

const NEEDS: Record<Exclude<AddressBookAction, 'READ'>, OrganizationPermission> = {
  CREATE: 'ADDRESS_BOOK_CREATION',
  UPDATE: 'ADDRESS_BOOK_UPDATE',
  DELETE: 'ADDRESS_BOOK_DELETION',
};

/**
 * The organization's address book: read by whoever may pick a destination (WALLETS_VIEW, or a member of any
 * wallet: `walletCount`), changed by the holders of its permissions.
 */
export function mayUseAddressBook(actor: Actor, action: AddressBookAction, walletCount: number): boolean {
  if (action === 'READ') return walletScope(actor) === null || walletCount > 0;
  return actor.permissions.includes(NEEDS[action]);
}
