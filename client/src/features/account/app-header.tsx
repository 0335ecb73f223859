import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { UpgradeDialog } from '../../components/ui/upgrade-dialog';
import { useCurrentUserQuery } from '../../lib/api/current-user-api';
import { isSubscribed, useSubscriptionStatusQuery } from '../../lib/api/subscription-status-api';
import { paths } from '../../lib/routes/paths';
import { AccountPopover } from './account-popover';
import styles from './app-header.module.css';

export interface AppHeaderProps {
  /** The song in the player, if any; the header falls back to the product's name. */
  songTitle: string | null;
}

const popoverId = 'account-popover';

export function AppHeader({ songTitle }: AppHeaderProps) {
  const location = useLocation();
  const { data: user, isLoading: userLoading } = useCurrentUserQuery();
  const { data: subscription } = useSubscriptionStatusQuery();
  const subscribed = isSubscribed(subscription);

  // The popover belongs to the location it was opened at, so any navigation closes it.
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const open = openedAt === location.key;
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const accountRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOnOutsideClick = (event: PointerEvent) => {
      if (!accountRef.current?.contains(event.target as Node)) setOpenedAt(null);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenedAt(null);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', closeOnOutsideClick);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOnOutsideClick);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  return (
    <header className={styles.header}>
      <Link to={paths.library} className={styles.songs}>
        SONGS
      </Link>
      <p className={styles.title} data-testid="header-song-title">
        {songTitle ?? 'Woodshed'}
      </p>
      <div className={styles.account} ref={accountRef}>
        <button
          ref={buttonRef}
          type="button"
          className={open ? `${styles.accountButton} ${styles.accountOpen}` : styles.accountButton}
          aria-expanded={open}
          aria-controls={open ? popoverId : undefined}
          onClick={() => setOpenedAt(open ? null : location.key)}
        >
          ACCOUNT
          {subscribed ? <span className={styles.pro}>PRO</span> : null}
        </button>
        {open ? (
          <AccountPopover
            id={popoverId}
            user={user}
            isLoading={userLoading}
            subscribed={subscribed}
            onUpgrade={() => {
              setOpenedAt(null);
              setUpgradeOpen(true);
            }}
          />
        ) : null}
        {upgradeOpen ? <UpgradeDialog trigger="account_menu" onClose={() => setUpgradeOpen(false)} /> : null}
      </div>
    </header>
  );
}
