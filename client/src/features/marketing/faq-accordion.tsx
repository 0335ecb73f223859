import { useState } from 'react';
import type { FaqItem } from './faq-content';
import styles from './faq-accordion.module.css';

export interface FaqAccordionProps {
  items: readonly FaqItem[];
  /** 'single': one open item at a time (landing, spec 001, 4); 'independent': each toggles alone (/faq). */
  mode: 'single' | 'independent';
  headingLevel: 3 | 4;
}

/** A WAI-ARIA accordion; an open answer scrolls beyond 200 px (spec 001, 9). */
export function FaqAccordion({ items, mode, headingLevel }: FaqAccordionProps) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const Heading = headingLevel === 3 ? 'h3' : 'h4';

  function toggle(id: string) {
    setOpen((before) => {
      if (before.has(id)) {
        const after = new Set(before);
        after.delete(id);
        return after;
      }
      return mode === 'single' ? new Set([id]) : new Set(before).add(id);
    });
  }

  return (
    <div className={styles.accordion}>
      {items.map((item) => {
        const expanded = open.has(item.id);
        const buttonId = `faq-${item.id}-question`;
        const panelId = `faq-${item.id}-answer`;
        return (
          <div key={item.id} className={styles.item} data-open={expanded}>
            <Heading className={styles.heading}>
              <button type="button" id={buttonId} className={styles.question} aria-expanded={expanded} aria-controls={panelId} onClick={() => toggle(item.id)}>
                <span>{item.question}</span>
                <span className={styles.chevron} aria-hidden="true" />
              </button>
            </Heading>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              className={styles.answer}
              hidden={!expanded}
              // Focusable so keyboard users can scroll an answer taller than the panel.
              tabIndex={expanded ? 0 : -1}
            >
              <p>{item.answer}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
