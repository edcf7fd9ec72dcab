/** Confirmations the check waits for on nodes it runs itself: enough to see the count move, few to stay quick. */
export const DEFAULT_CONFIRMATIONS_ON_TEST_NODES = 2;
export const BTC_CONFIRMATIONS_ON_TEST_NODES = 2;
