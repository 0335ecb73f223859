import { PublicPage } from '../../components/ui/public-page';
import { paths } from '../../lib/routes/paths';
import { featureGroups } from './features-content';
import marketing from './marketing.module.css';
import { CardGrid, CtaBand, PageHero, useWebPageHead } from './marketing-blocks';

const description =
  'Woodshed’s features: six-stem mixer with volume, mute and solo, karaoke lyrics, chord strip, section markers, a searchable song library, presets and password-free sign-in.';

export function FeaturesScreen() {
  useWebPageHead('Features', description, paths.features);

  return (
    <PublicPage trialButton>
      <PageHero id="features-page-title" eyebrow="Features" title="A practice room for the whole band" lead="Everything Woodshed does to help you learn a song, in one place." />
      {featureGroups.map((group, index) => {
        const section = (
          <section key={group.id} className={marketing.section} aria-labelledby={`${group.id}-title`}>
            <header className={marketing.sectionHeader}>
              <h2 id={`${group.id}-title`}>{group.title}</h2>
              <p>{group.intro}</p>
            </header>
            <CardGrid items={group.items} ofFour />
          </section>
        );
        return index % 2 === 1 ? (
          <div key={group.id} className={marketing.sectionAlt}>
            {section}
          </div>
        ) : (
          section
        );
      })}
      <CtaBand id="features-cta-title" title="Hear it for yourself" action="Start Practising Free">
        Every feature except presets is in the free plan. Sign in with your e-mail and open a song.
      </CtaBand>
    </PublicPage>
  );
}
