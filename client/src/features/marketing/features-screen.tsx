import { LinkButton } from '../../components/ui/link-button';
import { PublicPage } from '../../components/ui/public-page';
import { usePageHead } from '../../lib/page-head/use-page-head';
import { paths } from '../../lib/routes/paths';
import { featureGroups } from './features-content';
import marketing from './marketing.module.css';
import { webPage } from './structured-data';

const description =
  'Woodshed’s features: six-stem mixer with volume, mute and solo, karaoke lyrics, chord strip, section markers, a searchable song library, presets and password-free sign-in.';

/** /features (spec 001, 2.5). */
export function FeaturesScreen() {
  usePageHead({
    title: 'Features',
    description,
    path: paths.features,
    structuredData: (origin) => webPage(origin, { name: 'Features', description, path: paths.features }),
  });

  return (
    <PublicPage trialButton>
      <section className={`${marketing.hero} ${marketing.heroSingle}`} aria-labelledby="features-page-title">
        <div>
          <p className={marketing.eyebrow}>Features</p>
          <h1 id="features-page-title" className={marketing.title}>
            A practice room for the whole band
          </h1>
          <p className={marketing.lead}>Everything Woodshed does to help you learn a song, in one place.</p>
        </div>
      </section>
      {featureGroups.map((group, index) => {
        const section = (
          <section key={group.id} className={marketing.section} aria-labelledby={`${group.id}-title`}>
            <header className={marketing.sectionHeader}>
              <h2 id={`${group.id}-title`}>{group.title}</h2>
              <p>{group.intro}</p>
            </header>
            <ul className={`${marketing.grid} ${marketing.gridOfFour}`}>
              {group.items.map((item) => (
                <li key={item.title} className={marketing.card}>
                  <h3>{item.title}</h3>
                  <p>{item.text}</p>
                </li>
              ))}
            </ul>
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
      <section className={marketing.ctaBand} aria-labelledby="features-cta-title">
        <h2 id="features-cta-title">Hear it for yourself</h2>
        <p>Every feature except presets is in the free plan. Sign in with your e-mail and open a song.</p>
        <div className={marketing.ctaRow}>
          <LinkButton to={paths.login} variant="primary">
            Start Practising Free
          </LinkButton>
        </div>
      </section>
    </PublicPage>
  );
}
