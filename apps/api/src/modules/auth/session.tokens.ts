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
 * The payload when the signature holds, else null. Expiry is judged with the session record (inactivity and
 * take-over have their own codes), so it is not checked here.
 */
export async function readSessionToken(token: string, secret: string): Promise<SessionTokenPayload | null> {
  try {
    const { payload } = await compactVerify(token, keyOf(secret), { algorithms: ['HS256'] });
    const parsed = Payload.safeParse(JSON.parse(new TextDecoder().decode(payload)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
