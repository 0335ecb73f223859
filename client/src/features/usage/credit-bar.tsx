import styles from './usage-screen.module.css';
import { creditBarTone, usedPercent } from './usage-rules';

export interface CreditBarProps {
  label: string;
  used: number;
  total: number;
}

export function CreditBar({ label, used, total }: CreditBarProps) {
  const percent = usedPercent(used, total);
  const tone = creditBarTone(percent);
  return (
    <div className={styles.barRow}>
      <div className={styles.barLabel}>
        <span>{label}</span>
        <span>
          {used} / {total} used
        </span>
      </div>
      <div
        className={styles.barTrack}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(percent)}
        data-tone={tone}
      >
        <div className={`${styles.barFill} ${styles[tone]}`} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
