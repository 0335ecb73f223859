import { PlaceholderScreen } from '../../components/ui/placeholder-screen';
import { PublicPage } from '../../components/ui/public-page';

/** /legal/subprocessors (spec 001, 2.5). */
export function SubprocessorsScreen() {
  return (
    <PublicPage>
      <PlaceholderScreen title="Subprocessors" summary="The service providers that process data on our behalf, by kind and location." />
    </PublicPage>
  );
}
