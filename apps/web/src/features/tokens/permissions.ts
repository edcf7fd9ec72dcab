/**
 * Who may add and remove tokens: the server's rule for the add call (WALLETS_CREATION, managing wallets);
 * OWNER holds every permission.
 */
export function canManageTokens(permissions: readonly string[]): boolean {
  return permissions.includes('WALLETS_CREATION') || permissions.includes('OWNER');
}
