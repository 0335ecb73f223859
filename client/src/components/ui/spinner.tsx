import styles from './spinner.module.css';

/** A small inline spinner; `label` is read to screen readers only. */
export function Spinner({ label }: { label: string }) {
  return (
    <span className={styles.spinner} role="status" aria-label={label}>
      <span className={styles.ring} aria-hidden="true" />
    </span>
  );
}
