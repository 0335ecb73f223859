import { LinkButton } from '../../components/ui/link-button';
import { PlaceholderScreen } from '../../components/ui/placeholder-screen';
import { PublicPage } from '../../components/ui/public-page';
import { paths } from '../../lib/routes/paths';
import { NewsletterSignup } from './newsletter-signup';

/** /landing, the marketing home (spec 001, 2.4). Every call to action leads to /login. */
export function LandingScreen() {
  return (
    <PublicPage fullFooter>
      <PlaceholderScreen
        title="Woodshed"
        summary="Practise with real songs split into instrument stems: mute your part, keep the band, and play along."
      >
        <LinkButton to={paths.login} variant="primary">
          Get Started Free
        </LinkButton>
      </PlaceholderScreen>
      <NewsletterSignup />
    </PublicPage>
  );
}
