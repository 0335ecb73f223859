import { Button } from '../../components/ui/button';
import { ModalDialog } from '../../components/ui/modal-dialog';

export interface CancelSubscriptionDialogProps {
  busy: boolean;
  onConfirm(): void;
  onClose(): void;
}

export function CancelSubscriptionDialog({ busy, onConfirm, onClose }: CancelSubscriptionDialogProps) {
  return (
    <ModalDialog
      title="Cancel Subscription"
      role="alertdialog"
      onClose={onClose}
      dismissLabel="Keep Subscription"
      actions={
        <Button variant="primary" disabled={busy} aria-busy={busy} onClick={onConfirm}>
          Yes, Cancel
        </Button>
      }
    >
      <p>Are you sure you want to cancel your subscription? You'll retain access until the end of your billing period.</p>
    </ModalDialog>
  );
}
