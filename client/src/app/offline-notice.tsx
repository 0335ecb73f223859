import { useEffect } from 'react';
import { api } from '../lib/api/api';
import { selectSessionOffline } from '../lib/session/known-user-slice';
import { useAppDispatch, useAppSelector } from './hooks';
import styles from './offline-notice.module.css';

/**
 * While the signed-in user is shown from the last known session because the API could not be
 * reached (decision 0020): a small notice, and a new session check once the browser is back online
 * (a session that ended meanwhile then signs out, as any 401 does).
 */
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
