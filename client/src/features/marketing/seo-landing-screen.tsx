import { PublicPage } from '../../components/ui/public-page';
import marketing from './marketing.module.css';
import { seoPages } from './seo-pages';
import type { SeoPageKind } from './seo-pages';
import { CardGrid, CtaBand, PageHero, SignUpButton, useWebPageHead } from './marketing-blocks';

export type { SeoPageKind } from './seo-pages';

export function SeoLandingScreen({ kind }: { kind: SeoPageKind }) {
  const page = seoPages[kind];
  useWebPageHead(page.headTitle, page.description, page.path);

  return (
    <PublicPage trialButton>
      <PageHero id="seo-title" eyebrow={page.eyebrow} title={page.heading} lead={page.lead}>
        <SignUpButton>Start Practising Free</SignUpButton>
        <p className={marketing.fineprint}>200 free credits every month. No password, no card.</p>
      </PageHero>

      <section className={marketing.section} aria-labelledby="why-title">
        <header className={marketing.sectionHeader}>
          <h2 id="why-title">{page.whyTitle}</h2>
        </header>
        <CardGrid items={page.why} ofFour />
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

      <CtaBand id="seo-cta-title" title={page.ctaTitle} action="Create Your Free Account">
        Free accounts get 200 streaming credits every month. Pro streams without limits and saves a mix for every song.
      </CtaBand>
    </PublicPage>
  );
}
