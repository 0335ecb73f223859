import type { ReactNode } from 'react';
import { BrandLink } from '../../components/ui/public-page';
import styles from './auth-page.module.css';

export function AuthPage({ children }: { children: ReactNode }) {
  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <BrandLink className={styles.brand} />
        {children}
      </div>
    </main>
  );
}
