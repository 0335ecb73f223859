import { CREDIT_PACK_CREDITS, useCreateCreditsCheckoutMutation, usePurchaseCreditsMutation } from '../../lib/api/credits-checkout-api';
import { goToCheckout } from '../../lib/api/go-to-checkout';
import { purchasingUnavailableToast, usePurchasingEnabled } from '../../lib/api/purchasing-setting-api';
import { Button } from './button';
import { ModalDialog } from './modal-dialog';
import { showToast } from './toast-store';

export interface BuyCreditsDialogProps {
  /** Where the checkout returns: 'membership' buys via /api/credits/create-checkout, 'usage' via /api/credits/purchase. */
  returnTo: 'membership' | 'usage';
  onClose(): void;
}

export function BuyCreditsDialog({ returnTo, onClose }: BuyCreditsDialogProps) {
  const purchasingEnabled = usePurchasingEnabled();
  const [createCheckout, membershipCall] = useCreateCreditsCheckoutMutation();
  const [purchase, usageCall] = usePurchaseCreditsMutation();
  const busy = membershipCall.isLoading || usageCall.isLoading;

  function buy() {
    if (!purchasingEnabled) {
      showToast(purchasingUnavailableToast);
      return;
    }
    const start = returnTo === 'membership' ? () => createCheckout().unwrap() : () => purchase({ credits: CREDIT_PACK_CREDITS }).unwrap();
    void goToCheckout(start, 'Failed to start purchase process');
  }

  return (
    <ModalDialog
      title="Buy Credits"
      onClose={onClose}
      dismissLabel="Cancel"
      actions={
        <Button variant="primary" disabled={busy} aria-busy={busy} onClick={buy}>
          Buy 100 Credits - $5
        </Button>
      }
    >
      <p>
        <strong>100 credits for $5</strong>, a one-time purchase.
      </p>
      <p>Purchased credits never expire. They are used after your 200 free monthly credits run out. One credit streams 10 MB.</p>
    </ModalDialog>
  );
}
