import { Button } from '../../../components/ui/button';
import { type MicrophoneProblem, microphoneProblemMessages } from '../../../lib/audio/recording/microphone-problems';
import styles from './takes.module.css';
import type { RecordScope, RecordingStatus } from './use-player-takes';

export interface RecordControlProps {
  unavailable: MicrophoneProblem | null;
  status: RecordingStatus;
  problem: MicrophoneProblem | null;
  scope: RecordScope;
  /** Whether the playhead is in a section ("This section" is offered then). */
  hasSection: boolean;
  looping: boolean;
  /** The microphone is taken by something else of the tab (a latency calibration). */
  blocked?: boolean;
  onScope(scope: RecordScope): void;
  onToggle(): void;
}

const statusText: Record<RecordingStatus, string> = {
  idle: '',
  arming: 'Waiting for the microphone...',
  recording: 'Recording',
  saving: 'Saving the take...',
};

/** Record / Stop, what to record, and why recording could not start or ended early. */
export function RecordControl({ unavailable, status, problem, scope, hasSection, looping, blocked = false, onScope, onToggle }: RecordControlProps) {
  if (unavailable) {
    return (
      <p className={styles.problem} role="status">
        {microphoneProblemMessages[unavailable]}
      </p>
    );
  }
  const recording = status === 'recording';
  return (
    <div className={styles.record} role="group" aria-label="Recording">
      <Button
        className={styles.recordButton}
        aria-label={recording ? 'Stop recording' : 'Record a take'}
        aria-pressed={recording}
        disabled={status === 'arming' || status === 'saving' || (blocked && status === 'idle')}
        onClick={onToggle}
      >
        {recording ? 'STOP' : 'RECORD'}
      </Button>
      {looping ? (
        <span>Each pass of the loop is its own take.</span>
      ) : (
        <label>
          Record{' '}
          <select value={scope} disabled={status !== 'idle'} onChange={(event) => onScope(event.target.value as RecordScope)}>
            <option value="song">from the playhead</option>
            <option value="section" disabled={!hasSection}>
              this section
            </option>
          </select>
        </label>
      )}
      <span className={styles.status} role="status" data-testid="recording-status" data-status={status}>
        {statusText[status]}
      </span>
      {problem ? (
        <p className={styles.problem} role="alert">
          {microphoneProblemMessages[problem]}
        </p>
      ) : null}
    </div>
  );
}
