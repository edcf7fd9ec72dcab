// The screens of the web app and the built files each one loads first, read from Vite's manifest
// (dist/.vite/manifest.json). Shared by the size check (route-sizes.mjs) and the build's route preloads
// (route-preloads.mjs), so both measure and preload the same files.

const ACCOUNT = 'src/app/layouts/AccountLayout.tsx';
const DASHBOARD = 'src/app/layouts/DashboardLayout.tsx';
const ORGANIZATION = 'src/app/pages/dashboard/OrganizationPage.tsx';
/** The query library's scope: every screen but sign-in loads it with its own code (router.tsx `dataRoute`). */
const DATA = 'src/app/query-scope.tsx';
/**
 * Every screen of src/app/router.tsx, with the lazy route modules (layout, then page) it loads on top of the entry.
 * A lazy page the build has and this list lacks fails the check, so a new screen cannot go unmeasured.
 */
export const ROUTES = [
  { path: '/account/login', modules: [ACCOUNT, 'src/app/pages/account/LoginPage.tsx'], login: true },
  { path: '/account/logout', modules: [ACCOUNT, DATA, 'src/app/pages/account/LogoutPage.tsx'] },
  { path: '/account/expired-password', modules: [ACCOUNT, DATA, 'src/app/pages/account/ExpiredPasswordPage.tsx'] },
  { path: '/account/otp/register', modules: [ACCOUNT, DATA, 'src/app/pages/account/OtpRegisterPage.tsx'] },
  { path: '/account/otp/guide', modules: [ACCOUNT, DATA, 'src/app/pages/account/OtpGuidePage.tsx'] },
  { path: '/dashboard', modules: [DATA, DASHBOARD], signedIn: true },
  { path: '/dashboard/assets', modules: [DATA, DASHBOARD, 'src/app/pages/dashboard/AssetsPage.tsx'], signedIn: true },
  { path: '/dashboard/wallets', modules: [DATA, DASHBOARD, 'src/app/pages/dashboard/WalletsPage.tsx'], signedIn: true },
  // A wallet's screen: the wallets page fetches its detail when the path names a wallet.
  {
    path: '/dashboard/wallets/:blockchain/:id',
    label: '…/wallets/:blockchain/:id',
    modules: [
      DATA,
      DASHBOARD,
      'src/app/pages/dashboard/WalletsPage.tsx',
      'src/app/pages/dashboard/WalletDetailPage.tsx',
    ],
    signedIn: true,
  },
  {
    path: '/dashboard/approvals',
    modules: [DATA, DASHBOARD, 'src/app/pages/dashboard/ApprovalsPage.tsx'],
    signedIn: true,
  },
  {
    path: '/dashboard/withdraw',
    modules: [DATA, DASHBOARD, 'src/app/pages/dashboard/WithdrawPage.tsx'],
    signedIn: true,
  },
  { path: '/dashboard/tokens', modules: [DATA, DASHBOARD, 'src/app/pages/dashboard/TokensPage.tsx'], signedIn: true },
  { path: '/dashboard/staking', modules: [DATA, DASHBOARD, 'src/app/pages/dashboard/StakingPage.tsx'], signedIn: true },
  // One path, two screens: the page fetches a member's management or an operator's console as it renders.
  {
    path: '/dashboard/operation/organization',
    label: '…/organization (member)',
    modules: [DATA, DASHBOARD, ORGANIZATION, 'src/app/pages/dashboard/OrganizationManagementPage.tsx'],
    signedIn: true,
  },
  {
    path: '/dashboard/operation/organization',
    label: '…/organization (operator)',
    modules: [DATA, DASHBOARD, ORGANIZATION, 'src/app/pages/dashboard/OperatorConsolePage.tsx'],
    signedIn: true,
  },
  {
    path: '/dashboard/operation/account',
    modules: [DATA, DASHBOARD, 'src/app/pages/dashboard/AccountPage.tsx'],
    signedIn: true,
  },
];

/**
 * The files (JS, then CSS) a manifest chunk needs: the chunk, its static imports, their CSS, depth first. `seen`
 * carries what is already counted (the entry's files when adding a screen's own).
 */
export function closure(manifest, key, seen = new Set(), out = { js: [], css: [] }) {
  if (seen.has(key)) return out;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk)
    throw new Error(`${key} is not in the build's manifest: update ROUTES in apps/web/scripts/screen-routes.mjs`);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, seen, out);
  out.js.push(chunk.file);
  for (const css of chunk.css ?? []) if (!out.css.includes(css)) out.css.push(css);
  return out;
}
