import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../lib/routes/paths';
import { communityLinks } from './community-links';
import { LinkButton } from './link-button';
import styles from './public-page.module.css';
import { SupportEmailLink } from './support-email-link';

export interface SectionLink {
  href: `#${string}`;
  label: string;
}

export interface PublicPageProps {
  children: ReactNode;
  /** The landing page offers only Login; the other marketing pages add 'Start Free Trial' (spec 001, 2.4-2.5). */
  trialButton?: boolean;
  /** The landing footer lists every public page and the community links; the others list the legal pages, FAQ and Features. */
  fullFooter?: boolean;
  sections?: readonly SectionLink[];
}

const trackLinks = [
  { to: paths.drumlessTracks, label: 'Drumless Tracks' },
  { to: paths.basslessTracks, label: 'Bassless Tracks' },
  { to: paths.guitarlessTracks, label: 'Guitarless Tracks' },
  { to: paths.vocalTracks, label: 'Vocal Tracks' },
];
const productLinks = [
  { to: paths.features, label: 'Features' },
  { to: paths.faq, label: 'FAQ' },
  { to: paths.about, label: 'About' },
];
const legalLinks = [
  { to: paths.privacyPolicy, label: 'Privacy Policy' },
  { to: paths.termsOfUse, label: 'Terms of Use' },
];
const commonLinks = [productLinks[0], productLinks[1], ...legalLinks];

// Read once: the addresses are fixed at build time.
const community = communityLinks(import.meta.env);

export function BrandLink({ className }: { className?: string }) {
  return (
    <Link to={paths.landing} className={className ? `${styles.brand} ${className}` : styles.brand}>
      <span className={styles.mark} aria-hidden="true" />
      Woodshed
    </Link>
  );
}

export function PublicPage({ children, trialButton = false, fullFooter = false, sections = [] }: PublicPageProps) {
  return (
    <div className={styles.page}>
      <a className={styles.skipLink} href="#main-content">
        Skip to content
      </a>
      <header className={styles.header}>
        <BrandLink />
        {sections.length > 0 ? (
          <nav className={styles.sections} aria-label="On this page">
            {sections.map((section) => (
              <a key={section.href} href={section.href}>
                {section.label}
              </a>
            ))}
          </nav>
        ) : null}
        <nav className={styles.headerActions} aria-label="Account">
          <LinkButton to={paths.login}>Login</LinkButton>
          {trialButton ? (
            <LinkButton to={paths.login} variant="primary">
              Start Free Trial
            </LinkButton>
          ) : null}
        </nav>
      </header>
      <main id="main-content" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <footer className={styles.footer}>
        {fullFooter ? (
          <div className={styles.footerColumns}>
            <FooterColumn title="Backing tracks" links={trackLinks} />
            <FooterColumn title="Woodshed" links={productLinks} />
            <FooterColumn title="Legal" links={legalLinks} />
            {community.length > 0 ? (
              <nav aria-label="Community" className={styles.footerColumn}>
                <h2 className={styles.footerTitle}>Community</h2>
                <ul className={styles.footerList}>
                  {community.map((link) => (
                    <li key={link.label}>
                      <a href={link.href} rel="noopener noreferrer" target="_blank">
                        {link.label}
                      </a>
                    </li>
                  ))}
                </ul>
              </nav>
            ) : null}
          </div>
        ) : (
          <nav aria-label="Footer">
            <AppLinkList className={styles.footerLinks} links={commonLinks} />
          </nav>
        )}
        <p className={styles.contact}>
          Contact us: <SupportEmailLink />
        </p>
        <p className={styles.copyright}>© {new Date().getFullYear()} Woodshed</p>
      </footer>
    </div>
  );
}

type AppLinks = ReadonlyArray<{ to: string; label: string }>;

function FooterColumn({ title, links }: { title: string; links: AppLinks }) {
  return (
    <nav aria-label={title} className={styles.footerColumn}>
      <h2 className={styles.footerTitle}>{title}</h2>
      <AppLinkList className={styles.footerList} links={links} />
    </nav>
  );
}

/** Links to pages of the app, one to an item. */
function AppLinkList({ className, links }: { className: string | undefined; links: AppLinks }) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to}>{link.label}</Link>
        </li>
      ))}
    </ul>
  );
}
