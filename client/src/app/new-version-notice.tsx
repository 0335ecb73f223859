import { useSyncExternalStore } from 'react';
import { Button } from '../components/ui/button';
import styles from './new-version-notice.module.css';
import { hasNewVersion, reloadIntoNewVersion, subscribeToNewVersion } from './service-worker-update';

export const NEW_VERSION_TEXT = 'A new version of Woodshed is available.';

/** Over every page once a new service worker waits; only 'Reload' switches, so a playing song is never cut off. */
export function NewVersionNotice() {
  const available = useSyncExternalStore(subscribeToNewVersion, hasNewVersion);
  if (!available) return null;
  return (
    <div className={styles.notice} role="status">
      <p className={styles.text}>{NEW_VERSION_TEXT}</p>
      <Button variant="primary" onClick={reloadIntoNewVersion}>
        Reload
      </Button>
    </div>
  );
}
