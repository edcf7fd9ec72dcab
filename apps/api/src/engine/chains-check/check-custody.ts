// The check's own custody: one internal organization ("Vaultline chains check") with a sealed seed and two wallets
// per blockchain it checks, stored the way wallet creation stores them. Found again on the next run, so a check
// against a node keeps using (and needs funding of) the same two addresses.
import { deriveAccount, generateMnemonic, mnemonicToSeed, randomEosAccountName } from '@vaultline/chains';
import { type Blockchain, familyOf } from '@vaultline/contracts';
import { and, eq } from 'drizzle-orm';
import { type Db, transaction } from '../../db/client.js';
import { accounts, organizationSeeds, organizations, requests, wallets } from '../../db/schema/index.js';
import { decryptAtRest, encryptAtRest } from '../../security/at-rest.js';
import { SEED_CONTEXT } from '../wallet-creation.js';

export const CHECK_ORGANIZATION_NAME = 'Vaultline chains check';
const CHECK_EMAIL = 'chains-check@vaultline.invalid';

export interface CheckWallet {
  id: string;
  blockchain: Blockchain;
  address: string;
  publicKey: string;
}

export interface CheckCustody {
  organizationId: string;
  /** The member behind the check's requests (it cannot sign in). */
  memberId: string;
  /** The first `count` (default two) wallets of `blockchain`, made on first use. */
  walletsOf(blockchain: Blockchain, count?: number): Promise<[CheckWallet, CheckWallet, ...CheckWallet[]]>;
  /** A completed request of the organization, for a transfer's request_id. */
  newRequest(): Promise<string>;
}

/**
 * A request of the organization already COMPLETE: what a wallet row's creation_request_id and a transfer's request_id
 * point at when the check (or a test) makes them without going through an approval line.
 */
export async function insertCompletedRequest(db: Db, organizationId: string, initiatorId: string): Promise<string> {
  const [request] = await db
    .insert(requests)
    .values({
      organizationId,
      type: 'WALLET_CREATION',
      itemType: 'WALLET_CREATION',
      payload: { kind: 'WALLET_CREATION' },
      status: 'COMPLETE',
      initiatorId,
      steps: [],
    })
    .returning();
  return request!.id;
}

/** A second organization of the check: withdrawals go to its wallets, since an address book admits no own wallet. */
export const CHECK_RECIPIENT = {
  name: 'Vaultline chains check recipient',
  email: 'chains-check-recipient@vaultline.invalid',
};

export async function checkCustody(
  db: Db,
  masterKey: string,
  who: { name: string; email: string } = { name: CHECK_ORGANIZATION_NAME, email: CHECK_EMAIL },
): Promise<CheckCustody> {
  const { organizationId, initiatorId } = await transaction(db, async (tx) => {
    const [existing] = await tx.select().from(organizations).where(eq(organizations.name, who.name));
    const org = existing ?? (await tx.insert(organizations).values({ name: who.name }).returning())[0]!;
    const [member] = await tx.select().from(accounts).where(eq(accounts.email, who.email));
    // A member without a password or authenticator: it cannot sign in, it only stands behind the check's requests.
    const initiator =
      member ??
      (
        await tx
          .insert(accounts)
          .values({ kind: 'MEMBER', organizationId: org.id, email: who.email, status: 'ACTIVE' })
          .returning()
      )[0]!;
    await tx
      .insert(organizationSeeds)
      .values({ organizationId: org.id, mnemonicEnc: encryptAtRest(generateMnemonic(), masterKey, SEED_CONTEXT) })
      .onConflictDoNothing();
    return { organizationId: org.id, initiatorId: initiator.id };
  });

  const newRequest = (tx: Db = db) => insertCompletedRequest(tx, organizationId, initiatorId);

  async function walletsOf(blockchain: Blockchain, count = 2) {
    return transaction(db, async (tx) => {
      const [seedRow] = await tx
        .select()
        .from(organizationSeeds)
        .where(eq(organizationSeeds.organizationId, organizationId))
        .for('update');
      const held = await tx
        .select()
        .from(wallets)
        .where(and(eq(wallets.organizationId, organizationId), eq(wallets.blockchain, blockchain)))
        .orderBy(wallets.accountIndex);
      const seed = mnemonicToSeed(decryptAtRest(seedRow!.mnemonicEnc, masterKey, SEED_CONTEXT));
      let next = seedRow!.nextAccountIndex;
      while (held.length < Math.max(count, 2)) {
        const derived = deriveAccount({ seed, blockchain, accountIndex: next });
        const [wallet] = await tx
          .insert(wallets)
          .values({
            organizationId,
            name: `${blockchain} check ${held.length + 1}`,
            blockchain,
            family: familyOf(blockchain),
            address: derived.address ?? randomEosAccountName(),
            publicKey: derived.publicKey,
            derivationPath: derived.path,
            accountIndex: next,
            creationRequestId: await newRequest(tx),
          })
          .returning();
        held.push(wallet!);
        next++;
      }
      seed.fill(0);
      await tx
        .update(organizationSeeds)
        .set({ nextAccountIndex: next })
        .where(eq(organizationSeeds.organizationId, organizationId));
      const [a, b, ...more] = held.map((w) => ({ id: w.id, blockchain, address: w.address, publicKey: w.publicKey }));
      return [a!, b!, ...more.slice(0, Math.max(count, 2) - 2)] as [CheckWallet, CheckWallet, ...CheckWallet[]];
    });
  }

  return { organizationId, memberId: initiatorId, walletsOf, newRequest: () => newRequest() };
}
