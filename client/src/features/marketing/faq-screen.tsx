import { Link } from 'react-router-dom';
import { LinkButton } from '../../components/ui/link-button';
import { PublicPage } from '../../components/ui/public-page';
import { usePageHead } from '../../lib/page-head/use-page-head';
import { paths } from '../../lib/routes/paths';
import { FaqAccordion } from './faq-accordion';
import { faqCategories } from './faq-content';
import styles from './faq-screen.module.css';
import marketing from './marketing.module.css';
import { faqPage, webPage } from './structured-data';

const description = 'Answers about Woodshed: signing in, backing tracks and stems, karaoke and chords, sound quality, credits and Pro pricing, and who it is for.';

/** /faq (spec 001, 2.5): the six categories; each item opens and closes on its own. */
export function FaqScreen() {
  usePageHead({
    title: 'Frequently Asked Questions',
    description,
    path: paths.faq,
    structuredData: (origin) => [faqPage(faqCategories.flatMap((category) => category.items)), ...webPage(origin, { name: 'FAQ', description, path: paths.faq })],
  });

  return (
    <PublicPage trialButton>
      <section className={`${marketing.hero} ${marketing.heroSingle}`} aria-labelledby="faq-title">
        <div>
          <p className={marketing.eyebrow}>Help</p>
          <h1 id="faq-title" className={marketing.title}>
            Frequently Asked Questions
          </h1>
          <p className={marketing.lead}>Everything about practising with Woodshed, from your first sign-in to credits and Pro.</p>
        </div>
      </section>
      <div className={`${marketing.section} ${styles.layout}`}>
        <nav className={styles.categoryNav} aria-label="FAQ categories">
          <ul>
            {faqCategories.map((category) => (
              <li key={category.id}>
                <a href={`#${category.id}`}>{category.title}</a>
              </li>
            ))}
          </ul>
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
      <section className={marketing.ctaBand} aria-labelledby="faq-cta-title">
        <h2 id="faq-cta-title">Still curious? Try it</h2>
        <p>
          A free account costs nothing and takes an e-mail address. Questions about your personal data go through the{' '}
          <Link to={paths.privacyRequests}>privacy request form</Link>.
        </p>
        <div className={marketing.ctaRow}>
          <LinkButton to={paths.login} variant="primary">
            Start Practising Free
          </LinkButton>
        </div>
      </section>
    </PublicPage>
  );
}
