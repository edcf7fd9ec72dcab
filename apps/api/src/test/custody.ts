// Test custody: an organization with a sealed seed, an initiator account behind its requests, and wallets stored
// the way wallet creation stores them (derived from the seed at consecutive account indexes, each with a completed
// creation request). The family fixtures (evm-, btc-, sol-custody) add only the funding of their node.
import { deriveAccount, generateMnemonic, mnemonicToSeed } from '@vaultline/chains';
import { type Blockchain, familyOf } from '@vaultline/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { accounts, organizationSeeds, wallets } from '../db/schema/index.js';
import { insertCompletedRequest } from '../engine/chains-check/check-custody.js';
import { SEED_CONTEXT } from '../engine/wallet-creation.js';
import { encryptAtRest } from '../security/at-rest.js';
import { createOrganization } from './fixtures.js';

/** The development MASTER_KEY (config.ts): what a test engine process unseals with unless told otherwise. */
export const TEST_MASTER_KEY = '00'.repeat(32);

export interface CustodyWallet {
  address: string;
  /** As wallet creation stores it (hex). */
  publicKey: string;
  accountIndex: number;
}

export interface Custody {
  organizationId: string;
  /** A completed request of the organization, for a wallet's creation_request_id or a transfer's request_id. */
  newRequest(): Promise<string>;
  /**
   * `count` wallets of `blockchain` derived from the sealed seed at the next account indexes (shared by all
   * blockchains of the organization, as in wallet creation), stored with a completed creation request each.
   */
  addWallets(blockchain: Blockchain, count: number): Promise<CustodyWallet[]>;
}

/** `mnemonic` is the seed to seal (default: a fresh one), for a test that must know the wallets' keys. */
export async function createCustody(db: Db, options: { masterKey?: string; mnemonic?: string } = {}): Promise<Custody> {
  const organizationId = (await createOrganization(db)).id;
  const [initiator] = await db
    .insert(accounts)
    .values({
      kind: 'MEMBER',
      organizationId,
      email: `custody-${organizationId.slice(0, 8)}-7@example.com`,
      status: 'ACTIVE',
    })
    .returning();
  const newRequest = () => insertCompletedRequest(db, organizationId, initiator!.id);

  const mnemonic = options.mnemonic ?? generateMnemonic();
  await db.insert(organizationSeeds).values({
    organizationId,
    mnemonicEnc: encryptAtRest(mnemonic, options.masterKey ?? TEST_MASTER_KEY, SEED_CONTEXT),
  });
  let nextAccountIndex = 0;

  async function addWallets(blockchain: Blockchain, count: number): Promise<CustodyWallet[]> {
    const seed = mnemonicToSeed(mnemonic);
    const added: CustodyWallet[] = [];
    for (let i = 0; i < count; i++) {
      const accountIndex = nextAccountIndex++;
      const derived = deriveAccount({ seed, blockchain, accountIndex });
      await db.insert(wallets).values({
        organizationId,
        name: `${blockchain} wallet ${accountIndex}`,
        blockchain,
        family: familyOf(blockchain),
        address: derived.address!,
        publicKey: derived.publicKey,
        derivationPath: derived.path,
        accountIndex,
        creationRequestId: await newRequest(),
      });
      added.push({ address: derived.address!, publicKey: derived.publicKey, accountIndex });
    }
    seed.fill(0);
    await db
      .update(organizationSeeds)
      .set({ nextAccountIndex })
      .where(eq(organizationSeeds.organizationId, organizationId));
    return added;
  }

  return { organizationId, newRequest, addWallets };
}
