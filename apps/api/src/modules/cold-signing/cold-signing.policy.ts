import { type OperatorRole, operatorCan } from '@vaultline/contracts';

/**
 * Who works the cold-signing queue: SIGNER operators, and ADMINISTRATOR ones where the provider's policy says so.
 * Nobody else sees what waits there; members never do (the queue spans every organization).
 */
export function maySignCold(role: OperatorRole | null | undefined, administratorsMaySign: boolean): boolean {
  if (operatorCan(role, 'signCold')) return true;
  return administratorsMaySign && role === 'ADMINISTRATOR';
}
