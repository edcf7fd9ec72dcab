import { BLOCKCHAINS, type Blockchain, OPERATOR_ROLES, type OperatorRole } from '@vaultline/contracts';

/*
 * Reading a value from the address or the server against an enumeration's plain list (no schema): the screens that do
 * it draw before zod's schema core arrives. The contracts' schemas accept exactly these lists.
 */

const member = <T extends string>(list: readonly T[], value: string | null | undefined): T | null =>
  value != null && (list as readonly string[]).includes(value) ? (value as T) : null;

/** The blockchain a path segment names, case-insensitively ('ethereum' → ETHEREUM); null when it names none. */
export function blockchainOf(segment: string | null | undefined): Blockchain | null {
  return member(BLOCKCHAINS, segment?.toUpperCase());
}

/** The operator role the server sent, when it is one the interface knows; null otherwise. */
export function operatorRoleOf(role: string | null | undefined): OperatorRole | null {
  return member(OPERATOR_ROLES, role);
}
