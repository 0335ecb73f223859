import { PlaceholderScreen } from '../../components/ui/placeholder-screen';
import { PublicPage } from '../../components/ui/public-page';

/** /about (spec 001, 2.5). */
export function AboutScreen() {
  return (
    <PublicPage trialButton>
      <PlaceholderScreen title="About Woodshed" summary="Who we are and why we build a practice room for musicians." />
    </PublicPage>
  );
}
