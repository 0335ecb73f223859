import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { useModalDialog } from '../../components/ui/use-modal-dialog';
import styles from './tutorials.module.css';

export interface TutorialDialogProps {
  title: string;
  children: ReactNode;
  onClose: (neverAgain: boolean) => void;
  /** False for the choice dialog, which neither Escape nor an outside click closes (spec 000, 4). */
  closesLightly: boolean;
  /** The button at the bottom; omitted, the dialog closes only by its X (and lightly, if allowed). */
  closeLabel?: string;
  failed?: boolean;
  /** Lets the body read the checkbox (the choice dialog's options send it with the pick). */
  renderBody?: (neverAgain: boolean) => ReactNode;
  testId: string;
}

export function TutorialDialog({ title, children, onClose, closesLightly, closeLabel, failed = false, renderBody, testId }: TutorialDialogProps) {
  const titleId = useId();
  const [neverAgain, setNeverAgain] = useState(false);
  const cardRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    cardRef.current?.focus();
  }, []);

  const dialog = useModalDialog(closesLightly ? () => onClose(neverAgain) : undefined);

  return (
    <dialog
      ref={dialog}
      className={styles.backdrop}
      aria-labelledby={titleId}
      data-testid={`${testId}-backdrop`}
      onMouseDown={(event) => {
        if (closesLightly && event.target === event.currentTarget) onClose(neverAgain);
      }}
    >
      <div ref={cardRef} className={styles.card} tabIndex={-1} data-testid={testId}>
        <button type="button" className={styles.close} aria-label="Close" onClick={() => onClose(neverAgain)}>
          ×
        </button>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {children}
        {renderBody?.(neverAgain)}
        {failed ? (
          <p className={styles.failed} role="alert">
            Your choice could not be saved. Please try again.
          </p>
        ) : null}
        <div className={styles.footer}>
          <label className={styles.neverAgain}>
            <input type="checkbox" checked={neverAgain} onChange={(event) => setNeverAgain(event.target.checked)} />
            Never show this again
          </label>
          {closeLabel ? (
            <Button variant="primary" onClick={() => onClose(neverAgain)}>
              {closeLabel}
            </Button>
          ) : null}
        </div>
      </div>
    </dialog>
  );
}
