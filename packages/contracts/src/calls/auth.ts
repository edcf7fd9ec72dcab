import { z } from 'zod';
import { EmptyBody, OkAnswer, tagged } from '../call.js';
import { Language, LOGIN_RESULTS, OrganizationPermission } from '../enums.js';
import { OperatorRole } from '../roles.js';
import { emailSchema, personNameSchema } from '../validation.js';

/**
 * Passwords and one-time codes never travel in clear: the browser encrypts each with the server's RSA public
 * key (RSA-OAEP, SHA-256) and sends base64; only the server decrypts.
 */
export const EncryptedSecret = z
  .string({ error: 'validation.required' })
  .min(1, { error: 'validation.required' })
  .max(2048)
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: 'validation.encrypted.invalid' })
  .describe('base64 RSA-OAEP-SHA256 ciphertext made with the key of GET /api/v1/auth/public-key');

const authCall = tagged('auth');
const membersCall = tagged('members');
const memberIdParams = z.object({ memberId: z.uuid() });
/** An opaque token from a link or an earlier answer (reset link, expired-password or registration ticket). */
const opaqueToken = z.string().min(1).max(2048);
/** When the session ends, and how long before that the keep-alive dialog opens. */
const sessionTiming = { sessionExpiresAt: z.iso.datetime(), sessionNoticeSeconds: z.number().int() };

export const AccountKind = z.enum(['MEMBER', 'OPERATOR']);
export type AccountKind = z.infer<typeof AccountKind>;

export const publicKeyCall = authCall({
  id: 'authPublicKey',
  method: 'GET',
  path: '/api/v1/auth/public-key',
  summary: 'The RSA public key that encrypts passwords and one-time codes (SPKI PEM)',
  access: 'public',
  response: z.object({ keyId: z.string(), algorithm: z.literal('RSA-OAEP-256'), publicKey: z.string() }),
});

export const LoginAnswer = z.object({
  result: z.enum(LOGIN_RESULTS),
  memberId: z.uuid(),
  kind: AccountKind,
  /** NEED_OTP: false means the authenticator is not registered yet and `ticket` opens registration. */
  otpRegistered: z.boolean().optional(),
  ticket: z.string().optional(),
  /** NEED_IP_VERIFICATION: the code of the message to show (4008). */
  code: z.string().optional(),
  sessionExpiresAt: z.iso.datetime().optional(),
});
export type LoginAnswer = z.infer<typeof LoginAnswer>;

export const memberLoginCall = authCall({
  id: 'memberLogin',
  method: 'POST',
  path: '/api/v1/organization/members/login',
  summary: 'Sign in with email, password and (second step) a one-time code',
  access: 'public',
  errors: ['4002', '4005', '4030', '17', '4004', '4034'],
  body: z.strictObject({ email: emailSchema, passphrase: EncryptedSecret, otpCode: EncryptedSecret.optional() }),
  response: LoginAnswer,
});

export const logoutCall = authCall({
  id: 'memberLogout',
  method: 'POST',
  path: '/api/v1/organization/members/logout',
  summary: 'End the current session',
  access: 'public',
  body: EmptyBody,
  response: OkAnswer,
});

export const otpRegistrationStartCall = authCall({
  id: 'otpRegistrationStart',
  method: 'POST',
  path: '/api/v1/organization/members/{memberId}/otp/registration',
  summary: 'Start authenticator registration: a new secret and its otpauth URI for the QR code',
  access: 'public',
  errors: ['18'],
  params: memberIdParams,
  body: z.strictObject({ ticket: opaqueToken }),
  response: z.object({ secret: z.string(), otpauthUri: z.string(), issuer: z.string(), accountName: z.string() }),
});

export const otpRegistrationConfirmCall = authCall({
  id: 'otpRegistrationConfirm',
  method: 'POST',
  path: '/api/v1/organization/members/{memberId}/otp/registration/confirm',
  summary: 'Confirm the authenticator with its first code; signs in',
  access: 'public',
  errors: ['18', '4004'],
  params: memberIdParams,
  body: z.strictObject({ ticket: opaqueToken, otpCode: EncryptedSecret }),
  response: LoginAnswer,
});

export const tokenRefreshCall = authCall({
  id: 'memberTokenRefresh',
  method: 'POST',
  path: '/api/v1/organization/members/{memberId}/token',
  summary: 'Stay signed in: re-authenticate with a one-time code for a new 30-minute token',
  access: 'authenticated',
  errors: ['4004', '4034'],
  params: memberIdParams,
  body: z.strictObject({ otpCode: EncryptedSecret }),
  response: z.object(sessionTiming),
});

export const tokenVerifyCall = authCall({
  id: 'memberTokenVerify',
  method: 'POST',
  path: '/api/v1/organization/members/{memberId}/token/verify',
  summary: 'Whether the session is alive and when it ends',
  access: 'authenticated',
  params: memberIdParams,
  body: EmptyBody,
  response: z.object({ valid: z.literal(true), ...sessionTiming, now: z.iso.datetime() }),
});

export const passphraseRecoverCall = authCall({
  id: 'memberPassphraseRecover',
  method: 'POST',
  path: '/api/v1/organization/members/passphrase/recover',
  summary: 'Forgotten password: email a reset link valid 24 hours',
  access: 'public',
  body: z.strictObject({ email: emailSchema }),
  response: OkAnswer,
});

export const passphraseVerifyCall = authCall({
  id: 'memberPassphraseVerify',
  method: 'POST',
  path: '/api/v1/organization/members/{memberId}/passphrase/verify',
  summary: 'Check a reset link (or an expired-password ticket) before asking for the new password',
  access: 'public',
  errors: ['18'],
  params: memberIdParams,
  body: z.strictObject({ token: opaqueToken }),
  response: z.object({ email: z.string(), purpose: z.enum(['RESET', 'EXPIRED']), otpRequired: z.boolean() }),
});

export const passphraseResetCall = authCall({
  id: 'memberPassphraseReset',
  method: 'POST',
  path: '/api/v1/organization/members/{memberId}/passphrase/reset',
  summary: 'Set a new password with a reset link or expired-password ticket and a one-time code',
  access: 'public',
  errors: ['18', '4004', '4034', '14', '15', '16', '4035'],
  params: memberIdParams,
  body: z.strictObject({
    token: opaqueToken,
    newPassphrase: EncryptedSecret,
    otpCode: EncryptedSecret.optional(),
  }),
  response: OkAnswer,
});

export const loginIpVerifyCall = authCall({
  id: 'memberLoginIpVerify',
  method: 'POST',
  path: '/api/v1/organization/members/{memberId}/login-ips/{loginIpId}/verify',
  summary: 'Verify a new sign-in IP with the emailed code (valid 24 hours, from the same IP)',
  access: 'public',
  errors: ['4009', '4010', '4011'],
  params: z.object({ memberId: z.uuid(), loginIpId: z.uuid() }),
  body: z.strictObject({ code: z.string().min(1).max(256) }),
  response: z.object({ ok: z.literal(true), ip: z.string() }),
});

export const Me = z.object({
  id: z.uuid(),
  kind: AccountKind,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  userName: z.string(),
  language: Language,
  organization: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  operatorRole: OperatorRole.nullable(),
  permissions: z.array(OrganizationPermission),
  passphraseExpiresAt: z.iso.datetime().nullable(),
  sessionExpiresAt: z.iso.datetime(),
  /** How long before the end of the session the keep-alive dialog opens. */
  sessionNoticeSeconds: z.number().int(),
});
export type Me = z.infer<typeof Me>;

export const meCall = membersCall({
  id: 'memberMe',
  method: 'GET',
  path: '/api/v1/organization/members/me',
  summary: 'The signed-in account',
  access: 'authenticated',
  response: Me,
});

export const updateLanguageCall = membersCall({
  id: 'memberUpdateLanguage',
  method: 'PATCH',
  path: '/api/v1/organization/members/{memberId}/language',
  summary: 'Change the language of the screens and the emails',
  access: 'authenticated',
  params: memberIdParams,
  body: z.strictObject({ language: Language }),
  response: Me,
});

export const updateNameCall = membersCall({
  id: 'memberUpdateName',
  method: 'PATCH',
  path: '/api/v1/organization/members/{memberId}/name',
  summary: 'Change the user name and the first and last name',
  access: 'authenticated',
  params: memberIdParams,
  body: z.strictObject({ userName: personNameSchema, firstName: personNameSchema, lastName: personNameSchema }),
  response: Me,
});

export const updatePassphraseCall = membersCall({
  id: 'memberUpdatePassphrase',
  method: 'PATCH',
  path: '/api/v1/organization/members/{memberId}/passphrase',
  summary: 'Change the password: current password, new password and a one-time code',
  access: 'authenticated',
  errors: ['4005', '4004', '4034', '14', '15', '16', '4035'],
  params: memberIdParams,
  body: z.strictObject({
    currentPassphrase: EncryptedSecret,
    newPassphrase: EncryptedSecret,
    otpCode: EncryptedSecret,
  }),
  response: OkAnswer,
});
