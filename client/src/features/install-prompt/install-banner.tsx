import { Button } from '../../components/ui/button';
import styles from './install-banner.module.css';
import { useInstallPrompt } from './use-install-prompt';

export function InstallBanner() {
  const { offer, install, dismiss } = useInstallPrompt();
  if (offer === 'none') return null;
  return (
    <aside className={styles.banner} aria-labelledby="install-banner-title">
      <div className={styles.texts}>
        <p id="install-banner-title" className={styles.title}>
          Install Woodshed
        </p>
        <p className={styles.description}>
          {offer === 'ios'
            ? 'Add it to your home screen: tap Share, then Add to Home Screen.'
            : 'Add it to your home screen to open your library in one tap, even without a connection.'}
        </p>
      </div>
      <div className={styles.actions}>
        {offer === 'prompt' && (
          <Button variant="primary" onClick={() => void install()}>
            Install
          </Button>
        )}
        <Button variant="ghost" onClick={dismiss}>
          Not now
        </Button>
      </div>
    </aside>
  );
}
