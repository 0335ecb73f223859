import { LinkButton } from '../../components/ui/link-button';
import { paths } from '../../lib/routes/paths';
import styles from './player.module.css';

/** A stem's HEAD answered 403 (spec 000, 4): nothing was loaded, so the player says why. */
export function CreditLimitNotice() {
  return (
    <div className={styles.creditLimit} role="alertdialog" aria-labelledby="credit-limit-title">
      <h2 id="credit-limit-title" className={styles.panelTitle}>
        Credit Limit Reached
      </h2>
      <p>You have used all your streaming credits, so this song's stems were not loaded.</p>
      <LinkButton to={paths.library}>Back to Library</LinkButton>
    </div>
  );
}
