import { CancelConfirmActions } from '../../components/ui/cancel-confirm-actions';
import { ModalDialog } from '../../components/ui/modal-dialog';
import styles from './announcements.module.css';
import type { NewEmailCampaign } from './campaign-api';
import { audienceLabels } from './campaign-rules';

export interface CampaignConfirmDialogProps {
  campaign: NewEmailCampaign;
  sending: boolean;
  onConfirm(): void;
  onCancel(): void;
}

export function CampaignConfirmDialog({ campaign, sending, onConfirm, onCancel }: CampaignConfirmDialogProps) {
  return (
    <ModalDialog
      title="Send this campaign?"
      role="alertdialog"
      onClose={sending ? undefined : onCancel}
      actions={
        <CancelConfirmActions busy={sending} onCancel={onCancel} onClick={onConfirm}>
          {sending ? 'Sending...' : 'Confirm & Send'}
        </CancelConfirmActions>
      }
    >
      <p className={styles.summary}>
        <strong>Subject:</strong> {campaign.subject}
      </p>
      <p className={styles.summary}>
        <strong>Audience:</strong> {audienceLabels[campaign.targetAudience]}
      </p>
      {campaign.targetAudience === 'all' ? (
        <p className={styles.warning} role="alert">
          Warning: this e-mail will go to ALL users. Send a test campaign first to check how it looks.
        </p>
      ) : null}
    </ModalDialog>
  );
}
