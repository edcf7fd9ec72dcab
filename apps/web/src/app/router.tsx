import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { loadMessages } from '../i18n';
import { PATHS } from '../lib/paths';
import { ErrorPage } from './pages/ErrorPage';
import { lazyRoute } from './route-loading';

const loadQueryScope = () => import('./query-scope');

/**
 * A screen that fetches through the query library: its code and the library's arrive together and it draws inside
 * the app's one query client. Sign-in is the one screen without it.
 */
function dataRoute<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return lazyRoute(
    () => Promise.all([load(), loadQueryScope()]),
    ([module, { QueryScope }]) => {
      const Screen = pick(module);
      return function WithQueryScope() {
        return (
          <QueryScope>
            <Screen />
          </QueryScope>
        );
      };
    },
  );
}

/**
 * Every screen, as route objects rendered with `useRoutes` under a `BrowserRouter` (route-loading.tsx): the
 * declarative router, which is half the size of the data router (loaders, actions, fetchers) that no screen used.
 * Each screen's code is fetched the first time it is visited; a layout and its page are fetched in parallel.
 */
export const routes: RouteObject[] = [
  {
    children: [
      { path: PATHS.root, element: <Navigate to={PATHS.login} replace /> },
      {
        ...lazyRoute(
          () => import('./layouts/AccountLayout'),
          (m) => m.AccountLayout,
        ),
        children: [
          {
            path: PATHS.login,
            ...lazyRoute(
              () => import('./pages/account/LoginPage'),
              (m) => m.LoginPage,
            ),
          },
          {
            path: PATHS.logout,
            ...dataRoute(
              () => import('./pages/account/LogoutPage'),
              (m) => m.LogoutPage,
            ),
          },
          {
            path: PATHS.expiredPassword,
            ...dataRoute(
              () => import('./pages/account/ExpiredPasswordPage'),
              (m) => m.ExpiredPasswordPage,
            ),
          },
          {
            path: PATHS.otpRegister,
            ...dataRoute(
              () => import('./pages/account/OtpRegisterPage'),
              (m) => m.OtpRegisterPage,
            ),
          },
          {
            path: PATHS.otpGuide,
            ...dataRoute(
              () => import('./pages/account/OtpGuidePage'),
              (m) => m.OtpGuidePage,
            ),
          },
        ],
      },
      {
        // The dashboard's messages (every area but sign-in) arrive with its layout, before any of its screens draws.
        ...dataRoute(
          () => Promise.all([import('./layouts/DashboardLayout'), loadMessages('dashboard')]),
          ([m]) => m.DashboardLayout,
        ),
        children: [
          // Members land on their assets, operators on the console.
          {
            path: PATHS.dashboard,
            ...lazyRoute(
              () => import('./layouts/DashboardLayout'),
              (m) => m.DashboardHome,
            ),
          },
          {
            path: PATHS.assets,
            ...lazyRoute(
              () => import('./pages/dashboard/AssetsPage'),
              (m) => m.AssetsPage,
            ),
          },
          // One route covers both '/dashboard/wallets' and its optional '/:blockchain/:id'.
          {
            path: PATHS.wallet,
            ...lazyRoute(
              () => import('./pages/dashboard/WalletsPage'),
              (m) => m.WalletsPage,
            ),
          },
          {
            path: PATHS.approvals,
            ...lazyRoute(
              () => import('./pages/dashboard/ApprovalsPage'),
              (m) => m.ApprovalsPage,
            ),
          },
          {
            path: PATHS.withdraw,
            ...lazyRoute(
              () => import('./pages/dashboard/WithdrawPage'),
              (m) => m.WithdrawPage,
            ),
          },
          {
            path: PATHS.tokens,
            ...lazyRoute(
              () => import('./pages/dashboard/TokensPage'),
              (m) => m.TokensPage,
            ),
          },
          {
            path: PATHS.staking,
            ...lazyRoute(
              () => import('./pages/dashboard/StakingPage'),
              (m) => m.StakingPage,
            ),
          },
          {
            path: PATHS.organization,
            ...lazyRoute(
              () => import('./pages/dashboard/OrganizationPage'),
              (m) => m.OrganizationPage,
            ),
          },
          {
            path: PATHS.account,
            ...lazyRoute(
              () => import('./pages/dashboard/AccountPage'),
              (m) => m.AccountPage,
            ),
          },
        ],
      },
      { path: PATHS.error, element: <ErrorPage /> },
      { path: '*', element: <ErrorPage notFound /> },
    ],
  },
];
