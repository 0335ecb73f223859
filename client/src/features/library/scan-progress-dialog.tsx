import type { ScanProgress } from '../../../../contract/scan-progress';
import styles from './library-screen.module.css';
import { scanPercent, scanSongText, scanStageText } from './scan-progress-text';

export function ScanProgressDialog({ progress }: { progress: ScanProgress | undefined }) {
  const percent = progress ? scanPercent(progress) : 0;
  return (
    <div className={styles.backdrop}>
      <div className={styles.dialog} role="dialog" aria-modal="true" aria-labelledby="scan-dialog-title">
        <h2 id="scan-dialog-title" className={styles.dialogTitle}>
          Scanning Library
        </h2>
        <p className={styles.dialogStage}>{progress ? scanStageText(progress) : 'Starting scan'}</p>
        <div className={styles.progressTrack} role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label="Scan progress">
          <div className={styles.progressBar} style={{ width: `${percent}%` }} />
        </div>
        <p className={styles.dialogSong}>{progress ? scanSongText(progress) : ''}</p>
      </div>
    </div>
  );
}
