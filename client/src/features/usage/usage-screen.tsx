import { LinkButton } from '../../components/ui/link-button';
import { PlaceholderScreen } from '../../components/ui/placeholder-screen';
import { paths } from '../../lib/routes/paths';

/** /usage (spec 000, Usage & Credits), a full-page overlay. */
export function UsageScreen() {
  return (
    <PlaceholderScreen
      title="Usage & Credits"
      summary="Credits used this month, total streamed, days until the free credits reset, and credit packs."
    >
      <LinkButton to={paths.home}>Back to Player</LinkButton>
    </PlaceholderScreen>
  );
}
