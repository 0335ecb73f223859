import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../lib/routes/paths';
import styles from './auth-page.module.css';

/** The page of the sign-in screens: one card under the brand, which leads back to the landing page. */
export function AuthPage({ children }: { children: ReactNode }) {
  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <Link to={paths.landing} className={styles.brand}>
          <span className={styles.mark} aria-hidden="true" />
          Woodshed
        </Link>
        {children}
      </div>
    </main>
  );
}
