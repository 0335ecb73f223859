import { useSyncExternalStore } from 'react';
import styles from './toaster.module.css';
import { toastStore } from './toast-store';

/** Draws the current toast in the window's corner, outside the canvas so it keeps its size; failures are announced assertively. */
export function Toaster() {
  // No toast in a page rendered at build time (the third argument).
  const toast = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, () => null);
  const destructive = toast?.variant === 'destructive';
  return (
    <section className={styles.region} aria-label="Notifications">
      {toast ? (
        <div
          key={toast.id}
          className={destructive ? `${styles.toast} ${styles.destructive}` : styles.toast}
          role={destructive ? 'alert' : 'status'}
          data-testid="toast"
          data-variant={toast.variant ?? 'default'}
        >
          <div className={styles.texts}>
            <p className={styles.title}>{toast.title}</p>
            {toast.description ? <p className={styles.description}>{toast.description}</p> : null}
          </div>
          <button type="button" className={styles.close} aria-label="Close" onClick={() => toastStore.dismiss(toast.id)}>
            ×
          </button>
        </div>
      ) : null}
    </section>
  );
}
