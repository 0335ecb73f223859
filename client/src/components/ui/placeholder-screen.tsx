import type { ReactNode } from 'react';
import styles from './placeholder-screen.module.css';

/** Props of {@link PlaceholderScreen}. */
export interface PlaceholderScreenProps {
  /** The screen's title as the spec names it, e.g. 'SONG LIBRARY'. */
  title: string;
  /** What the finished screen will offer, in one sentence. */
  summary?: string;
  /** 2 when the screen sits under a page heading of its own (the admin tabs). */
  headingLevel?: 1 | 2;
  /** Navigation that already works (e.g. a back button the spec asks for). */
  children?: ReactNode;
}

/**
 * An honest stand-in for a screen that a later release builds: its title, what it will do, and a
 * plain statement that it is not here yet.
 */
export function PlaceholderScreen({ title, summary, headingLevel = 1, children }: PlaceholderScreenProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className={styles.placeholder}>
      <Heading className={styles.title}>{title}</Heading>
      {summary ? <p className={styles.summary}>{summary}</p> : null}
      <p className={styles.notice} role="note">
        This screen arrives in a later release.
      </p>
      {children ? <div className={styles.actions}>{children}</div> : null}
    </section>
  );
}
