import { generateMnemonic, mnemonicToSeed } from '@vaultline/chains';
import type { Db } from '../../db/client.js';
import { decryptAtRest, encryptAtRest } from '../../security/at-rest.js';
import { walletCustody } from '../wallets/wallet-custody.service.js';

/** The at-rest context of organization mnemonics (engine/wallet-creation re-exports it for the signer and tests). */
export const SEED_CONTEXT = 'organization.mnemonic';

/**
 * The organization's seed row, locked until the transaction ends (made the first time), and the opened seed: one
 * derivation at a time per organization, whether it makes a wallet or a gas-fee wallet.
 */
export async function lockedSeed(tx: Db, organizationId: string, masterKey: string) {
  const row = await walletCustody(tx, organizationId).lockSeed(() =>
    encryptAtRest(generateMnemonic(), masterKey, SEED_CONTEXT),
  );
  return { row, seed: mnemonicToSeed(decryptAtRest(row.mnemonicEnc, masterKey, SEED_CONTEXT)) };
}
