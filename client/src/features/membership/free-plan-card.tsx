import { useState } from 'react';
import { BuyCreditsDialog } from '../../components/ui/buy-credits-dialog';
import { Button } from '../../components/ui/button';
import { goToCheckout } from '../../lib/api/go-to-checkout';
import { useCreateSubscriptionCheckoutMutation } from '../../lib/api/subscription-checkout-api';
import type { PlanType } from '../../lib/api/subscription-checkout-api';
import styles from './membership-screen.module.css';
import { PurchasingUnavailable } from './purchasing-unavailable';

const freeTier = [
  { text: 'Unlimited access to free songs', included: true },
  { text: '200 free credits every month', included: true },
  { text: 'Bandwidth resets monthly (1st)', included: true },
  { text: 'No custom presets', included: false },
];

const proBenefits = ['Unlimited streaming', 'Custom presets', 'Priority support', 'Early access'];

export function FreePlanCard({ purchasingEnabled }: { purchasingEnabled: boolean }) {
  const [createCheckout, { isLoading }] = useCreateSubscriptionCheckoutMutation();
  const [buyingCredits, setBuyingCredits] = useState(false);

  function upgrade(planType: PlanType) {
    void goToCheckout(() => createCheckout({ planType }).unwrap(), 'Failed to start upgrade process');
  }

  return (
    <div className={styles.columns}>
      <section className={styles.card} aria-labelledby="free-plan-title">
        <h2 id="free-plan-title" className={styles.cardTitle}>
          No Active Subscription
        </h2>
        <p className={styles.muted}>You are on the Free plan.</p>
        <ul className={styles.list} aria-label="Free tier">
          {freeTier.map((item) => (
            <li key={item.text} className={item.included ? undefined : styles.missing}>
              {item.text}
            </li>
          ))}
        </ul>
        {purchasingEnabled ? (
          <div className={styles.actions}>
            <Button variant="primary" disabled={isLoading} onClick={() => upgrade('monthly')}>
              Upgrade to Pro - $15/month
            </Button>
            <Button onClick={() => setBuyingCredits(true)}>Buy More Credits - $5 for 100 credits</Button>
          </div>
        ) : (
          <PurchasingUnavailable />
        )}
      </section>
      <section className={`${styles.card} ${styles.proCard}`} aria-labelledby="pro-plan-title">
        <h2 id="pro-plan-title" className={styles.cardTitle}>
          Pro
        </h2>
        <p className={styles.price}>
          $15 <span>per month</span>
        </p>
        <p className={styles.muted}>or $160 per year: save $20, about $13.33 per month.</p>
        <ul className={styles.list} aria-label="Pro benefits">
          {proBenefits.map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </ul>
        {purchasingEnabled ? (
          <Button disabled={isLoading} onClick={() => upgrade('yearly')}>
            Go Yearly - $160/year
          </Button>
        ) : null}
      </section>
      {buyingCredits ? <BuyCreditsDialog returnTo="membership" onClose={() => setBuyingCredits(false)} /> : null}
    </div>
  );
}
