import { useEffect, useId } from 'react';
import type { ReactNode } from 'react';
import styles from './modal-dialog.module.css';

/** Props of {@link ModalDialog}. */
export interface ModalDialogProps {
  title: string;
  children: ReactNode;
  /** The buttons, right-aligned under the text. */
  actions: ReactNode;
  /** Escape and a click on the backdrop call it; without it the dialog closes only through its actions. */
  onClose?: () => void;
  /** 'alertdialog' for a dialog that asks to confirm or reports a blocking problem. */
  role?: 'dialog' | 'alertdialog';
  /** Width in px; default 520 (never wider than the page less 32 px). */
  width?: number;
  /** Say why it opened, for the page's tests and analytics (`data-trigger`). */
  trigger?: string;
}

/** A centred modal over a dimmed page: the upgrade, credits and membership dialogs share this frame. */
export function ModalDialog({ title, children, actions, onClose, role = 'dialog', width, trigger }: ModalDialogProps) {
  const titleId = useId();

  useEffect(() => {
    if (!onClose) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div className={styles.backdrop} onClick={onClose}>
      <div
        className={styles.dialog}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        data-trigger={trigger}
        style={width === undefined ? undefined : { width }}
        onClick={(event) => event.stopPropagation()}
      >
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <div className={styles.body}>{children}</div>
        <div className={styles.actions}>{actions}</div>
      </div>
    </div>
  );
}
