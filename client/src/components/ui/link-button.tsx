import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styles from './button.module.css';

export interface LinkButtonProps {
  to: string;
  children: ReactNode;
  /** 'primary' is the one call to action on a screen; 'secondary' is everything else. */
  variant?: 'primary' | 'secondary';
}

/** In-app navigation that looks like a button (the spec's 'Back to Library', 'Login', ...). */
export function LinkButton({ to, children, variant = 'secondary' }: LinkButtonProps) {
  return (
    <Link to={to} className={`${styles.button} ${styles[variant]}`}>
      {children}
    </Link>
  );
}
