import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styles from './button.module.css';

export interface LinkButtonProps {
  to: string;
  children: ReactNode;
  variant?: 'primary' | 'secondary';
}

export function LinkButton({ to, children, variant = 'secondary' }: LinkButtonProps) {
  return (
    <Link to={to} className={`${styles.button} ${styles[variant]}`}>
      {children}
    </Link>
  );
}
