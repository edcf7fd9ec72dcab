// A durable-nonce account as both Solana nodes (LiteSVM in process, JSON-RPC) report it: owned by the system
// program, of the nonce layout, initialized. Anything else at the address is no nonce to build on.
import { SYSTEM_PROGRAM_ADDRESS } from '@solana-program/system';
import { readSolNonceAccount, SOL_NONCE_ACCOUNT_SPACE } from '@vaultline/chains';

export function nonceStateOf(owner: string, data: Uint8Array): { authority: string; nonce: string } | null {
  if (owner !== SYSTEM_PROGRAM_ADDRESS || BigInt(data.length) !== SOL_NONCE_ACCOUNT_SPACE) return null;
  const state = readSolNonceAccount(data);
  return state.initialized ? { authority: state.authority, nonce: state.nonce } : null;
}
