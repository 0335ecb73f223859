import { useCallback, useState } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { BuyCreditsDialog } from '../../components/ui/buy-credits-dialog';
import { Button } from '../../components/ui/button';
import { LinkButton } from '../../components/ui/link-button';
import { LoadingState } from '../../components/ui/loading-state';
import card from '../../components/ui/card.module.css';
import { ScreenFrame } from '../../components/ui/screen-frame';
import { UpgradeDialog } from '../../components/ui/upgrade-dialog';
import { purchaseInvalidations } from '../../lib/api/purchase-invalidations';
import { purchasingUnavailableToast, usePurchasingEnabled } from '../../lib/api/purchasing-setting-api';
import { usageReturnParams } from '../../lib/routes/checkout-return';
import { useBackToPlayerPath } from '../../lib/routes/back-to-player';
import { useCheckoutReturn } from '../../lib/routes/use-checkout-return';
import { CreditBar } from './credit-bar';
import type { UsageStats } from '../../../../contract/usage-stats';
import { useUsageStatsQuery } from './usage-api';
import { LOW_CREDIT_URGENT, creditsForBytes, daysUntilCreditReset, formatPeriodStart, lowCreditWarning } from './usage-rules';
import styles from './usage-screen.module.css';

export function UsageScreen() {
  const backToPlayer = useBackToPlayerPath();
  const dispatch = useAppDispatch();
  const { data: stats, isLoading, isError } = useUsageStatsQuery();
  const onReturn = useCallback(() => {
    for (const action of purchaseInvalidations()) dispatch(action);
  }, [dispatch]);
  useCheckoutReturn(usageReturnParams, onReturn);

  return (
    <ScreenFrame className={styles.screen} title="USAGE & CREDITS" subtitle="Your streaming this month, your credits and when they reset." back={<LinkButton to={backToPlayer}>Back to Player</LinkButton>}>
      {isLoading ? <LoadingState label="Loading your usage..." /> : null}
      {isError ? <p className={styles.loadError}>Your usage could not be loaded. Reload the page to try again.</p> : null}
      {stats ? <UsageDetails stats={stats} /> : null}
    </ScreenFrame>
  );
}

function UsageDetails({ stats }: { stats: UsageStats }) {
  const [now] = useState(() => new Date());
  const pro = stats.hasActiveSubscription;
  const days = daysUntilCreditReset(stats.billingPeriodStart, now);
  return (
    <>
      {pro ? (
        <p className={styles.proBanner} role="status">
          <strong>Pro member:</strong> unlimited streaming credits, no monthly limits.
        </p>
      ) : null}
      <div className={styles.summary}>
        <section className={styles.card} aria-label="Current Usage">
          <h2 className={card.label}>Current Usage</h2>
          <p className={styles.figure}>
            {stats.totalCredits.used}
            <span>credits</span>
          </p>
          <p className={card.note}>{pro ? 'used this billing period' : `used this billing period, of ${stats.totalCredits.available} available`}</p>
        </section>
        <section className={styles.card} aria-label="Total Streamed">
          <h2 className={card.label}>Total Streamed</h2>
          <p className={styles.figure}>
            {creditsForBytes(stats.totalBytesStreamed)}
            <span>credits</span>
          </p>
          <p className={card.note}>streamed since you joined (1 credit = 10 MB)</p>
        </section>
        <section className={styles.card} aria-label="Free Credit Period">
          <h2 className={card.label}>Free Credit Period</h2>
          <p className={styles.figure}>
            {days}
            <span>{days === 1 ? 'day' : 'days'} left</span>
          </p>
          <p className={card.note}>until free credits reset on the 1st · period started {formatPeriodStart(stats.billingPeriodStart)}</p>
        </section>
      </div>
      {pro ? null : <FreeUserCards stats={stats} />}
    </>
  );
}

function FreeUserCards({ stats }: { stats: UsageStats }) {
  const purchasingEnabled = usePurchasingEnabled();
  const [dialog, setDialog] = useState<'credits' | 'upgrade' | null>(null);
  const warning = lowCreditWarning(stats);
  const { freeCredits, paidCredits } = stats;
  return (
    <div className={styles.grid}>
      <section className={styles.card} aria-label="Credit Usage">
        <h2 className={card.label}>Credit Usage</h2>
        <CreditBar label="Free Credits" used={freeCredits.used} total={freeCredits.total} />
        <p className={card.note}>{freeCredits.remaining} free credits left this month</p>
        {paidCredits.total > 0 ? (
          <>
            <CreditBar label="Purchased Credits" used={paidCredits.total - paidCredits.remaining} total={paidCredits.total} />
            <p className={card.note}>{paidCredits.remaining} purchased credits left (they never expire)</p>
          </>
        ) : (
          <p className={card.note}>No purchased credits.</p>
        )}
        {warning ? (
          <p className={warning === LOW_CREDIT_URGENT ? `${styles.warning} ${styles.urgent}` : styles.warning} role="alert">
            {warning}
          </p>
        ) : null}
      </section>
      <section className={styles.card} aria-label="Purchase Credits">
        <h2 className={card.label}>Purchase Credits</h2>
        <p className={styles.figure}>
          $5<span>for 100 credits</span>
        </p>
        <p className={card.note}>A one-time purchase. Purchased credits never expire and are used after your free credits.</p>
        {purchasingEnabled ? (
          <Button variant="primary" className={styles.cardAction} onClick={() => setDialog('credits')}>
            Buy Credits
          </Button>
        ) : (
          <p className={styles.unavailable}>
            <strong>{purchasingUnavailableToast.title}</strong>
            {purchasingUnavailableToast.description}
          </p>
        )}
      </section>
      <section className={styles.card} aria-label="Upgrade to Pro">
        <h2 className={card.label}>Upgrade to Pro</h2>
        <p className={styles.figure}>
          $15<span>per month</span>
        </p>
        <p className={card.note}>Unlimited streaming, custom presets, priority support and early access. Or $160 per year.</p>
        <Button className={styles.cardAction} onClick={() => setDialog('upgrade')}>
          Upgrade to Pro
        </Button>
      </section>
      {dialog === 'credits' ? <BuyCreditsDialog returnTo="usage" onClose={() => setDialog(null)} /> : null}
      {dialog === 'upgrade' ? <UpgradeDialog trigger="account_menu" onClose={() => setDialog(null)} /> : null}
    </div>
  );
}
