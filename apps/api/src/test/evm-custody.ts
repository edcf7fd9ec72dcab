// Test harness for the transaction executor: an organization with a sealed seed and EVM wallets stored the way
// wallet creation stores them (derived from the seed, one account index each), funded on a real anvil node.
import { deriveAccount, generateMnemonic, mnemonicToSeed } from '@vaultline/chains';
import type { Db } from '../db/client.js';
import { accounts, organizationSeeds, requests, wallets } from '../db/schema/index.js';
import type { AnvilNode } from '../engine/chains/anvil.js';
import { SEED_CONTEXT } from '../engine/wallet-creation.js';
import { encryptAtRest } from '../security/at-rest.js';
import { createOrganization } from './fixtures.js';

/** The development MASTER_KEY (config.ts): what a test engine process unseals with unless told otherwise. */
export const TEST_MASTER_KEY = '00'.repeat(32);
export const ETH = 10n ** 18n;

export interface EvmCustody {
  organizationId: string;
  /** The organization's wallets, by account index. */
  addresses: string[];
  /** A completed request of the organization, for a transfer's request_id. */
  newRequest(): Promise<string>;
}

export async function createEvmCustody(
  db: Db,
  node: AnvilNode,
  options: { wallets: number; fundEach: bigint; masterKey?: string },
): Promise<EvmCustody> {
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
    const derived = deriveAccount({ seed, blockchain: 'ETHEREUM', accountIndex });
    await db.insert(wallets).values({
      organizationId,
      name: `Wallet ${accountIndex}`,
      blockchain: 'ETHEREUM',
      family: 'evm',
      address: derived.address!,
      publicKey: derived.publicKey,
      derivationPath: derived.path,
      accountIndex,
      creationRequestId: await newRequest(),
    });
    await node.rpc.call('anvil_setBalance', [derived.address, `0x${options.fundEach.toString(16)}`]);
    addresses.push(derived.address!);
  }
  return { organizationId, addresses, newRequest };
}
