import { showServerErrorToast } from '../../components/ui/server-error-toast';
import { Switch } from '../../components/ui/switch';
import { showToast } from '../../components/ui/toast-store';
import { useAdminSettingsQuery, useUpdateAdminSettingsMutation } from './admin-api';
import screenStyles from './admin-screen.module.css';
import styles from './admin-settings-screen.module.css';
import { UsageNotes } from './usage-notes';

export function AdminSettingsScreen() {
  const { data: settings, isLoading, isError } = useAdminSettingsQuery();
  const [update, { isLoading: saving }] = useUpdateAdminSettingsMutation();
  // Spec 001, section 3: treated as true when not loaded.
  const enabled = settings?.purchasing_enabled !== false;

  async function setPurchasing(wanted: boolean) {
    try {
      await update({ purchasing_enabled: wanted }).unwrap();
    } catch (error) {
      showServerErrorToast('Error', error, 'Failed to update settings');
      return;
    }
    showToast({
      title: 'Settings Updated',
      description: wanted ? 'Purchasing is on: users can subscribe and buy credits.' : 'Purchasing is off: no one can start a checkout.',
    });
  }

  return (
    <div className={screenStyles.screen}>
      <h2 className={screenStyles.sectionTitle}>Settings</h2>
      <section className={screenStyles.card} aria-labelledby="purchasing-title">
        <div className={styles.option}>
          <div>
            <label className={screenStyles.cardTitle} id="purchasing-title" htmlFor="purchasing-switch">
              Purchasing
            </label>
            <p className={styles.optionText} id="purchasing-text">
              When on, users can upgrade to Pro and buy credit packs. When off, every buy button is replaced by a notice and the
              server refuses new checkouts. Existing subscriptions and credits are not affected.
            </p>
          </div>
          <Switch
            id="purchasing-switch"
            checked={enabled}
            disabled={isLoading || saving}
            aria-describedby="purchasing-text"
            onChange={(wanted) => void setPurchasing(wanted)}
          />
        </div>
        <p className={enabled ? styles.stateOn : styles.stateOff} role="status">
          {isLoading ? 'Reading the current setting...' : enabled ? 'Purchasing is enabled' : 'Purchasing is disabled'}
        </p>
        {isError ? <p className={screenStyles.loadError}>The current setting could not be read; it is shown as on. Reload the page to try again.</p> : null}
      </section>
      <UsageNotes />
    </div>
  );
}
