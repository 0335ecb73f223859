import { purchasingUnavailableToast } from '../../lib/api/purchasing-setting-api';
import styles from './membership-screen.module.css';

export function PurchasingUnavailable() {
  return (
    <div className={styles.unavailable} role="status">
      <strong>{purchasingUnavailableToast.title}</strong>
      <p>{purchasingUnavailableToast.description}</p>
    </div>
  );
}
