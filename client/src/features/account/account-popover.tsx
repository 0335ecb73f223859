import { Link } from 'react-router-dom';
import { Spinner } from '../../components/ui/spinner';
import type { SessionUser } from '../../lib/api/current-user-api';
import { paths } from '../../lib/routes/paths';
import styles from './account-popover.module.css';
import { isAdminUser } from '../../lib/session/is-admin-user';
import { useLogOut } from './use-log-out';

export interface AccountPopoverProps {
  id: string;
  user: SessionUser | null | undefined;
  isLoading: boolean;
  subscribed: boolean;
  /** Upgrade to Pro was chosen: the header closes the menu and opens the Upgrade modal. */
  onUpgrade(): void;
}

export function AccountPopover({ id, user, isLoading, subscribed, onUpgrade }: AccountPopoverProps) {
  const { logOut, isPending } = useLogOut();
  return (
    <div id={id} className={styles.popover} role="dialog" aria-label="Account">
      <div className={styles.identity}>
        {isLoading ? (
          <Spinner label="Loading account" />
        ) : user ? (
          <>
            <p className={styles.email}>{user.email}</p>
            <p className={styles.userId}>ID: {user.id}</p>
          </>
        ) : (
          <p className={styles.userId}>No user logged in</p>
        )}
      </div>
      <nav className={styles.actions} aria-label="Account actions">
        {subscribed ? (
          <Link to={paths.membership} className={`${styles.item} ${styles.primary}`}>
            Manage Membership
          </Link>
        ) : (
          <button type="button" className={`${styles.item} ${styles.primary}`} onClick={onUpgrade}>
            Upgrade to Pro
          </button>
        )}
        {subscribed ? null : (
          <Link to={paths.usage} className={styles.item}>
            Usage &amp; Credits
          </Link>
        )}
        <Link to={paths.practice} className={styles.item}>
          Practice Log
        </Link>
        <Link to={paths.offlineSongs} className={styles.item}>
          Offline Songs
        </Link>
        <Link to={paths.emailPreferences} className={styles.item}>
          Email Preferences
        </Link>
        {isAdminUser(user) ? (
          <Link to={paths.adminOverview} className={styles.item}>
            Admin Dashboard
          </Link>
        ) : null}
      </nav>
      <div className={styles.legal}>
        <Link to={paths.privacyPolicy}>Privacy Policy</Link>
        <span aria-hidden="true">·</span>
        <Link to={paths.termsOfUse}>Terms of Use</Link>
      </div>
      <button type="button" className={styles.logOut} disabled={isPending} aria-busy={isPending} onClick={() => void logOut()}>
        Log Out
      </button>
    </div>
  );
}
