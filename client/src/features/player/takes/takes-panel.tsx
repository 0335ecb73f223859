import { LatencyCalibrationPanel } from './latency-calibration-panel';
import { RecordControl } from './record-control';
import styles from './takes.module.css';
import { TakesList } from './takes-list';
import type { LatencyCalibration } from './use-latency-calibration';
import type { PlayerTakes } from './use-player-takes';

/** The takes tab of the player's left column: record over the band, the latency takes are placed by, and this song's takes. */
export function TakesPanel({ takes, calibration, hasSection, looping }: { takes: PlayerTakes; calibration: LatencyCalibration; hasSection: boolean; looping: boolean }) {
  return (
    <div className={styles.panel} data-testid="takes-panel">
      <RecordControl
        unavailable={takes.unavailable}
        status={takes.status}
        problem={takes.problem}
        scope={takes.scope}
        hasSection={hasSection}
        looping={looping}
        blocked={calibration.phase !== 'idle'}
        onScope={takes.setScope}
        onToggle={takes.toggleRecording}
      />
      {takes.unavailable ? null : <LatencyCalibrationPanel calibration={calibration} disabled={takes.status !== 'idle'} />}
      <TakesList takes={takes.takes} loadedId={takes.loaded?.take.id ?? null} onPlayAlong={takes.playAlong} onRename={takes.rename} onDelete={takes.remove} />
    </div>
  );
}
