import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { PersistGate } from 'redux-persist/integration/react';
import { routes } from './routes';
import { persistor, store } from './store';

const router = createBrowserRouter(routes);

/** The whole client: Redux store (rehydrated before the first screen), then the router. */
export function App() {
  return (
    <Provider store={store}>
      <PersistGate loading={null} persistor={persistor}>
        <RouterProvider router={router} />
      </PersistGate>
    </Provider>
  );
}
