import { PlaceholderScreen } from '../../components/ui/placeholder-screen';

/** /admin/usage (spec 001, 2.9). */
export function AdminUsageScreen() {
  return (
    <PlaceholderScreen
      headingLevel={2}
      title="Usage"
      summary="Bandwidth per user over 24 hours and 7 days, sortable, with the last songs played."
    />
  );
}
