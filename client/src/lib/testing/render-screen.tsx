import { configureStore } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import type { RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { Toaster } from '../../components/ui/toaster';
import { api } from '../api/api';

/**
 * Renders one screen for a component test (jsdom): inside a router at `path`, a store with the
 * API's slice (the screens' calls and their cache), and the toaster, as the app's root layout
 * draws them. Nothing answers the API here: a test of a screen that needs the server belongs in
 * the browser tests (client/e2e).
 */
export function renderScreen(screen: ReactNode, path = '/'): RenderResult {
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  return render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        {screen}
        <Toaster />
      </MemoryRouter>
    </Provider>,
  );
}
