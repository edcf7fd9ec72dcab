// A wallet row as the kept-sum and kept-count tests make them: a completed creation request and a wallet of that
// request, with a random address and no key behind it (those tests move balances and memberships, never funds).
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.js';
import { wallets } from '../db/schema/index.js';
import { insertCompletedRequest } from '../engine/chains-check/check-custody.js';

export async function insertBareWallet(
  tx: Db,
  w: { organizationId: string; initiatorId: string; blockchain: string; index: number; memberCount?: number },
) {
  const creationRequestId = await insertCompletedRequest(tx, w.organizationId, w.initiatorId);
  await tx.insert(wallets).values({
    organizationId: w.organizationId,
    name: `w${w.index}`,
    blockchain: w.blockchain,
    family: 'evm',
    address: `0x${randomBytes(20).toString('hex')}`,
    publicKey: 'pk',
    derivationPath: `m/44'/60'/0'/0/${w.index}`,
    accountIndex: w.index,
    creationRequestId,
    memberCount: w.memberCount,
  });
}
