import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { ModalDialog } from '../../components/ui/modal-dialog';
import { showToast } from '../../components/ui/toast-store';
import { UpgradeDialog } from '../../components/ui/upgrade-dialog';
import { CREDIT_PACK_CREDITS, usePurchaseCreditsMutation } from '../../lib/api/credits-checkout-api';
import { goToCheckout } from '../../lib/api/go-to-checkout';
import { purchasingUnavailableToast, usePurchasingEnabled } from '../../lib/api/purchasing-setting-api';
import { useCreateSubscriptionCheckoutMutation } from '../../lib/api/subscription-checkout-api';
import { paths } from '../../lib/routes/paths';
import styles from './player.module.css';

export function CreditLimitNotice() {
  const navigate = useNavigate();
  const purchasingEnabled = usePurchasingEnabled();
  const [createSubscriptionCheckout, subscriptionCall] = useCreateSubscriptionCheckoutMutation();
  const [purchaseCredits, creditsCall] = usePurchaseCreditsMutation();
  const [plansOpen, setPlansOpen] = useState(false);
  const busy = subscriptionCall.isLoading || creditsCall.isLoading;
  const backToLibrary = () => void navigate(paths.library);

  function upgrade() {
    if (!purchasingEnabled) {
      showToast(purchasingUnavailableToast);
      return;
    }
    void goToCheckout(() => createSubscriptionCheckout({}).unwrap(), 'Failed to initiate subscription. Please try again.');
  }

  function buyCredits() {
    if (!purchasingEnabled) {
      showToast(purchasingUnavailableToast);
      return;
    }
    void goToCheckout(() => purchaseCredits({ credits: CREDIT_PACK_CREDITS }).unwrap(), 'Failed to initiate credit purchase. Please try again.');
  }

  if (plansOpen) return <UpgradeDialog trigger="playback_limit" onClose={() => setPlansOpen(false)} />;
  return (
    <ModalDialog
      title="Credit Limit Reached"
      role="alertdialog"
      onClose={backToLibrary}
      dismissLabel="Back to Library"
      actions={
        <Button variant="ghost" onClick={() => setPlansOpen(true)}>
          Compare plans
        </Button>
      }
    >
      <p>You have used all your streaming credits, so this song's stems were not loaded.</p>
      <p>Your 200 free credits come back on the 1st of the month. Upgrade to Pro for unlimited streaming, or buy 100 credits for $5 that never expire.</p>
      <div className={styles.limitActions}>
        <Button variant="primary" block disabled={busy} onClick={upgrade}>
          Upgrade to Pro
        </Button>
        <Button block disabled={busy} onClick={buyCredits}>
          Buy 100 Credits - $5
        </Button>
      </div>
    </ModalDialog>
  );
}
