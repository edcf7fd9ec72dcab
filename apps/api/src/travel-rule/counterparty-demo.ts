// The local counterparty VASP as the demo knows it: where it listens and the key it shares with Vaultline. A
// development-only key, like the development master key: the demo row is seeded only in local and development.
export const DEMO_COUNTERPARTY = {
  name: 'Hanbit Exchange (demo)',
  port: 4100,
  keyId: 'hanbit-exchange-demo',
  secret: 'development-only-hanbit-exchange-shared-secret',
} as const;

export const demoCounterpartyEndpoint = (port: number = DEMO_COUNTERPARTY.port) => `http://127.0.0.1:${port}`;
