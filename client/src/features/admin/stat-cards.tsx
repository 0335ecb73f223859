import type { AdminStats } from '../../../../contract/admin';
import styles from './stat-cards.module.css';
import { formatChurnRate, formatCount, formatMrr } from './stat-format';

export function StatCards({ stats }: { stats: AdminStats }) {
  const cards = [
    { title: 'Total Users', value: formatCount(stats.totalUsers), note: 'accounts ever created' },
    { title: 'Active Subscriptions', value: formatCount(stats.activeSubscriptions), note: 'Pro members, monthly and yearly' },
    { title: 'MRR', value: formatMrr(stats.monthlyRevenue), note: 'monthly recurring revenue' },
    { title: 'Churn Rate', value: formatChurnRate(stats.churnRate), note: 'subscriptions ended in the last 30 days' },
  ];
  return (
    <div className={styles.cards}>
      {cards.map((card) => (
        <section key={card.title} className={styles.card} aria-label={card.title}>
          <h3 className={styles.title}>{card.title}</h3>
          <p className={styles.value}>{card.value}</p>
          <p className={styles.note}>{card.note}</p>
        </section>
      ))}
    </div>
  );
}
