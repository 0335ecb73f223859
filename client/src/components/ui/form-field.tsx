import type { ReactNode } from 'react';
import styles from './form-field.module.css';

export interface FormFieldProps {
  htmlFor: string;
  label: string;
  /** A validation message shown under the control; the control should set aria-describedby to `${htmlFor}-error`. */
  error?: string | null;
  hint?: ReactNode;
  children: ReactNode;
}

export function FormField({ htmlFor, label, error, hint, children }: FormFieldProps) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={htmlFor}>
        {label}
      </label>
      {children}
      {hint ? <p className={styles.hint}>{hint}</p> : null}
      {error ? (
        <p className={styles.error} id={`${htmlFor}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export const fieldControlClass = {
  input: styles.control,
  invalid: `${styles.control} ${styles.invalid}`,
};

/** The id, class and ARIA props that tie a FormField's control to its label and to `error`, its message if any. */
export function fieldControl(id: string, error: unknown) {
  return {
    id,
    className: error ? fieldControlClass.invalid : fieldControlClass.input,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  };
}
