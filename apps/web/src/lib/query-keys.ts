/**
 * The first segment of every query of a domain that another domain refreshes: a wallet request appears among the
 * approvals, an executed request adds a wallet. Kept here so neither feature imports the other for its key.
 */
export const APPROVALS_QUERY = ['approvals'] as const;
export const WALLETS_QUERY = ['wallets'] as const;
/** Balances and activities: a live activity notice, a withdrawal's hold or its settlement refreshes them all. */
export const ASSETS_QUERY = ['assets'] as const;
