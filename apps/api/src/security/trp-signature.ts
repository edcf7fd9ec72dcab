// The signature of travel-rule requests between VASPs (see contracts/calls/travel-rule.ts): an HMAC-SHA256 of the
// exact body bytes under the secret the two VASPs share. Used by the engine (signing our inquiries), the beneficiary
// route (verifying theirs) and the local counterparty VASP, so it sits outside both modules and engine.
import { createHmac } from 'node:crypto';
import { TRP_HEADERS, TRP_SIGNATURE_WINDOW_SECONDS } from '@vaultline/contracts';
import { safeEqual } from './at-rest.js';

/** The at-rest context of a VASP's shared secret (vasps.secret_enc). */
export const VASP_SECRET_CONTEXT = 'vasps.secret';

function mac(secret: string, timestamp: string, requestIdentifier: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${requestIdentifier}.${body}`).digest('hex');
}

/** The signature headers of one request. */
export function signTrpRequest(
  key: { keyId: string; secret: string },
  requestIdentifier: string,
  body: string,
  now: Date,
): Record<string, string> {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  return {
    [TRP_HEADERS.keyId]: key.keyId,
    [TRP_HEADERS.timestamp]: timestamp,
    [TRP_HEADERS.signature]: mac(key.secret, timestamp, requestIdentifier, body),
  };
}

type Headers = Record<string, string | string[] | undefined>;

const header = (headers: Headers, name: string): string => {
  const value = headers[name];
  return typeof value === 'string' ? value : '';
};

/** The key id a request names (what to look the secret up by), or null when it names none. */
export function trpKeyId(headers: Headers): string | null {
  return header(headers, TRP_HEADERS.keyId) || null;
}

/**
 * Whether the request was signed with `secret` over these exact bytes, recently. The request identifier is part of
 * what is signed, so a captured request cannot be replayed under another identifier; within the window a replay
 * only asks the same question again.
 */
export function verifyTrpRequest(secret: string, headers: Headers, body: string, now: Date): boolean {
  const timestamp = header(headers, TRP_HEADERS.timestamp);
  const requestIdentifier = header(headers, TRP_HEADERS.requestIdentifier);
  const signature = header(headers, TRP_HEADERS.signature);
  if (!/^\d{1,12}$/.test(timestamp) || !requestIdentifier || !/^[0-9a-f]{64}$/.test(signature)) return false;
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > TRP_SIGNATURE_WINDOW_SECONDS) return false;
  return safeEqual(signature, mac(secret, timestamp, requestIdentifier, body));
}
