import { useEffect } from 'react';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { persistStore } from 'redux-persist';
import { PersistGate } from 'redux-persist/integration/react';
import { InstallBanner } from '../features/install-prompt/install-banner';
import { keepPurchasingSettingFresh } from '../lib/api/purchasing-setting-freshness';
import { NewVersionNotice } from './new-version-notice';
import { routes } from './routes';
import { makeStore } from './store';

const store = makeStore();
const persistor = persistStore(store);
const router = createBrowserRouter(routes);

export function App() {
  // An administrator's purchasing switch reaches tabs already open (spec 001: at once, everywhere).
  useEffect(() => keepPurchasingSettingFresh(store), []);
  return (
    <Provider store={store}>
      <PersistGate loading={null} persistor={persistor}>
        <RouterProvider router={router} />
      </PersistGate>
      {/* Outside the gate: it listens for the browser's install event from the first render on. */}
      <InstallBanner />
      <NewVersionNotice />
    </Provider>
  );
}
