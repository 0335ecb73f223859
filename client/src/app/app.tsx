import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { persistStore } from 'redux-persist';
import { PersistGate } from 'redux-persist/integration/react';
import { routes } from './routes';
import { makeStore } from './store';

const store = makeStore();
const persistor = persistStore(store);
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
