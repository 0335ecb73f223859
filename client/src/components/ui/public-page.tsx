import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../lib/routes/paths';
import { LinkButton } from './link-button';
import styles from './public-page.module.css';

/** Props of {@link PublicPage}. */
export interface PublicPageProps {
  children: ReactNode;
  /** The landing page offers only Login; the other marketing pages add 'Start Free Trial' (spec 001, 2.4-2.5). */
  trialButton?: boolean;
  /** The landing footer lists every public page; the others list the legal pages, FAQ and Features. */
  fullFooter?: boolean;
}

const seoLinks = [
  { to: paths.drumlessTracks, label: 'Drumless Tracks' },
  { to: paths.basslessTracks, label: 'Bassless Tracks' },
  { to: paths.guitarlessTracks, label: 'Guitarless Tracks' },
  { to: paths.vocalTracks, label: 'Vocal Tracks' },
  { to: paths.about, label: 'About' },
];
const commonLinks = [
  { to: paths.features, label: 'Features' },
  { to: paths.faq, label: 'FAQ' },
  { to: paths.privacyPolicy, label: 'Privacy Policy' },
  { to: paths.termsOfUse, label: 'Terms of Use' },
];

/** The frame of the public pages: a header with the sign-in buttons, the page, a link footer. */
export function PublicPage({ children, trialButton = false, fullFooter = false }: PublicPageProps) {
  const footerLinks = fullFooter ? [...seoLinks, ...commonLinks] : commonLinks;
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Link to={paths.landing} className={styles.brand}>
          <span className={styles.mark} aria-hidden="true" />
          Woodshed
        </Link>
        <nav className={styles.headerActions} aria-label="Account">
          <LinkButton to={paths.login}>Login</LinkButton>
          {trialButton ? (
            <LinkButton to={paths.login} variant="primary">
              Start Free Trial
            </LinkButton>
          ) : null}
        </nav>
      </header>
      <main className={styles.main}>{children}</main>
      <footer className={styles.footer}>
        <nav aria-label="Footer">
          <ul className={styles.footerLinks}>
            {footerLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className={styles.copyright}>© {new Date().getFullYear()} Woodshed</p>
      </footer>
    </div>
  );
}
