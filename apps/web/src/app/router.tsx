import { Center, Loader } from '@mantine/core';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { loadMessages } from '../i18n';
import { PATHS } from '../lib/paths';
import { ErrorPage } from './pages/ErrorPage';

/** Route-level code splitting: a screen's code is fetched the first time it is visited. */
function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

function PageLoader() {
  return (
    <Center mih="60vh">
      <Loader size="sm" />
    </Center>
  );
}

export const routes: RouteObject[] = [
  {
    // Any error thrown while loading or rendering a screen lands on the error page.
    errorElement: <ErrorPage />,
    HydrateFallback: PageLoader,
    children: [
      { path: PATHS.root, element: <Navigate to={PATHS.login} replace /> },
      {
        lazy: lazyPage(
          () => import('./layouts/AccountLayout'),
          (m) => m.AccountLayout,
        ),
        children: [
          {
            path: PATHS.login,
            lazy: lazyPage(
              () => import('./pages/account/LoginPage'),
              (m) => m.LoginPage,
            ),
          },
          {
            path: PATHS.logout,
            lazy: lazyPage(
              () => import('./pages/account/LogoutPage'),
              (m) => m.LogoutPage,
            ),
          },
          {
            path: PATHS.expiredPassword,
            lazy: lazyPage(
              () => import('./pages/account/ExpiredPasswordPage'),
              (m) => m.ExpiredPasswordPage,
            ),
            handle: { cardWidth: 500 },
          },
          {
            path: PATHS.otpRegister,
            lazy: lazyPage(
              () => import('./pages/account/OtpRegisterPage'),
              (m) => m.OtpRegisterPage,
            ),
            handle: { cardWidth: 500 },
          },
          {
            path: PATHS.otpGuide,
            lazy: lazyPage(
              () => import('./pages/account/OtpGuidePage'),
              (m) => m.OtpGuidePage,
            ),
            handle: { cardWidth: 500 },
          },
        ],
      },
      {
        // The dashboard's messages (every area but sign-in) arrive with its layout, before any of its screens draws.
        lazy: lazyPage(
          () => Promise.all([import('./layouts/DashboardLayout'), loadMessages('dashboard')]),
          ([m]) => m.DashboardLayout,
        ),
        children: [
          // Members land on their assets, operators on the console.
          {
            path: PATHS.dashboard,
            lazy: lazyPage(
              () => import('./layouts/DashboardLayout'),
              (m) => m.DashboardHome,
            ),
          },
          {
            path: PATHS.assets,
            lazy: lazyPage(
              () => import('./pages/dashboard/AssetsPage'),
              (m) => m.AssetsPage,
            ),
          },
          // One route covers both '/dashboard/wallets' and its optional '/:blockchain/:id'.
          {
            path: PATHS.wallet,
            lazy: lazyPage(
              () => import('./pages/dashboard/WalletsPage'),
              (m) => m.WalletsPage,
            ),
          },
          {
            path: PATHS.approvals,
            lazy: lazyPage(
              () => import('./pages/dashboard/ApprovalsPage'),
              (m) => m.ApprovalsPage,
            ),
          },
          {
            path: PATHS.withdraw,
            lazy: lazyPage(
              () => import('./pages/dashboard/WithdrawPage'),
              (m) => m.WithdrawPage,
            ),
          },
          {
            path: PATHS.tokens,
            lazy: lazyPage(
              () => import('./pages/dashboard/TokensPage'),
              (m) => m.TokensPage,
            ),
          },
          {
            path: PATHS.staking,
            lazy: lazyPage(
              () => import('./pages/dashboard/StakingPage'),
              (m) => m.StakingPage,
            ),
          },
          {
            path: PATHS.organization,
            lazy: lazyPage(
              () => import('./pages/dashboard/OrganizationPage'),
              (m) => m.OrganizationPage,
            ),
          },
          {
            path: PATHS.account,
            lazy: lazyPage(
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

export function createAppRouter() {
  return createBrowserRouter(routes);
}
