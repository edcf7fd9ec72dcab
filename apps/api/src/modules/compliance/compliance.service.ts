import { isValidAddress } from '@vaultline/chains';
import type { Blockchain, VaspRequest } from '@vaultline/contracts';
import { familyOf } from '@vaultline/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { type AddressBookAction, mayUseAddressBook } from '../access/address-book.policy.js';
import { visibleWalletIds } from '../access/visibility.repository.js';
import type { AuthContext } from '../auth/session.service.js';
import { orgOf } from '../organization/organization.service.js';
import { complianceRepository, type InquiryRow } from './compliance.repository.js';
import { sanctionsListings } from './sanctions.service.js';
import { addressKeyOf, isCaseless } from './sanctions-chains.js';

const ADDRESS_BOOK_ACTIONS: AddressBookAction[] = ['READ', 'CREATE', 'UPDATE', 'DELETE'];

function view(row: InquiryRow): VaspRequest {
  return {
    id: row.id,
    direction: row.direction,
    addressBookId: row.addressBookId,
    counterparty: row.counterparty,
    blockchain: row.blockchain as Blockchain,
    address: row.address,
    status: row.status,
    code: row.code as VaspRequest['code'],
    attempts: row.attempts,
    requestedBy: row.requestedById ? { id: row.requestedById, userName: row.requestedByName ?? '' } : null,
    createdAt: row.createdAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
  };
}

/** The address check before a destination is used, and the organization's travel-rule inquiries. */
export function complianceService(deps: { db: Db }) {
  const { db } = deps;

  /**
   * The inquiries are the address book's verification history: whoever may use the address book in any way sees
   * them (a holder of an ADDRESS_BOOK_* permission, WALLETS_VIEW, or a member of one of the wallets).
   */
  async function mayReadInquiries(auth: AuthContext, organizationId: string) {
    // Permissions first (no wallet count needed); then a wallet membership, which needs the count.
    if (ADDRESS_BOOK_ACTIONS.some((a) => mayUseAddressBook(auth, a, 0))) return true;
    const mine = await visibleWalletIds(db, organizationId, auth.accountId);
    return mayUseAddressBook(auth, 'READ', mine === 'ALL' ? 1 : mine.size);
  }

  return {
    async verifyAddress(auth: AuthContext, blockchain: Blockchain, address: string) {
      const organizationId = orgOf(auth);
      // A malformed address is never looked up: it can be neither listed usefully nor sent to.
      if (!isValidAddress(blockchain, address)) return { valid: false, vasp: null, sanctioned: false, listings: [] };
      const family = familyOf(blockchain);
      // Only our own organization's verifications say where an address lives: another's are theirs to keep.
      const vasp = await complianceRepository(db, organizationId).approvedVasp(
        blockchain,
        addressKeyOf(family, address),
        isCaseless(family, address),
      );
      const listings = (await sanctionsListings(db, blockchain, address)).map((l) => ({
        list: l.list,
        entity: l.entity,
        listedAt: l.listedAt,
      }));
      return { valid: true, vasp, sanctioned: listings.length > 0, listings };
    },

    async vaspRequests(auth: AuthContext, q: { page: number; size: number; addressBookId?: string | undefined }) {
      const organizationId = orgOf(auth);
      if (!(await mayReadInquiries(auth, organizationId))) throw new AppError('403');
      const { rows, total } = await complianceRepository(db, organizationId).inquiries(q);
      return { items: rows.map(view), page: q.page, size: q.size, total };
    },
  };
}

export type ComplianceService = ReturnType<typeof complianceService>;
