import { configureStore } from '@reduxjs/toolkit';
import { act, render } from '@testing-library/react';
import type { RenderResult } from '@testing-library/react';
import { Provider } from 'react-redux';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { api } from '../lib/api/api';
import { routes } from './routes';

type AppRouter = ReturnType<typeof createMemoryRouter>;

export interface RenderedAppRoute extends RenderResult {
  router: AppRouter;
}

function settled(router: AppRouter): boolean {
  return router.state.initialized && router.state.navigation.state === 'idle';
}

/**
 * Resolves once the router has drawn `path` with its screen loaded: a route's screen is its own
 * chunk (routes.tsx), and how long its first import takes is up to the machine.
 */
export async function routerAt(router: AppRouter, path: string): Promise<void> {
  const arrived = () => settled(router) && router.state.location.pathname === path;
  await act(async () => {
    if (arrived()) return;
    await new Promise<void>((resolve) => {
      const unsubscribe = router.subscribe(() => {
        if (!arrived()) return;
        unsubscribe();
        resolve();
      });
    });
  });
}

/**
 * For component tests: renders the app's own route table (routes.tsx) at `path`, in memory: the
 * root layout, the route's lazily loaded screen, and every other route a link on it leads to;
 * resolves once the screen is drawn. For the public pages and what they do between themselves (a
 * call to action that opens the sign-in page). As in lib/testing/render-screen.tsx, the store
 * holds the API's slice and nothing answers the API: routes behind the session guard belong in
 * the browser tests.
 */
export async function renderAppRoute(path: string): Promise<RenderedAppRoute> {
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const rendered = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  await routerAt(router, new URL(path, window.location.origin).pathname);
  return { ...rendered, router };
}
