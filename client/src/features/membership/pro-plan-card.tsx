import { Button } from '../../components/ui/button';
import styles from './membership-screen.module.css';
import { formatMembershipDate } from './membership-view';
import type { MembershipView } from './membership-view';

const proBenefits = ['Unlimited streaming credits, no monthly limits', 'Custom presets for every song', 'Priority support', 'Early access to new features'];

export interface ProPlanCardProps {
  view: Extract<MembershipView, { kind: 'active' }>;
  onCancel(): void;
}

export function ProPlanCard({ view, onCancel }: ProPlanCardProps) {
  const date = formatMembershipDate(view.endsAt);
  return (
    <section className={`${styles.card} ${styles.proCard}`} aria-labelledby="pro-membership-title">
      <h2 id="pro-membership-title" className={styles.cardTitle}>
        Pro Membership
      </h2>
      <dl className={styles.details}>
        <dt>Status</dt>
        <dd className={view.statusLabel === 'Active' ? styles.statusActive : undefined}>{view.statusLabel}</dd>
        <dt>Billing Plan</dt>
        <dd>{view.planLabel}</dd>
        <dt>{view.dateLabel}</dt>
        <dd>{date}</dd>
      </dl>
      {view.canceledButActive ? (
        <p className={styles.notice} role="status">
          Your subscription has been canceled and will not renew. You keep Pro access until {date}.
        </p>
      ) : null}
      <ul className={styles.list} aria-label="Your benefits">
        {proBenefits.map((benefit) => (
          <li key={benefit}>{benefit}</li>
        ))}
      </ul>
      {view.canCancel ? (
        <Button className={styles.danger} onClick={onCancel}>
          Cancel Subscription
        </Button>
      ) : null}
    </section>
  );
}
