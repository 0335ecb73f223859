import { PlaceholderScreen } from '../../components/ui/placeholder-screen';
import { PublicPage } from '../../components/ui/public-page';

/** /features (spec 001, 2.5). */
export function FeaturesScreen() {
  return (
    <PublicPage trialButton>
      <PlaceholderScreen
        title="Features"
        summary="Stem mixing, mute and solo, karaoke lyrics, chords and presets for every song in the library."
      />
    </PublicPage>
  );
}
