import { PlaceholderScreen } from '../../components/ui/placeholder-screen';

/** /admin/overview (spec 001, 2.9). */
export function AdminOverviewScreen() {
  return (
    <PlaceholderScreen
      headingLevel={2}
      title="Overview"
      summary="Total users, active subscriptions, MRR and churn, and every account."
    />
  );
}
