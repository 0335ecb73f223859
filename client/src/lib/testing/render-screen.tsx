import { configureStore } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import type { RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { Toaster } from '../../components/ui/toaster';
import { api } from '../api/api';

/** Renders one screen for a component test: router at `path`, the API slice's store and the toaster; nothing answers the API. */
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
