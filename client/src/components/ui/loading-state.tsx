import styles from './loading-state.module.css';

/** A centred spinner with a short label, for screens waiting on their first answer. */
export function LoadingState({ label }: { label: string }) {
  return (
    <div className={styles.loading} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
