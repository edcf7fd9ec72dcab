import {
  type AddressBookDetail,
  type AddressBookEntry,
  type AddressBookInput,
  familyOf,
  type MessageLanguage,
  type ReceiverView,
  TravelRuleFailure,
  tokenById,
} from '@vaultline/contracts';
import { type Db, transaction } from '../../db/client.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError } from '../../http/app-error.js';
import { mayUseAddressBook } from '../access/address-book.policy.js';
import { visibleWalletIds } from '../access/visibility.repository.js';
import { walletScope } from '../access/wallet.policy.js';
import { actorOf, recordAudit } from '../audit/audit.js';
import { consumeCallerOtp } from '../auth/otp.service.js';
import type { AuthContext } from '../auth/session.service.js';
import { sanctionsCheck } from '../compliance/sanctions.service.js';
import { type OrganizationDeps, orgOf } from '../organization/organization.service.js';
import { addressKey, caseInsensitive, checkDraft, type RuleLookups, storedAddress } from './address-book.rules.js';
import { addressBookChecks } from './address-book-checks.service.js';
import {
  addressBooksRepository,
  EntryBusyError,
  type EntryListQuery,
  type EntryRow,
  type InquiryRow,
  vaspsRepository,
} from './address-books.repository.js';
import { invalid, issuesData } from './issues.js';
import { fullView, maskedView, maskReceiver, maySeeReceiver, sealReceiver, unsealReceiver } from './receiver.js';
import { travelRuleInquiries } from './travel-rule.service.js';

const NAME_KEY = 'address_book_entries_name_key';
const PAIR_KEY = 'address_book_entries_token_address_key';

function verificationView(i: InquiryRow) {
  const failure = TravelRuleFailure.safeParse(i.code);
  // ERROR is an inquiry given up after its retries: to the entry it is a rejection, "undefined error" unless coded.
  const status = i.status === 'PENDING' ? 'PENDING' : i.status === 'APPROVED' ? 'APPROVED' : 'REJECTED';
  return {
    status,
    code: failure.success ? failure.data : status === 'REJECTED' ? '5108' : null,
    requestedAt: i.createdAt.toISOString(),
    answeredAt: i.answeredAt?.toISOString() ?? null,
    expiresAt: i.expiresAt?.toISOString() ?? null,
  } as const;
}

function entryView(row: EntryRow, latest: InquiryRow | undefined, receiver: ReceiverView): AddressBookEntry {
  return {
    id: row.id,
    name: row.name,
    blockchain: row.blockchain,
    tokenId: row.tokenId,
    address: row.address,
    memo: row.memo,
    walletType: row.walletType,
    vasp: row.vaspId ? { id: row.vaspId, name: row.vaspName ?? '', endpoint: row.vaspEndpoint ?? '' } : null,
    receiverType: row.receiverType,
    receiver,
    state: row.state,
    verification: latest ? verificationView(latest) : null,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdById ? { id: row.createdById, userName: row.createdByName ?? '' } : null,
    deletedAt: row.deletedAt?.toISOString() ?? null,
  };
}

/** A registered exchange entry needs verifying again once its approval has lapsed (or was never recorded). */
function verificationLapsed(latest: InquiryRow | undefined, now: Date): boolean {
  if (latest?.status !== 'APPROVED') return true;
  return latest.expiresAt !== null && latest.expiresAt.getTime() <= now.getTime();
}

/** The organization's address book (issue 14): entries, their receivers' data, and their travel-rule state. */
export function addressBooksService(deps: OrganizationDeps) {
  const { db, config, clock } = deps;

  /** The rules' questions to the database, inside `tx` and the caller's organization. */
  function lookups(tx: Db, organizationId: string): RuleLookups {
    const repo = addressBooksRepository(tx, organizationId);
    return {
      nameTaken: (name) => repo.nameTaken(name),
      pairState: (tokenId, key) => repo.pairState(tokenId, key),
      ownWallet: (blockchain, key) => repo.ownWallet(familyOf(blockchain), key, caseInsensitive(blockchain, key)),
      vaspExists: (id) => vaspsRepository(tx).exists(id),
      sanctioned: (blockchain, address) => sanctionsCheck(tx).isSanctioned(blockchain, address),
    };
  }

  /** Reading needs what choosing a destination needs: WALLETS_VIEW or a place in one of the organization's wallets. */
  async function assertMayRead(auth: AuthContext) {
    const visible = await visibleWalletIds(db, orgOf(auth), walletScope(auth));
    const walletCount = visible === 'ALL' ? Number.POSITIVE_INFINITY : visible.size;
    if (!mayUseAddressBook(auth, 'READ', walletCount)) throw new AppError('403');
  }

  async function describe(tx: Db, auth: AuthContext, id: string, receiver?: ReceiverView) {
    const repo = addressBooksRepository(tx, orgOf(auth));
    const row = await repo.find(id);
    if (!row) throw new AppError('404');
    const inquiries = await repo.inquiries([id]);
    return { row, inquiries, entry: entryView(row, inquiries[0], receiver ?? maskedView(row.receiverMasked)) };
  }

  /** A lost race on a unique index reads as the rule it enforces; a pair still being verified answers 4014. */
  async function raceRefusal(err: unknown, organizationId: string, input: AddressBookInput, lang: MessageLanguage) {
    if (isUniqueViolation(err, NAME_KEY)) return invalid(lang, 'name', 'validation.addressBook.nameTaken');
    if (isUniqueViolation(err, PAIR_KEY)) {
      const blockchain = tokenById(input.tokenId)!.blockchain;
      const state = await addressBooksRepository(db, organizationId).pairState(
        input.tokenId,
        addressKey(blockchain, input.address),
      );
      if (state === 'VERIFYING') return new AppError('4014');
      return invalid(lang, 'address', 'validation.addressBook.duplicate');
    }
    return err;
  }

  return {
    /** The validate calls of the register form, on the same rules and lookups as create. */
    checks: addressBookChecks((organizationId) => lookups(db, organizationId)),

    async create(auth: AuthContext, input: AddressBookInput, lang: MessageLanguage): Promise<AddressBookEntry> {
      const organizationId = orgOf(auth);
      try {
        return await transaction(db, async (tx) => {
          const check = await checkDraft(input, lookups(tx, organizationId));
          if (check.pairVerifying) throw new AppError('4014');
          if (check.issues.some((i) => i.key === 'validation.address.invalid')) {
            throw new AppError('3', issuesData(check.issues, lang, 'body'));
          }
          if (check.issues.length > 0) throw new AppError('4000', issuesData(check.issues, lang, 'body'));

          const blockchain = tokenById(input.tokenId)!.blockchain;
          const exchange = input.walletType === 'VASP';
          const now = clock();
          const address = storedAddress(blockchain, input.address);
          const memo = input.memo ? input.memo : null;
          const id = await addressBooksRepository(tx, organizationId).insert({
            name: input.name,
            blockchain,
            tokenId: input.tokenId,
            address,
            addressKey: addressKey(blockchain, input.address),
            memo,
            walletType: input.walletType,
            vaspId: exchange ? input.vaspId! : null,
            receiverType: input.receiverType,
            receiverEnc: sealReceiver(input.receiver, config.masterKey),
            receiverMasked: maskReceiver(input.receiver),
            // A self-managed wallet is registered at once; an exchange's only once the travel rule approves it.
            state: exchange ? 'VERIFYING' : 'REGISTERED',
            createdBy: auth.accountId,
            createdAt: now,
            updatedAt: now,
          });
          await recordAudit(
            tx,
            actorOf(auth),
            {
              action: 'ADDRESS_BOOK_ENTRY_CREATED',
              objectType: 'address_book_entry',
              objectId: id,
              after: {
                name: input.name,
                tokenId: input.tokenId,
                address,
                memo,
                walletType: input.walletType,
                vaspId: exchange ? input.vaspId! : null,
                receiverType: input.receiverType,
                // The receiver's personal data stays sealed in its entry: the log keeps the masked form.
                receiver: maskReceiver(input.receiver),
                state: exchange ? 'VERIFYING' : 'REGISTERED',
              },
            },
            now,
          );
          if (exchange) {
            await travelRuleInquiries(tx, config.masterKey).open({
              organizationId,
              addressBookId: id,
              vaspId: input.vaspId!,
              blockchain,
              tokenId: input.tokenId,
              address,
              memo,
              receiverType: input.receiverType,
              receiver: input.receiver,
              requestedBy: auth.accountId,
            });
          }
          return (await describe(tx, auth, id)).entry;
        });
      } catch (err) {
        throw await raceRefusal(err, organizationId, input, lang);
      }
    },

    async get(auth: AuthContext, id: string): Promise<AddressBookDetail> {
      await assertMayRead(auth);
      const { row, inquiries, entry } = await describe(db, auth, id);
      // Whole personal data only for those who manage the address book; see receiver.ts.
      const receiver = maySeeReceiver(auth.permissions)
        ? fullView(unsealReceiver(row.receiverEnc, config.masterKey))
        : entry.receiver;
      return {
        ...entry,
        receiver,
        verifications: inquiries.map((i) => ({ id: i.id, ...verificationView(i) })),
      };
    },

    async list(auth: AuthContext, organizationId: string, q: EntryListQuery) {
      // Another organization's book is simply not there for this caller.
      if (organizationId !== orgOf(auth)) throw new AppError('404');
      await assertMayRead(auth);
      const repo = addressBooksRepository(db, organizationId);
      const { rows, total, nextCursor } = await repo.list(q);
      const inquiries = await repo.inquiries(rows.map((r) => r.id));
      const latest = new Map<string, InquiryRow>();
      for (const i of inquiries) if (i.addressBookId && !latest.has(i.addressBookId)) latest.set(i.addressBookId, i);
      const items = rows.map((r) => entryView(r, latest.get(r.id), maskedView(r.receiverMasked)));
      return { items, page: q.page, size: q.size, total, nextCursor };
    },

    /** Soft delete: the row stays for the withdrawals that used it; its name and pair are free again. */
    async remove(auth: AuthContext, id: string, otpCode: string) {
      return transaction(db, async (tx) => {
        const repo = addressBooksRepository(tx, orgOf(auth));
        const row = await repo.lock(id).catch((err: unknown) => {
          throw err instanceof EntryBusyError ? new AppError('4020') : err;
        });
        if (!row) throw new AppError('404');
        if (row.state === 'DELETED') throw new AppError('4022');
        await consumeCallerOtp(tx, deps, auth.accountId, otpCode);
        await repo.setState(id, 'DELETED', clock(), auth.accountId);
        await recordAudit(
          tx,
          actorOf(auth),
          {
            action: 'ADDRESS_BOOK_ENTRY_DELETED',
            objectType: 'address_book_entry',
            objectId: id,
            before: { name: row.name, address: row.address, state: row.state },
            after: { state: 'DELETED' },
          },
          clock(),
        );
        return { ok: true as const };
      });
    },

    /** Re-verification of a failed or lapsed exchange entry with the data it holds, without re-entering them. */
    async verify(auth: AuthContext, id: string, lang: MessageLanguage): Promise<AddressBookEntry> {
      return transaction(db, async (tx) => {
        const organizationId = orgOf(auth);
        const repo = addressBooksRepository(tx, organizationId);
        const row = await repo.lock(id).catch((err: unknown) => {
          throw err instanceof EntryBusyError ? new AppError('4021') : err;
        });
        if (!row) throw new AppError('404');
        if (row.state === 'DELETED') throw new AppError('4022');
        if (row.walletType !== 'VASP') throw new AppError('4000', { reason: 'not-an-exchange-entry' });
        const inquiries = travelRuleInquiries(tx, config.masterKey);
        if (row.state === 'VERIFYING' || (await inquiries.pendingFor(id))) throw new AppError('4021');
        const now = clock();
        const [latest] = await repo.inquiries([id]);
        if (row.state === 'REGISTERED' && !verificationLapsed(latest, now)) {
          throw new AppError('4000', { reason: 'verification-still-valid' });
        }
        const blockchain = tokenById(row.tokenId)!.blockchain;
        // A list imported since the entry was made counts: a sanctioned address is never verified again.
        if (await sanctionsCheck(tx).isSanctioned(blockchain, row.address)) {
          throw invalid(lang, 'address', 'validation.addressBook.sanctioned');
        }
        await repo.setState(id, 'VERIFYING', now);
        await recordAudit(
          tx,
          actorOf(auth),
          {
            action: 'ADDRESS_BOOK_ENTRY_REVERIFIED',
            objectType: 'address_book_entry',
            objectId: id,
            before: { state: row.state },
            after: { state: 'VERIFYING' },
          },
          now,
        );
        await inquiries.open({
          organizationId,
          addressBookId: id,
          vaspId: row.vaspId!,
          blockchain,
          tokenId: row.tokenId,
          address: row.address,
          memo: row.memo,
          receiverType: row.receiverType,
          receiver: unsealReceiver(row.receiverEnc, config.masterKey),
          requestedBy: auth.accountId,
        });
        return (await describe(tx, auth, id)).entry;
      });
    },

    async vaspDirectory() {
      return { items: await vaspsRepository(db).all() };
    },
  };
}

export type AddressBooksService = ReturnType<typeof addressBooksService>;
