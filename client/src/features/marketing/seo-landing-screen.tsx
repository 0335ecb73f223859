import { LinkButton } from '../../components/ui/link-button';
import { PublicPage } from '../../components/ui/public-page';
import { usePageHead } from '../../lib/page-head/use-page-head';
import { paths } from '../../lib/routes/paths';
import marketing from './marketing.module.css';
import { seoPages } from './seo-pages';
import type { SeoPageKind } from './seo-pages';
import { webPage } from './structured-data';

export type { SeoPageKind } from './seo-pages';

/** /drumless-tracks, /bassless-tracks, /guitarless-tracks or /vocal-tracks (spec 001, 2.5). */
export function SeoLandingScreen({ kind }: { kind: SeoPageKind }) {
  const page = seoPages[kind];
  usePageHead({
    title: page.headTitle,
    description: page.description,
    path: page.path,
    structuredData: (origin) => webPage(origin, { name: page.headTitle, description: page.description, path: page.path }),
  });

  return (
    <PublicPage trialButton>
      <section className={`${marketing.hero} ${marketing.heroSingle}`} aria-labelledby="seo-title">
        <div>
          <p className={marketing.eyebrow}>{page.eyebrow}</p>
          <h1 id="seo-title" className={marketing.title}>
            {page.heading}
          </h1>
          <p className={marketing.lead}>{page.lead}</p>
          <div className={marketing.ctaRow}>
            <LinkButton to={paths.login} variant="primary">
              Start Practising Free
            </LinkButton>
          </div>
          <p className={marketing.fineprint}>200 free credits every month. No password, no card.</p>
        </div>
      </section>

      <section className={marketing.section} aria-labelledby="why-title">
        <header className={marketing.sectionHeader}>
          <h2 id="why-title">{page.whyTitle}</h2>
        </header>
        <ul className={`${marketing.grid} ${marketing.gridOfFour}`}>
          {page.why.map((reason) => (
            <li key={reason.title} className={marketing.card}>
              <h3>{reason.title}</h3>
              <p>{reason.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <div className={marketing.sectionAlt}>
        <section className={marketing.section} aria-labelledby="perfect-title">
          <header className={marketing.sectionHeader}>
            <h2 id="perfect-title">Perfect for</h2>
          </header>
          <ul className={marketing.checkList}>
            {page.perfectFor.map((use) => (
              <li key={use}>{use}</li>
            ))}
          </ul>
        </section>
      </div>

      <section className={marketing.section} aria-labelledby="how-title">
        <header className={marketing.sectionHeader}>
          <h2 id="how-title">How it works</h2>
        </header>
        <ol className={marketing.steps}>
          {page.steps.map((step, index) => (
            <li key={step} className={marketing.step}>
              <h3>Step {index + 1}</h3>
              <p>{step}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className={marketing.ctaBand} aria-labelledby="seo-cta-title">
        <h2 id="seo-cta-title">{page.ctaTitle}</h2>
        <p>Free accounts get 200 streaming credits every month. Pro streams without limits and saves a mix for every song.</p>
        <div className={marketing.ctaRow}>
          <LinkButton to={paths.login} variant="primary">
            Create Your Free Account
          </LinkButton>
        </div>
      </section>
    </PublicPage>
  );
}
