import { Link } from 'react-router-dom';
import { PublicPage } from '../../components/ui/public-page';
import { SectionLinks } from '../../components/ui/section-links';
import { usePageHead } from '../../lib/page-head/use-page-head';
import { paths } from '../../lib/routes/paths';
import { FaqAccordion } from './faq-accordion';
import { faqCategories } from './faq-content';
import styles from './faq-screen.module.css';
import marketing from './marketing.module.css';
import { CtaBand, PageHero } from './marketing-blocks';
import { faqPage, webPage } from './structured-data';

const description = 'Answers about Woodshed: signing in, backing tracks and stems, karaoke and chords, sound quality, credits and Pro pricing, and who it is for.';

export function FaqScreen() {
  usePageHead({
    title: 'Frequently Asked Questions',
    description,
    path: paths.faq,
    structuredData: (origin) => [faqPage(faqCategories.flatMap((category) => category.items)), ...webPage(origin, { name: 'FAQ', description, path: paths.faq })],
  });

  return (
    <PublicPage trialButton>
      <PageHero id="faq-title" eyebrow="Help" title="Frequently Asked Questions" lead="Everything about practising with Woodshed, from your first sign-in to credits and Pro." />
      <div className={`${marketing.section} ${styles.layout}`}>
        <nav className={styles.categoryNav} aria-label="FAQ categories">
          <SectionLinks sections={faqCategories} />
        </nav>
        <div className={styles.categories}>
          {faqCategories.map((category) => (
            <section key={category.id} id={category.id} className={styles.category} aria-labelledby={`${category.id}-title`}>
              <h2 id={`${category.id}-title`}>{category.title}</h2>
              <FaqAccordion items={category.items} mode="independent" headingLevel={3} />
            </section>
          ))}
        </div>
      </div>
      <CtaBand id="faq-cta-title" title="Still curious? Try it" action="Start Practising Free">
        A free account costs nothing and takes an e-mail address. Questions about your personal data go through the{' '}
        <Link to={paths.privacyRequests}>privacy request form</Link>.
      </CtaBand>
    </PublicPage>
  );
}
