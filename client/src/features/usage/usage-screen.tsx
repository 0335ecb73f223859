import { LinkButton } from '../../components/ui/link-button';
import { PlaceholderScreen } from '../../components/ui/placeholder-screen';

/** /usage (spec 000, Usage & Credits), a full-page overlay. */
export function UsageScreen() {
  return (
    <PlaceholderScreen
      title="Usage & Credits"
      summary="Credits used this month, total streamed, days until the free credits reset, and credit packs."
    >
      <LinkButton to="/">Back to Player</LinkButton>
    </PlaceholderScreen>
  );
}
