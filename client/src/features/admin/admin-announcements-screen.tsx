import { useState } from 'react';
import { showServerErrorToast } from '../../components/ui/server-error-toast';
import { showToast } from '../../components/ui/toast-store';
import screenStyles from './admin-screen.module.css';
import { AnnouncementsComposeForm } from './announcements-compose-form';
import { type NewEmailCampaign, campaignPollMs, useCreateEmailCampaignMutation, useEmailCampaignsQuery } from './campaign-api';
import { CampaignConfirmDialog } from './campaign-confirm-dialog';
import { CampaignHistoryTable } from './campaign-history-table';
import { AdminCard } from './admin-card';

export function AdminAnnouncementsScreen() {
  const { data: campaigns, isLoading, isError } = useEmailCampaignsQuery(undefined, { pollingInterval: campaignPollMs, skipPollingIfUnfocused: false });
  const [create, { isLoading: creating }] = useCreateEmailCampaignMutation();
  const [pending, setPending] = useState<NewEmailCampaign | null>(null);
  const [resetKey, setResetKey] = useState(0);

  async function confirm() {
    if (pending === null) return;
    try {
      await create(pending).unwrap();
    } catch (error) {
      showServerErrorToast('Failed to create campaign', error, 'An error occurred');
      setPending(null);
      return;
    }
    setPending(null);
    setResetKey((key) => key + 1);
    showToast({ title: 'Campaign created!', description: 'The email campaign has been queued and will start sending shortly.' });
  }

  return (
    <div className={screenStyles.screen}>
      <AdminCard id="compose" title="Compose Announcement" headingLevel={2}>
        <p className={screenStyles.statusText}>Sent in batches of 50, 22 minutes apart. Users who turned announcements off are left out.</p>
        <AnnouncementsComposeForm onSubmit={setPending} resetKey={resetKey} busy={creating} />
      </AdminCard>
      <section className={screenStyles.section} aria-labelledby="history-title">
        <h2 className={screenStyles.sectionTitle} id="history-title">
          Campaign History
        </h2>
        {isLoading ? <p className={screenStyles.statusText}>Loading campaigns...</p> : null}
        {isError ? <p className={screenStyles.loadError}>The campaign history could not be read; it is tried again every 5 seconds.</p> : null}
        {campaigns !== undefined && campaigns.length === 0 ? <p className={screenStyles.statusText}>No campaigns yet</p> : null}
        {campaigns !== undefined && campaigns.length > 0 ? <CampaignHistoryTable campaigns={campaigns} /> : null}
      </section>
      {pending !== null ? <CampaignConfirmDialog campaign={pending} sending={creating} onConfirm={() => void confirm()} onCancel={() => setPending(null)} /> : null}
    </div>
  );
}
