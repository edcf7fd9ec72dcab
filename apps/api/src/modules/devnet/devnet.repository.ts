import { toChecksumAddress } from '@vaultline/chains';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { wallets } from '../../db/schema/index.js';

const EVM_HEX = /^0x[0-9a-fA-F]{40}$/;

// Not bound to an organization: chain-side data, found by address as the devnet CLI names it (development only).
export function devnetRepository(db: Db) {
  return {
    /** The blockchains of the wallets (of any organization) at this address; EVM addresses in any letter case. */
    async blockchainsAt(address: string): Promise<string[]> {
      const spellings = EVM_HEX.test(address) ? [address, toChecksumAddress(address)] : [address];
      const rows = await db
        .selectDistinct({ blockchain: wallets.blockchain })
        .from(wallets)
        .where(spellings.length === 1 ? eq(wallets.address, address) : inArray(wallets.address, spellings));
      return rows.map((r) => r.blockchain);
    },
  };
}
