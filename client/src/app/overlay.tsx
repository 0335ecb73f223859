import type { ReactNode } from 'react';
import styles from './overlay.module.css';

/**
 * A full-page overlay on the design canvas (membership, usage, admin). The library and player stay
 * mounted underneath, so closing the overlay returns to them exactly as they were.
 */
export function Overlay({ children, scrolls = false }: { children: ReactNode; scrolls?: boolean }) {
  return (
    <div className={scrolls ? `${styles.overlay} ${styles.scrolls}` : styles.overlay} data-testid="overlay">
      {children}
    </div>
  );
}
