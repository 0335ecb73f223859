import { LinkButton } from '../../components/ui/link-button';
import { PlaceholderScreen } from '../../components/ui/placeholder-screen';
import { paths } from '../../lib/routes/paths';

/** /membership (spec 000, Membership), a full-page overlay. */
export function MembershipScreen() {
  return (
    <PlaceholderScreen
      title="Membership"
      summary="Your plan, renewal date and benefits; upgrade to Pro or buy more credits."
    >
      <LinkButton to={paths.library}>Back to Library</LinkButton>
    </PlaceholderScreen>
  );
}
