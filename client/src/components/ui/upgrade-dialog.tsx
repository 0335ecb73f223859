import { goToCheckout } from '../../lib/api/go-to-checkout';
import { purchasingUnavailableToast, usePurchasingEnabled } from '../../lib/api/purchasing-setting-api';
import { useCreateSubscriptionCheckoutMutation } from '../../lib/api/subscription-checkout-api';
import type { PlanType } from '../../lib/api/subscription-checkout-api';
import { Button } from './button';
import { ModalDialog } from './modal-dialog';
import { showToast } from './toast-store';
import styles from './upgrade-dialog.module.css';

export type UpgradeTrigger = 'playback_limit' | 'pro_feature' | 'library_banner' | 'account_menu';

// Why the modal opened, in a line; the plans and benefits are the same for every trigger.
const reasons: Record<UpgradeTrigger, string> = {
  pro_feature: 'Custom presets are a Pro feature.',
  playback_limit: 'You have used your streaming credits for this month.',
  library_banner: 'Unlock Full Access with Pro.',
  account_menu: 'Unlimited streaming and custom presets.',
};

export interface UpgradeDialogProps {
  trigger: UpgradeTrigger;
  onClose(): void;
}

export function UpgradeDialog({ trigger, onClose }: UpgradeDialogProps) {
  const [createCheckout, { isLoading }] = useCreateSubscriptionCheckoutMutation();
  const purchasingEnabled = usePurchasingEnabled();

  function choose(planType: PlanType) {
    if (!purchasingEnabled) {
      showToast(purchasingUnavailableToast);
      return;
    }
    void goToCheckout(() => createCheckout({ planType }).unwrap(), 'Failed to start upgrade process');
  }

  return (
    <ModalDialog
      title="Upgrade to Pro"
      width={460}
      trigger={trigger}
      onClose={onClose}
      dismissLabel="Maybe later"
    >
      <p className={styles.reason}>{reasons[trigger]}</p>
      <ul className={styles.benefits}>
        <li>Unlimited streaming</li>
        <li>Custom presets</li>
        <li>Priority support</li>
        <li>Early access</li>
      </ul>
      <div className={styles.plans}>
        <Button variant="primary" disabled={isLoading} onClick={() => choose('monthly')}>
          $15 / month
        </Button>
        <Button variant="primary" disabled={isLoading} onClick={() => choose('yearly')}>
          $160 / year (save $20)
        </Button>
      </div>
    </ModalDialog>
  );
}
