import { createHmac } from 'node:crypto';

/**
 * The secret the `npm run devnet` CLI presents to the running server. Both derive it from MASTER_KEY, so it is
 * never written anywhere: whoever can read the server's configuration can send devnet deposits, nobody else.
 */
export function devnetToken(masterKey: string): string {
  return createHmac('sha256', Buffer.from(masterKey, 'hex')).update('vaultline devnet cli').digest('base64url');
}
