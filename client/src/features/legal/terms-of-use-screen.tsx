import { PlaceholderScreen } from '../../components/ui/placeholder-screen';
import { PublicPage } from '../../components/ui/public-page';

/** /terms-of-use (spec 001, 2.5). */
export function TermsOfUseScreen() {
  return (
    <PublicPage>
      <PlaceholderScreen title="Terms of Use" summary="The agreement between you and Woodshed." />
    </PublicPage>
  );
}
