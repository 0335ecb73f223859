import { useEffect, useLayoutEffect, useRef } from 'react';
import type { RefObject } from 'react';

/** Shows the dialog modally while mounted. React alone closes it: Escape only calls `onDismiss` (if any); on unmount focus returns to the opener. */
export function useModalDialog(onDismiss: (() => void) | undefined): RefObject<HTMLDialogElement | null> {
  const ref = useRef<HTMLDialogElement>(null);
  const dismiss = useRef(onDismiss);
  useEffect(() => {
    dismiss.current = onDismiss;
  });

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    let unmounting = false;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const onCancel = (event: Event) => {
      event.preventDefault();
      dismiss.current?.();
    };
    // The browser may close a dialog itself (a second Escape): a dismissable one stays closed, another reopens.
    const onClose = () => {
      if (unmounting) return;
      if (dismiss.current) dismiss.current();
      else dialog.showModal();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onClose);
    if (!dialog.open) dialog.showModal();
    return () => {
      unmounting = true;
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onClose);
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return ref;
}
