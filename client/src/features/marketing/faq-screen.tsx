import { PlaceholderScreen } from '../../components/ui/placeholder-screen';
import { PublicPage } from '../../components/ui/public-page';

/** /faq (spec 001, 2.5). */
export function FaqScreen() {
  return (
    <PublicPage trialButton>
      <PlaceholderScreen
        title="Frequently Asked Questions"
        summary="Getting started, backing tracks, practice features, quality, pricing and credits."
      />
    </PublicPage>
  );
}
