import { useId } from 'react';
import type { ReactNode } from 'react';
import { Button } from './button';
import styles from './modal-dialog.module.css';
import { useModalDialog } from './use-modal-dialog';

export interface ModalDialogProps {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  /** Escape and a click on the backdrop call it; without it the dialog closes only through its actions. */
  onClose?: () => void;
  /** The label of a ghost button, first of the actions, that closes the dialog as Escape does. */
  dismissLabel?: string;
  /** 'alertdialog' for a dialog that asks to confirm or reports a blocking problem. */
  role?: 'dialog' | 'alertdialog';
  /** Width in px; default 520 (never wider than the page less 32 px). */
  width?: number;
  /** Say why it opened, for the page's tests and analytics (`data-trigger`). */
  trigger?: string;
}

/** A centred modal on the platform's `<dialog>` (see useModalDialog); the element is itself the dimmed backdrop, so a click outside the card hits it. */
export function ModalDialog({ title, children, actions, onClose, dismissLabel, role = 'dialog', width, trigger }: ModalDialogProps) {
  const titleId = useId();
  const dialog = useModalDialog(onClose);

  return (
    <dialog
      ref={dialog}
      className={styles.backdrop}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      data-trigger={trigger}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose?.();
      }}
    >
      <div className={styles.dialog} style={width === undefined ? undefined : { width }}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <div className={styles.body}>{children}</div>
        <div className={styles.actions}>
          {dismissLabel === undefined ? null : (
            <Button variant="ghost" onClick={onClose}>
              {dismissLabel}
            </Button>
          )}
          {actions}
        </div>
      </div>
    </dialog>
  );
}
