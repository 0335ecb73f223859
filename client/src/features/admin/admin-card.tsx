import type { ReactNode } from 'react';
import screenStyles from './admin-screen.module.css';

/** A card of an admin screen, named by its heading (an h3 below a screen's own h2, unless `headingLevel` says 2). */
export function AdminCard({ id, title, headingLevel = 3, children }: { id: string; title: string; headingLevel?: 2 | 3; children: ReactNode }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const titleId = `${id}-title`;
  return (
    <section className={screenStyles.card} aria-labelledby={titleId}>
      <Heading className={screenStyles.cardTitle} id={titleId}>
        {title}
      </Heading>
      {children}
    </section>
  );
}
