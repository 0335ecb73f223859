import { useCallback, useState } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { LinkButton } from '../../components/ui/link-button';
import { LoadingState } from '../../components/ui/loading-state';
import { ScreenFrame } from '../../components/ui/screen-frame';
import { showServerErrorToast } from '../../components/ui/server-error-toast';
import { showToast } from '../../components/ui/toast-store';
import { purchaseInvalidations } from '../../lib/api/purchase-invalidations';
import { usePurchasingEnabled } from '../../lib/api/purchasing-setting-api';
import { useSubscriptionStatusQuery } from '../../lib/api/subscription-status-api';
import { membershipReturnParams } from '../../lib/routes/checkout-return';
import type { CheckoutReturn } from '../../lib/routes/checkout-return';
import { paths } from '../../lib/routes/paths';
import { useCheckoutReturn } from '../../lib/routes/use-checkout-return';
import { CancelSubscriptionDialog } from './cancel-subscription-dialog';
import { FreePlanCard } from './free-plan-card';
import { useCancelSubscriptionMutation } from './membership-api';
import styles from './membership-screen.module.css';
import { formatMembershipDate, membershipView } from './membership-view';
import { ProPlanCard } from './pro-plan-card';
import { WelcomeToProDialog } from './welcome-to-pro-dialog';

export function MembershipScreen() {
  const dispatch = useAppDispatch();
  const { data: status, isLoading, isError } = useSubscriptionStatusQuery();
  const purchasingEnabled = usePurchasingEnabled();
  const [cancelSubscription, cancelState] = useCancelSubscriptionMutation();
  const [welcomeOpen, setWelcomeOpen] = useState(false);
  const [confirmingCancel, setConfirmingCancel] = useState(false);

  const onReturn = useCallback(
    (outcome: CheckoutReturn) => {
      for (const action of purchaseInvalidations()) dispatch(action);
      if (outcome === 'subscribed') setWelcomeOpen(true);
    },
    [dispatch],
  );
  useCheckoutReturn(membershipReturnParams, onReturn);

  async function confirmCancel() {
    let endsAt: string | null | undefined;
    try {
      ({ subscriptionEndsAt: endsAt } = await cancelSubscription().unwrap());
    } catch (error) {
      setConfirmingCancel(false);
      showServerErrorToast('Error', error, 'Failed to cancel subscription');
      return;
    }
    setConfirmingCancel(false);
    showToast({ title: 'Subscription Canceled', description: `Your subscription remains active until ${formatMembershipDate(endsAt)}.` });
  }

  const view = membershipView(status);
  return (
    <ScreenFrame className={styles.screen} title="MEMBERSHIP" subtitle="Your plan, its renewal and what it includes." back={<LinkButton to={paths.library}>Back to Library</LinkButton>}>
      {isLoading ? (
        <LoadingState label="Loading your membership..." />
      ) : (
        <>
          {isError ? <p className={styles.loadError}>Your subscription status could not be loaded. Reload the page to try again.</p> : null}
          {view.kind === 'active' ? <ProPlanCard view={view} onCancel={() => setConfirmingCancel(true)} /> : <FreePlanCard purchasingEnabled={purchasingEnabled} />}
        </>
      )}
      {confirmingCancel ? <CancelSubscriptionDialog busy={cancelState.isLoading} onConfirm={() => void confirmCancel()} onClose={() => setConfirmingCancel(false)} /> : null}
      {welcomeOpen ? <WelcomeToProDialog onClose={() => setWelcomeOpen(false)} /> : null}
    </ScreenFrame>
  );
}
