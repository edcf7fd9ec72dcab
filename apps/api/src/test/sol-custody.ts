// Test harness for the transaction executor on Solana: an organization with a sealed seed and SOLANA_DEVNET wallets
// stored the way wallet creation stores them (derived from the seed, one account index each), funded by airdrop on
// an in-process LiteSVM, and an SPL test mint whose authority is a throwaway key, not one of the wallets.
import { address, lamports } from '@solana/kit';
import { deriveAccount, generateMnemonic, mnemonicToSeed } from '@vaultline/chains';
import type { Db } from '../db/client.js';
import { accounts, organizationSeeds, requests, wallets } from '../db/schema/index.js';
import type { SolLiteSvmChain } from '../engine/chains/sol-litesvm.js';
import { SEED_CONTEXT } from '../engine/wallet-creation.js';
import { encryptAtRest } from '../security/at-rest.js';
import { TEST_MASTER_KEY } from './evm-custody.js';
import { createOrganization } from './fixtures.js';

export const SOL = 1_000_000_000n;

export interface SolCustody {
  organizationId: string;
  /** The organization's SOLANA_DEVNET wallets, by account index. */
  addresses: string[];
  /** A completed request of the organization, for a transfer's request_id. */
  newRequest(): Promise<string>;
}

export async function createSolCustody(
  db: Db,
  chain: SolLiteSvmChain,
  options: { wallets: number; fundEach: bigint; masterKey?: string },
): Promise<SolCustody> {
  const organizationId = (await createOrganization(db)).id;
  const [initiator] = await db
    .insert(accounts)
    .values({
      kind: 'MEMBER',
      organizationId,
      email: `sol-custody-${organizationId.slice(0, 8)}@example.com`,
      status: 'ACTIVE',
    })
    .returning();
  const newRequest = async () => {
    const [request] = await db
      .insert(requests)
      .values({
        organizationId,
        type: 'WALLET_CREATION',
        itemType: 'WALLET_CREATION',
        payload: { kind: 'WALLET_CREATION' },
        status: 'COMPLETE',
        initiatorId: initiator!.id,
        steps: [],
      })
      .returning();
    return request!.id;
  };

  const mnemonic = generateMnemonic();
  const seed = mnemonicToSeed(mnemonic);
  await db.insert(organizationSeeds).values({
    organizationId,
    mnemonicEnc: encryptAtRest(mnemonic, options.masterKey ?? TEST_MASTER_KEY, SEED_CONTEXT),
    nextAccountIndex: options.wallets,
  });
  const addresses: string[] = [];
  for (let accountIndex = 0; accountIndex < options.wallets; accountIndex++) {
    const derived = deriveAccount({ seed, blockchain: 'SOLANA_DEVNET', accountIndex });
    await db.insert(wallets).values({
      organizationId,
      name: `Solana wallet ${accountIndex}`,
      blockchain: 'SOLANA_DEVNET',
      family: 'sol',
      address: derived.address!,
      publicKey: derived.publicKey,
      derivationPath: derived.path,
      accountIndex,
      creationRequestId: await newRequest(),
    });
    if (options.fundEach > 0n) chain.svm.airdrop(address(derived.address!), lamports(options.fundEach));
    addresses.push(derived.address!);
  }
  seed.fill(0);
  return { organizationId, addresses, newRequest };
}

export { createSolTestMint, type SolTestMint } from '../engine/chains/sol-test-mint.js';
