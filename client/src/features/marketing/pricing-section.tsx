import { LinkButton } from '../../components/ui/link-button';
import { paths } from '../../lib/routes/paths';
import marketing from './marketing.module.css';
import { pricingPlans } from './pricing-plans';
import styles from './pricing-section.module.css';

export function PricingSection() {
  return (
    <section id="pricing" className={marketing.section} aria-labelledby="pricing-title">
      <header className={marketing.sectionHeader}>
        <h2 id="pricing-title">Simple pricing</h2>
        <p>Start free with 200 credits every month. One credit is 10 MB of streamed audio.</p>
      </header>
      <ul className={styles.plans}>
        {pricingPlans.map((plan) => (
          <li key={plan.id} className={styles.plan} data-highlighted={plan.highlighted}>
            <h3 className={styles.name}>
              {plan.name}
              {plan.highlighted ? <span className={styles.badge}>Unlimited</span> : null}
            </h3>
            <p className={styles.price}>
              ${plan.price} <span>{plan.per}</span>
            </p>
            <p className={styles.note}>{plan.note}</p>
            <ul className={marketing.checkList}>
              {plan.features.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
            <div className={styles.action}>
              <LinkButton to={paths.login} variant={plan.highlighted ? 'primary' : 'secondary'}>
                {plan.callToAction}
              </LinkButton>
            </div>
          </li>
        ))}
      </ul>
      <p className={marketing.fineprint}>Prices in US dollars. Payments are processed securely by our payment provider; we never see your card number.</p>
    </section>
  );
}
