import { useEffect, useLayoutEffect, useRef } from 'react';
import type { RefObject } from 'react';

/**
 * Opens the `<dialog>` element given the returned ref with `showModal()` for as long as the
 * component is mounted: the browser moves focus into it, keeps Tab inside it and makes the page
 * behind inert. React decides when the dialog is gone (the component unmounts), never the browser:
 * Escape (the dialog's `cancel` event) calls `onDismiss` and nothing else, and with no `onDismiss`
 * it does nothing. On unmount focus goes back to what had it before the dialog opened.
 */
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
    // The browser may close a dialog itself (a second Escape without a click in between is not
    // cancelable): a dialog that may be dismissed is, one that may not opens again.
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
