import type { ReactNode } from 'react';
import styles from './overlay.module.css';

/** A full-page overlay on the canvas; the library and player stay mounted underneath, so closing it returns to them as they were. */
export function Overlay({ children, scrolls = false }: { children: ReactNode; scrolls?: boolean }) {
  return (
    <div className={scrolls ? `${styles.overlay} ${styles.scrolls}` : styles.overlay} data-testid="overlay">
      {children}
    </div>
  );
}
