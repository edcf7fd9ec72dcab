import { CompactSign, compactVerify } from 'jose';
import { z } from 'zod';

const Payload = z.object({ sid: z.uuid(), tid: z.uuid(), sub: z.uuid(), exp: z.number().int() });
export type SessionTokenPayload = z.infer<typeof Payload>;

const keyOf = (secret: string) => new TextEncoder().encode(secret);

/** A signed reference to a server-side session (HS256 JWS); its `exp` is the session's end when issued. */
export async function signSessionToken(payload: SessionTokenPayload, secret: string): Promise<string> {
  return new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(keyOf(secret));
}

/**
 * Tokens whose signature already held, by secret and token: the same string under the same secret verifies the same
 * way every time, so a browser's later calls skip the HMAC (WebCrypto's import and verify were ~4% of the server's
 * CPU on the cheap list calls). Only the signature is remembered; expiry, revocation and the token's rotation are
 * judged with the session record on every call. Bounded: the oldest entry goes first.
 */
const verifiedBySecret = new Map<string, Map<string, SessionTokenPayload>>();
const VERIFIED_MAX = 10_000;

async function verify(token: string, secret: string): Promise<SessionTokenPayload | null> {
  try {
    const { payload } = await compactVerify(token, keyOf(secret), { algorithms: ['HS256'] });
    const parsed = Payload.safeParse(JSON.parse(new TextDecoder().decode(payload)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The payload when the signature holds, else null. Expiry is judged with the session record (inactivity and
 * take-over have their own codes), so it is not checked here.
 */
export async function readSessionToken(token: string, secret: string): Promise<SessionTokenPayload | null> {
  let verified = verifiedBySecret.get(secret);
  if (!verified) {
    verified = new Map();
    verifiedBySecret.set(secret, verified);
  }
  const known = verified.get(token);
  if (known) return known;
  const payload = await verify(token, secret);
  if (!payload) return null;
  if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
  verified.set(token, Object.freeze(payload));
  return payload;
}
