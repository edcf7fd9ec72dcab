// Tests only: EOS-type wallets of a test organization. Their account names are chosen, not derived (as wallet
// creation does), so the custody fixture cannot make them; the keys still come from the organization's sealed seed
// at consecutive account indexes, and each account is registered on the devnet with its key.
import { deriveAccount, mnemonicToSeed } from '@vaultline/chains';
import type { Blockchain } from '@vaultline/contracts';
import type { Db } from '../db/client.js';
import { wallets } from '../db/schema/index.js';
import { createCustody } from '../test/custody.js';
import { registerDevnetAccount } from './ledger-store.js';

const MNEMONIC = 'test test test test test test test test test test test junk';

export async function createEosTestWallets(db: Db, blockchain: Blockchain, names: string[]) {
  const custody = await createCustody(db, { mnemonic: MNEMONIC });
  const seed = mnemonicToSeed(MNEMONIC);
  for (const [accountIndex, address] of names.entries()) {
    const derived = deriveAccount({ seed, blockchain, accountIndex });
    await db.insert(wallets).values({
      organizationId: custody.organizationId,
      name: `${blockchain} ${address}`,
      blockchain,
      family: 'eosio',
      address,
      publicKey: derived.publicKey,
      derivationPath: derived.path,
      accountIndex,
      creationRequestId: await custody.newRequest(),
    });
    await registerDevnetAccount(db, blockchain, address, derived.publicKey);
  }
  return { organizationId: custody.organizationId, newRequest: custody.newRequest, accounts: names };
}
