import { generatePath } from 'react-router';

/**
 * Every screen route of the product (spec section 2), in one place: the router is built from this
 * map and links use it, so a path is spelled exactly once. In lib, not the app, so that features
 * link to screens without importing the app that composes them.
 */
export const PATHS = {
  root: '/',
  login: '/account/login',
  logout: '/account/logout',
  expiredPassword: '/account/expired-password',
  otpRegister: '/account/otp/register',
  otpGuide: '/account/otp/guide',
  dashboard: '/dashboard',
  assets: '/dashboard/assets',
  organization: '/dashboard/operation/organization',
  account: '/dashboard/operation/account',
  wallets: '/dashboard/wallets',
  // Both segments are optional; every other wallet parameter travels in the query.
  wallet: '/dashboard/wallets/:blockchain?/:id?',
  approvals: '/dashboard/approvals',
  withdraw: '/dashboard/withdraw',
  tokens: '/dashboard/tokens',
  staking: '/dashboard/staking',
  error: '/error',
} as const;

export type PathName = keyof typeof PATHS;

/** A wallet-list or wallet-detail URL; absent segments are dropped, never written as 'undefined'. */
export function walletPath(blockchain?: string, id?: string): string {
  return generatePath(PATHS.wallet, { blockchain: blockchain || null, id: blockchain && id ? id : null });
}

/** Keeps a post-login target only when it is a path inside this app (no open redirect). */
export function safeRedirect(target: string | null | undefined, fallback: string = PATHS.assets): string {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  return target;
}
