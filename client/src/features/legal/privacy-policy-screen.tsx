import { PlaceholderScreen } from '../../components/ui/placeholder-screen';
import { PublicPage } from '../../components/ui/public-page';

/** /privacy-policy (spec 001, 2.5). */
export function PrivacyPolicyScreen() {
  return (
    <PublicPage>
      <PlaceholderScreen title="Privacy Policy" summary="What we collect, why, how long we keep it and your rights." />
    </PublicPage>
  );
}
