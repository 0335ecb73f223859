import { Link } from 'react-router-dom';
import { LinkButton } from '../../components/ui/link-button';
import { PublicPage } from '../../components/ui/public-page';
import { SupportEmailLink } from '../../components/ui/support-email-link';
import { usePageHead } from '../../lib/page-head/use-page-head';
import { paths } from '../../lib/routes/paths';
import { FaqAccordion } from './faq-accordion';
import { faqItem, landingFaqIds } from './faq-content';
import { HeroMixer } from './hero-mixer';
import { CardGrid, CtaBand, StepList } from './marketing-blocks';
import { genreCards, landingFeatures, landingSteps, practiceStories } from './landing-content';
import styles from './landing-screen.module.css';
import marketing from './marketing.module.css';
import { NewsletterSignup } from './newsletter-signup';
import { PricingSection } from './pricing-section';
import { faqPage, organization, webApplication } from './structured-data';
import { useScrollToHash } from './use-scroll-to-hash';

const landingFaq = landingFaqIds.map(faqItem);

const sections = [
  { href: '#features', label: 'Features' },
  { href: '#pricing', label: 'Pricing' },
  { href: '#support', label: 'Support' },
] as const;

export function LandingScreen() {
  usePageHead({
    title: 'Woodshed',
    description:
      'Practise with the band in your browser: songs split into drums, bass, guitar, keys, vocals and effects. Mute your part, follow the lyrics and chords, and play along. Free to start.',
    path: paths.landing,
    type: 'website',
    structuredData: (origin) => [organization(origin), webApplication(origin), faqPage(landingFaq)],
  });
  useScrollToHash();

  return (
    <PublicPage fullFooter sections={sections}>
      <section id="home" className={marketing.hero} aria-labelledby="home-title">
        <div>
          <p className={marketing.eyebrow}>Backing tracks for every instrument</p>
          <h1 id="home-title" className={marketing.title}>
            Practise with the band. Play your part.
          </h1>
          <p className={marketing.lead}>
            Woodshed splits songs into drums, bass, guitar, keys, vocals and effects. Mute your instrument, keep the rest of the band, and play along in your browser with
            karaoke lyrics and chords on screen.
          </p>
          <div className={marketing.ctaRow}>
            <LinkButton to={paths.login} variant="primary">
              Start Practising Free
            </LinkButton>
            <a href="#how-it-works" className={marketing.textLink}>
              See how it works
            </a>
          </div>
          <p className={marketing.fineprint}>200 free credits every month. No password, no card.</p>
        </div>
        <HeroMixer />
      </section>

      <section id="how-it-works" className={marketing.section} aria-labelledby="steps-title">
        <header className={marketing.sectionHeader}>
          <h2 id="steps-title">Three steps to your first jam</h2>
        </header>
        <StepList steps={landingSteps} />
      </section>

      <div className={marketing.sectionAlt}>
        <section className={marketing.section} aria-labelledby="genres-title">
          <header className={marketing.sectionHeader}>
            <h2 id="genres-title">Play the styles you love</h2>
            <p>Songs across genres, each rated for difficulty from 1 to 10.</p>
          </header>
          <ul className={marketing.grid}>
            {genreCards.map((card) => (
              <li key={card.genre} className={`${marketing.card} ${styles.genreCard}`}>
                <h3>{card.genre}</h3>
                <p>{card.text}</p>
              </li>
            ))}
          </ul>
        </section>
      </div>

      <section id="features" className={marketing.section} aria-labelledby="features-title">
        <header className={marketing.sectionHeader}>
          <h2 id="features-title">Everything a practice session needs</h2>
          <p>
            One player for the whole band. <Link to={paths.features}>See all features</Link>.
          </p>
        </header>
        <CardGrid items={landingFeatures} />
      </section>

      <div className={marketing.sectionAlt}>
        <section className={marketing.section} aria-labelledby="stories-title">
          <header className={marketing.sectionHeader}>
            <h2 id="stories-title">How musicians practise with it</h2>
            <p>Examples of practice routines that Woodshed is built for.</p>
          </header>
          <ul className={marketing.grid}>
            {practiceStories.map((story) => (
              <li key={story.who} className={marketing.card}>
                <figure className={styles.story}>
                  <blockquote>
                    <p>{story.quote}</p>
                  </blockquote>
                  <figcaption>{story.who}</figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </section>
      </div>

      <PricingSection />

      <section id="support" className={marketing.section} aria-labelledby="support-title">
        <div className={styles.supportColumns}>
          <div>
            <header className={marketing.sectionHeader}>
              <h2 id="support-title">Questions and support</h2>
              <p>
                The short answers are below; the <Link to={paths.faq}>full FAQ</Link> has the rest. Anything else: write to <SupportEmailLink />. Questions about
                your data go through our <Link to={paths.privacyRequests}>privacy request form</Link>.
              </p>
            </header>
            <FaqAccordion items={landingFaq} mode="single" headingLevel={3} />
          </div>
          <NewsletterSignup />
        </div>
      </section>

      <CtaBand id="cta-title" title="Your band is waiting" action="Get Started Free">
        Create a free account with just your e-mail address and play your first song in a minute.
      </CtaBand>
    </PublicPage>
  );
}
