import type { ReactNode } from 'react';
import { PublicPage } from '../../components/ui/public-page';
import { SectionLinks } from '../../components/ui/section-links';
import { legalFigures } from './legal-figures';
import styles from './legal-document.module.css';

export interface LegalSection {
  /** The anchor of the section ('retention'), linked from the contents. */
  id: string;
  title: string;
  body: ReactNode;
}

export interface LegalDocumentProps {
  title: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
  /** False for pages without an effective date (the subprocessor list). */
  dated?: boolean;
}

export function LegalDocument({ title, intro, sections, dated = true }: LegalDocumentProps) {
  return (
    <PublicPage trialButton>
      <article className={styles.document} aria-labelledby="legal-title">
        <header className={styles.header}>
          <h1 id="legal-title">{title}</h1>
          {dated ? (
            <p className={styles.effective}>
              Effective date: <time dateTime={legalFigures.effectiveDate}>{legalFigures.effectiveDateText}</time>
            </p>
          ) : null}
          <div className={styles.intro}>{intro}</div>
        </header>
        {sections.length > 1 ? (
          <nav className={styles.contents} aria-label="Contents">
            <h2>Contents</h2>
            <SectionLinks sections={sections} numbered />
          </nav>
        ) : null}
        {sections.map((section, index) => (
          <section key={section.id} id={section.id} className={styles.section} aria-labelledby={`${section.id}-title`}>
            <h2 id={`${section.id}-title`}>
              {sections.length > 1 ? `${index + 1}. ` : null}
              {section.title}
            </h2>
            {section.body}
          </section>
        ))}
      </article>
    </PublicPage>
  );
}
