import { z } from 'zod';
import { defineCall } from '../call.js';
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

const memberIdParams = z.object({ memberId: z.uuid() });
const ok = z.object({ ok: z.literal(true) });

export const AccountKind = z.enum(['MEMBER', 'OPERATOR']);
export type AccountKind = z.infer<typeof AccountKind>;

export const publicKeyCall = defineCall({
  id: 'authPublicKey',
  method: 'GET',
  path: '/api/v1/auth/public-key',
  tag: 'auth',
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

export const memberLoginCall = defineCall({
  id: 'memberLogin',
  method: 'POST',
  path: '/api/v1/organization/members/login',
  tag: 'auth',
  summary: 'Sign in with email, password and (second step) a one-time code',
  access: 'public',
  body: z.strictObject({ email: emailSchema, passphrase: EncryptedSecret, otpCode: EncryptedSecret.optional() }),
  response: LoginAnswer,
});

export const logoutCall = defineCall({
  id: 'memberLogout',
  method: 'POST',
  path: '/api/v1/organization/members/logout',
  tag: 'auth',
  summary: 'End the current session',
  access: 'public',
  body: z.strictObject({}),
  response: ok,
});

export const otpRegistrationStartCall = defineCall({
  id: 'otpRegistrationStart',
  method: 'POST',
  path: '/api/v1/organization/members/{memberId}/otp/registration',
  tag: 'auth',
  summary: 'Start authenticator registration: a new secret and its otpauth URI for the QR code',
  access: 'public',
  params: memberIdParams,
  body: z.strictObject({ ticket: z.string().min(1).max(2048) }),
  response: z.object({ secret: z.string(), otpauthUri: z.string(), issuer: z.string(), accountName: z.string() }),
});

export const otpRegistrationConfirmCall = defineCall({
  id: 'otpRegistrationConfirm',
  method: 'POST',
  path: '/api/v1/organization/members/{memberId}/otp/registration/confirm',
  tag: 'auth',
  summary: 'Confirm the authenticator with its first code; signs in',
  access: 'public',
  params: memberIdParams,
  body: z.strictObject({ ticket: z.string().min(1).max(2048), otpCode: EncryptedSecret }),
  response: LoginAnswer,
});

export const tokenRefreshCall = defineCall({
  id: 'memberTokenRefresh',
  method: 'POST',
  path: '/api/v1/organization/members/{memberId}/token',
  tag: 'auth',
  summary: 'Stay signed in: re-authenticate with a one-time code for a new 30-minute token',
  access: 'authenticated',
  params: memberIdParams,
  body: z.strictObject({ otpCode: EncryptedSecret }),
  response: z.object({ sessionExpiresAt: z.iso.datetime(), sessionNoticeSeconds: z.number().int() }),
});

export const tokenVerifyCall = defineCall({
  id: 'memberTokenVerify',
  method: 'POST',
  path: '/api/v1/organization/members/{memberId}/token/verify',
  tag: 'auth',
  summary: 'Whether the session is alive and when it ends',
  access: 'authenticated',
  params: memberIdParams,
  body: z.strictObject({}),
  response: z.object({
    valid: z.literal(true),
    sessionExpiresAt: z.iso.datetime(),
    sessionNoticeSeconds: z.number().int(),
    now: z.iso.datetime(),
  }),
});

export const passphraseRecoverCall = defineCall({
  id: 'memberPassphraseRecover',
  method: 'POST',
  path: '/api/v1/organization/members/passphrase/recover',
  tag: 'auth',
  summary: 'Forgotten password: email a reset link valid 24 hours',
  access: 'public',
  body: z.strictObject({ email: emailSchema }),
  response: ok,
});

export const passphraseVerifyCall = defineCall({
  id: 'memberPassphraseVerify',
  method: 'POST',
  path: '/api/v1/organization/members/{memberId}/passphrase/verify',
  tag: 'auth',
  summary: 'Check a reset link (or an expired-password ticket) before asking for the new password',
  access: 'public',
  params: memberIdParams,
  body: z.strictObject({ token: z.string().min(1).max(2048) }),
  response: z.object({ email: z.string(), purpose: z.enum(['RESET', 'EXPIRED']), otpRequired: z.boolean() }),
});

export const passphraseResetCall = defineCall({
  id: 'memberPassphraseReset',
  method: 'POST',
  path: '/api/v1/organization/members/{memberId}/passphrase/reset',
  tag: 'auth',
  summary: 'Set a new password with a reset link or expired-password ticket and a one-time code',
  access: 'public',
  params: memberIdParams,
  body: z.strictObject({
    token: z.string().min(1).max(2048),
    newPassphrase: EncryptedSecret,
    otpCode: EncryptedSecret.optional(),
  }),
  response: ok,
});

export const loginIpVerifyCall = defineCall({
  id: 'memberLoginIpVerify',
  method: 'POST',
  path: '/api/v1/organization/members/{memberId}/login-ips/{loginIpId}/verify',
  tag: 'auth',
  summary: 'Verify a new sign-in IP with the emailed code (valid 24 hours, from the same IP)',
  access: 'public',
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

export const meCall = defineCall({
  id: 'memberMe',
  method: 'GET',
  path: '/api/v1/organization/members/me',
  tag: 'members',
  summary: 'The signed-in account',
  access: 'authenticated',
  response: Me,
});

export const updateLanguageCall = defineCall({
  id: 'memberUpdateLanguage',
  method: 'PATCH',
  path: '/api/v1/organization/members/{memberId}/language',
  tag: 'members',
  summary: 'Change the language of the screens and the emails',
  access: 'authenticated',
  params: memberIdParams,
  body: z.strictObject({ language: Language }),
  response: Me,
});

export const updateNameCall = defineCall({
  id: 'memberUpdateName',
  method: 'PATCH',
  path: '/api/v1/organization/members/{memberId}/name',
  tag: 'members',
  summary: 'Change the user name and the first and last name',
  access: 'authenticated',
  params: memberIdParams,
  body: z.strictObject({ userName: personNameSchema, firstName: personNameSchema, lastName: personNameSchema }),
  response: Me,
});

export const updatePassphraseCall = defineCall({
  id: 'memberUpdatePassphrase',
  method: 'PATCH',
  path: '/api/v1/organization/members/{memberId}/passphrase',
  tag: 'members',
  summary: 'Change the password: current password, new password and a one-time code',
  access: 'authenticated',
  params: memberIdParams,
  body: z.strictObject({
    currentPassphrase: EncryptedSecret,
    newPassphrase: EncryptedSecret,
    otpCode: EncryptedSecret,
  }),
  response: ok,
});
