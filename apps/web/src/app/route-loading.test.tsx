import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Outlet, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { PATHS } from '../lib/paths';
import { renderRoutes } from '../test/render';
import { lazyRoute, preloadPath } from './route-loading';

function Broken(): never {
  throw new Error('drawing failed');
}

describe('route loading', () => {
  it('fetches a layout and its page together, each once, and draws them', async () => {
    const loads: string[] = [];
    let openLayout = () => {};
    const layoutGate = new Promise<void>((resolve) => {
      openLayout = resolve;
    });
    const routes: RouteObject[] = [
      {
        ...lazyRoute(
          async () => {
            loads.push('layout');
            await layoutGate;
            return { Layout: () => <Outlet /> };
          },
          (m) => m.Layout,
        ),
        children: [
          {
            path: '/here',
            ...lazyRoute(
              async () => {
                loads.push('page');
                return { Page: () => <h1>here</h1> };
              },
              (m) => m.Page,
            ),
          },
        ],
      },
    ];
    window.history.replaceState(null, '', '/here');
    renderRoutes(routes, '/here');
    // The page's fetch starts while the layout's is still under way, not after the layout has drawn.
    await waitFor(() => expect(loads).toEqual(['layout', 'page']));
    openLayout();
    expect(await screen.findByRole('heading', { name: 'here' })).toBeInTheDocument();
    preloadPath('/here');
    expect(loads).toEqual(['layout', 'page']);
  });

  it('a screen that fails shows the error page, and the next path draws again', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const routes: RouteObject[] = [
      { path: '/broken', element: <Broken /> },
      { path: PATHS.login, element: <h1>sign in</h1> },
    ];
    const { router } = renderRoutes(routes, '/broken');
    expect(await screen.findByTestId('error-page')).toBeInTheDocument();
    expect(error).toHaveBeenCalled();
    // The error page's way out leads to a screen that draws: the failure does not stick to the next path.
    fireEvent.click(screen.getByRole('link', { name: '로그인으로 돌아가기' }));
    expect(await screen.findByRole('heading', { name: 'sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(PATHS.login);
    error.mockRestore();
  });
});
