// INTERFACE (implemented by the compliance work): what other modules ask of the sanctions list.
import type { Blockchain } from '@vaultline/contracts';
import type { Db } from '../../db/client.js';

export interface SanctionsCheck {
  /** Whether the address (in its network's canonical form) is on any imported sanctions list. */
  isSanctioned(blockchain: Blockchain, address: string): Promise<boolean>;
}

export function sanctionsCheck(_db: Db): SanctionsCheck {
  throw new Error('sanctions list not built yet');
}
