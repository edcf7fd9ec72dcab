import { tokenById } from '@vaultline/contracts';
import type { Db } from '../../db/client.js';
import { tokensRepository } from './tokens.repository.js';

/** Which tokens count as registered for one organization: the ones it added, and every native coin. */
export interface Registration {
  /** The tokens the organization added (native coins are never rows). */
  addedTokenIds: string[];
  isRegistered(tokenId: string): boolean;
}

export async function organizationRegistration(
  db: Db,
  organizationId: string,
  blockchains?: string[],
): Promise<Registration> {
  const addedTokenIds = await tokensRepository(db, organizationId).tokenIds(blockchains);
  const added = new Set(addedTokenIds);
  return {
    addedTokenIds,
    // A native coin needs no registration (adding one is refused as already registered).
    isRegistered: (tokenId) => added.has(tokenId) || tokenById(tokenId)?.type === 'NATIVE',
  };
}
