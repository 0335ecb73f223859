import { LinkButton } from '../../components/ui/link-button';
import { PlaceholderScreen } from '../../components/ui/placeholder-screen';
import { PublicPage } from '../../components/ui/public-page';
import { paths } from '../../lib/routes/paths';

/** The four SEO landing pages (spec 001, 2.5), one per kind of backing track. */
export type SeoPageKind = 'drumless' | 'bassless' | 'guitarless' | 'vocal';

const pages: Record<SeoPageKind, { title: string; summary: string }> = {
  drumless: { title: 'Drumless Tracks', summary: 'Backing tracks with the drums taken out, so you are the drummer.' },
  bassless: { title: 'Bassless Tracks', summary: 'Backing tracks with the bass taken out, so you hold down the low end.' },
  guitarless: { title: 'Guitarless Tracks', summary: 'Backing tracks with the guitar taken out, so you play the riffs.' },
  vocal: { title: 'Vocal Tracks', summary: 'Backing tracks for singers, with word-synced karaoke lyrics.' },
};

/** /drumless-tracks, /bassless-tracks, /guitarless-tracks or /vocal-tracks. */
export function SeoLandingScreen({ kind }: { kind: SeoPageKind }) {
  const page = pages[kind];
  return (
    <PublicPage trialButton>
      <PlaceholderScreen title={page.title} summary={page.summary}>
        <LinkButton to={paths.login} variant="primary">
          Start Practising
        </LinkButton>
      </PlaceholderScreen>
    </PublicPage>
  );
}
