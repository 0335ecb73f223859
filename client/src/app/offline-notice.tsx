import { useEffect } from 'react';
import { api } from '../lib/api/api';
import { selectSessionOffline } from '../lib/session/known-user-slice';
import { useAppDispatch, useAppSelector } from './hooks';
import styles from './offline-notice.module.css';

/** Shown while the user comes from the last known session because the API is unreachable (decision 0020); rechecks the session once online. */
export function OfflineNotice() {
  const offline = useAppSelector(selectSessionOffline);
  const dispatch = useAppDispatch();

  useEffect(() => {
    if (!offline) return;
    const recheck = () => dispatch(api.util.invalidateTags(['CurrentUser']));
    window.addEventListener('online', recheck);
    return () => window.removeEventListener('online', recheck);
  }, [offline, dispatch]);

  if (!offline) return null;
  return (
    <p className={styles.notice} role="status">
      Offline: showing what this device has saved.
    </p>
  );
}
