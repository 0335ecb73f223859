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

/** Resolves once the router has drawn `path` with its lazily loaded screen. */
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

/** For component tests of the public pages: the app's own routes, in memory; the API is not answered, so guarded routes belong in browser tests. */
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
