import { PlaceholderScreen } from '../../components/ui/placeholder-screen';

/** /admin/settings (spec 001, 2.9). */
export function AdminSettingsScreen() {
  return (
    <PlaceholderScreen
      headingLevel={2}
      title="Settings"
      summary="The purchasing on/off switch and usage notes."
    />
  );
}
