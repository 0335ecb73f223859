import { Button } from '../../components/ui/button';
import { showToast } from '../../components/ui/toast-store';
import { formatAdminDate } from './admin-date';
import tableStyles from './admin-table.module.css';
import styles from './announcements.module.css';
import { type EmailCampaign, useCancelEmailCampaignMutation, usePauseEmailCampaignMutation, useResumeEmailCampaignMutation } from './campaign-api';
import { type CampaignRowAction, campaignRowActions, campaignStatusLabel } from './campaign-rules';

/** The campaign history (spec 001, 2.9 and 4); a failed action shows nothing (section 8): the next poll shows the true state. */
export function CampaignHistoryTable({ campaigns }: { campaigns: readonly EmailCampaign[] }) {
  const [pause, pausing] = usePauseEmailCampaignMutation();
  const [resume, resuming] = useResumeEmailCampaignMutation();
  const [cancel, canceling] = useCancelEmailCampaignMutation();
  const busy = pausing.isLoading || resuming.isLoading || canceling.isLoading;

  async function act(action: CampaignRowAction, id: number) {
    const call = action === 'Pause' ? pause : action === 'Resume' ? resume : cancel;
    try {
      await call(id).unwrap();
      showToast({ title: 'Campaign updated' });
    } catch {
      // Spec 001 section 8: a failed pause, resume or cancel is not shown.
    }
  }

  return (
    <div className={`${tableStyles.scroller} ${styles.history}`}>
      <table className={tableStyles.table} aria-label="Campaign history">
        <thead>
          <tr>
            <th style={{ width: '30%' }}>Subject</th>
            <th>Audience</th>
            <th>Status</th>
            <th>Sent</th>
            <th>Created</th>
            <th style={{ width: '20%' }}>Actions</th>
          </tr>
        </thead>
        <tbody>
          {campaigns.map((campaign) => (
            <tr key={campaign.id} className={tableStyles.row} data-campaign-id={campaign.id}>
              <td title={campaign.subject}>{campaign.subject}</td>
              <td>{campaign.targetAudience}</td>
              <td className={styles.status}>{campaignStatusLabel(campaign.status)}</td>
              <td>
                {campaign.sentCount} / {campaign.totalRecipients}
              </td>
              <td>{formatAdminDate(campaign.createdAt) ?? '-'}</td>
              <td>
                <div className={styles.actions}>
                  {campaignRowActions(campaign.status).map((action) => (
                    <Button key={action} variant={action === 'Cancel' ? 'ghost' : 'secondary'} disabled={busy} onClick={() => void act(action, campaign.id)}>
                      {action}
                    </Button>
                  ))}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
