/** The server's public key for secrets, fetched when the first secret is sent (secrets.ts). */
export { publicKeyCall } from '@vaultline/contracts';
