import styles from './switch.module.css';

export interface SwitchProps {
  id?: string;
  checked: boolean;
  onChange(checked: boolean): void;
  disabled?: boolean;
  /** Accessible name when no <label htmlFor> names it. */
  'aria-label'?: string;
  'aria-describedby'?: string;
}

export function Switch({ id, checked, onChange, disabled = false, ...aria }: SwitchProps) {
  return (
    <button
      id={id}
      type="button"
      role="switch"
      aria-checked={checked}
      disabled={disabled}
      className={checked ? `${styles.switch} ${styles.on}` : styles.switch}
      onClick={() => onChange(!checked)}
      {...aria}
    >
      <span className={styles.thumb} aria-hidden="true" />
    </button>
  );
}
