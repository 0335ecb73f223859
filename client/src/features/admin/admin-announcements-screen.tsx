import { PlaceholderScreen } from '../../components/ui/placeholder-screen';

/** /admin/announcements (spec 001, 2.9). */
export function AdminAnnouncementsScreen() {
  return (
    <PlaceholderScreen
      headingLevel={2}
      title="Announcements"
      summary="Compose e-mail campaigns to a test address, all, Pro or free users, and follow their sending."
    />
  );
}
