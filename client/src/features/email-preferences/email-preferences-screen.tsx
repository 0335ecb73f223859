import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LinkButton } from '../../components/ui/link-button';
import { LoadingState } from '../../components/ui/loading-state';
import { ScreenFrame } from '../../components/ui/screen-frame';
import { showServerErrorToast } from '../../components/ui/server-error-toast';
import { Switch } from '../../components/ui/switch';
import { showToast } from '../../components/ui/toast-store';
import { paths } from '../../lib/routes/paths';
import {
  useEmailPreferencesQuery,
  useResubscribeAnnouncementsMutation,
  useUnsubscribeAnnouncementsMutation,
} from './email-preferences-api';
import styles from './email-preferences-screen.module.css';
import { shouldAutoUnsubscribe } from './should-auto-unsubscribe';

// Spec 001, 2.6: the e-mails no toggle turns off.
const alwaysSent = [
  { title: 'Account and security', text: 'Sign-in links and codes, and notices about your account.' },
  { title: 'Billing and subscriptions', text: 'Receipts, renewals, credit purchases and payment problems.' },
  { title: 'Legal and privacy', text: 'Changes to our terms or privacy policy, and answers to privacy requests.' },
];

export function EmailPreferencesScreen() {
  const [searchParams] = useSearchParams();
  const { data: preferences, isLoading, isError, isFetching } = useEmailPreferencesQuery();
  const [unsubscribe, unsubscribeState] = useUnsubscribeAnnouncementsMutation();
  const [resubscribe, resubscribeState] = useResubscribeAnnouncementsMutation();
  const busy = unsubscribeState.isLoading || resubscribeState.isLoading || isFetching;
  const autoUnsubscribeTried = useRef(false);

  async function setAnnouncements(wanted: boolean) {
    try {
      await (wanted ? resubscribe() : unsubscribe()).unwrap();
    } catch (error) {
      showServerErrorToast('Failed to update preferences', error, 'An error occurred');
      return;
    }
    showToast({ title: 'Preferences updated', description: 'Your email preferences have been saved.' });
  }

  const userIdParam = searchParams.get('userId');
  useEffect(() => {
    if (!shouldAutoUnsubscribe({ userIdParam, preferences, alreadyTried: autoUnsubscribeTried.current })) return;
    autoUnsubscribeTried.current = true;
    void setAnnouncements(false);
    // setAnnouncements changes every render; the ref makes this run once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userIdParam, preferences]);

  const subscribed = preferences?.unsubscribedAnnouncements === false;

  return (
    <ScreenFrame className={styles.screen} title="Email Preferences" subtitle="Choose which e-mails you receive from Woodshed." back={<LinkButton to={paths.library}>Back to App</LinkButton>}>

      {isLoading ? (
        <LoadingState label="Loading your preferences…" />
      ) : isError || !preferences ? (
        <p className={styles.loadError} role="alert">
          Your preferences could not be loaded. Please reload the page to try again.
        </p>
      ) : (
        <>
          <div className={styles.card}>
            <div className={styles.option}>
              <div>
                <label className={styles.optionTitle} htmlFor="announcements-switch">
                  Announcements
                </label>
                <p className={styles.optionText} id="announcements-text">
                  New songs, new features and product news, a few times a month at most.
                </p>
              </div>
              <Switch
                id="announcements-switch"
                checked={subscribed}
                disabled={busy}
                aria-describedby="announcements-text"
                onChange={(wanted) => void setAnnouncements(wanted)}
              />
            </div>
            {subscribed ? null : (
              <p className={styles.warning} role="note">
                You are unsubscribed from announcements. You will not hear about new songs and features, but you
                will still receive the e-mails listed below.
              </p>
            )}
          </div>

          <div className={styles.card}>
            <h2 className={styles.cardTitle}>E-mails you will always receive</h2>
            <p className={styles.optionText}>These cannot be turned off while you have an account.</p>
            <ul className={styles.alwaysList}>
              {alwaysSent.map((item) => (
                <li key={item.title}>
                  <strong>{item.title}</strong>
                  <span>{item.text}</span>
                </li>
              ))}
            </ul>
          </div>
        </>
      )}
    </ScreenFrame>
  );
}
