// Who controls an EOS-type account, asked of a real node before a cold wallet is made of it. On EOS-type networks an
// address is an account name, and an account's keys can change (updateauth): the signer's key deriving nothing, the
// proposal could name any account. A custodian holds an account only when the cold key alone controls it.
import { PublicKey } from '@wharfkit/antelope';
import { EosApi, EosApiError, type EosPermission } from './eos-api.js';

/**
 * `controlled`: the key alone satisfies the account's owner and active permissions, and nothing else can.
 * `other-authority`: another key or account shares either permission, or the key's weight falls short of it.
 */
export type EosAuthorityVerdict = 'controlled' | 'unknown-account' | 'other-authority' | 'node-unavailable';

const sameKey = (text: string, key: PublicKey) => {
  try {
    return PublicKey.from(text).equals(key);
  } catch {
    return false;
  }
};

/**
 * Only `key` can satisfy `permission`: every key it lists is this one, no other account's permission is named, and
 * the key's weight reaches the threshold. (Waits add weight only to signatures, so they cannot act alone.)
 */
export function keyAloneControls(permission: EosPermission | undefined, key: PublicKey): boolean {
  if (!permission || !(permission.threshold > 0) || permission.accounts > 0) return false;
  if (!permission.keys.every((k) => sameKey(k.key, key))) return false;
  return permission.keys.reduce((weight, k) => weight + k.weight, 0) >= permission.threshold;
}

/** The verdict of the node at `nodeUrl` on `account` and the cold key (`EOS…` or `PUB_K1_…` text). */
export async function eosAccountAuthority(
  nodeUrl: string,
  account: string,
  publicKey: string,
  options: { timeoutMs?: number } = {},
): Promise<EosAuthorityVerdict> {
  let found: Awaited<ReturnType<EosApi['getAccount']>>;
  try {
    found = await new EosApi(nodeUrl, { timeoutMs: options.timeoutMs ?? 5_000 }).getAccount(account);
  } catch (err) {
    if (err instanceof EosApiError) return 'node-unavailable';
    throw err;
  }
  if (!found) return 'unknown-account';
  const key = PublicKey.from(publicKey);
  const permission = (name: string) => found.permissions.find((p) => p.name === name);
  return keyAloneControls(permission('owner'), key) && keyAloneControls(permission('active'), key)
    ? 'controlled'
    : 'other-authority';
}
