import { type Actor, canSeeWallet, type WalletRole } from './wallet.policy.js';

/**
 * A staking position belongs to its wallet: seen by whoever sees the wallet; acting on it (stake, unstake, claim)
 * is a request of the wallet's line, which its creation step, the owner and the wallet's managers may open.
 */
export function canSeeStakingPosition(actor: Actor, role: WalletRole): boolean {
  return canSeeWallet(actor, role);
}

export function mayRequestStaking(actor: Actor, role: WalletRole, atCreationStep: boolean): boolean {
  return atCreationStep || role === 'MANAGER' || actor.permissions.includes('OWNER');
}
