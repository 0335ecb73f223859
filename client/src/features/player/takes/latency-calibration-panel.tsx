import { Button } from '../../../components/ui/button';
import type { LatencyMeasurement } from '../../../lib/takes/measured-latency';
import { calibrationProblemMessages } from './calibration-problems';
import styles from './takes.module.css';
import type { LatencyCalibration } from './use-latency-calibration';

const methodText: Record<LatencyMeasurement['method'], string> = {
  loopback: 'by clicks heard back',
  taps: 'by tapping along',
};

/** The latency a take is placed by: measured (and how, with which input) or not, and the calibration that measures it. */
export function LatencyCalibrationPanel({ calibration, disabled }: { calibration: LatencyCalibration; disabled: boolean }) {
  const { measurement, phase, problem, canTap } = calibration;
  return (
    <section className={styles.latency} aria-label="Latency">
      <p data-testid="latency-status" data-measured={measurement !== null} data-seconds={measurement?.seconds ?? ''}>
        {measurement ? (
          <>
            Latency <strong>{(measurement.seconds * 1000).toFixed(1)} ms</strong>, measured {methodText[measurement.method]} with {measurement.label}.
          </>
        ) : (
          <>Latency not measured: takes are placed by the browser’s own figure, which can be tens of milliseconds off.</>
        )}
      </p>
      {phase === 'idle' ? (
        <div className={styles.record}>
          <Button aria-label="Calibrate latency" disabled={disabled} onClick={calibration.calibrate}>
            {measurement ? 'CALIBRATE AGAIN' : 'CALIBRATE LATENCY'}
          </Button>
          {canTap ? (
            <Button aria-label="Tap along instead" disabled={disabled} onClick={calibration.tapAlong}>
              TAP ALONG
            </Button>
          ) : null}
          <span className={styles.status}>Speakers up and the microphone near them, or the interface’s output looped into its input.</span>
        </div>
      ) : null}
      {phase === 'listening' ? (
        <span className={styles.status} role="status" data-testid="calibration-status">
          Playing clicks and listening for them...
        </span>
      ) : null}
      {phase === 'tapping' ? (
        <div className={styles.record}>
          <Button
            className={styles.tapButton}
            aria-label="Tap"
            onPointerDown={(event) => calibration.tap(event.timeStamp)}
            onKeyDown={(event) => {
              if (event.key !== ' ' && event.key !== 'Enter') return;
              // The press is the tap: not a click of the button, nor the player's play/pause.
              event.preventDefault();
              if (!event.repeat) calibration.tap(event.timeStamp);
            }}
            autoFocus
          >
            TAP
          </Button>
          <span className={styles.status} role="status" data-testid="calibration-status">
            Tap on each click you hear (the button, or the space bar).
          </span>
          <Button aria-label="Cancel tapping" onClick={calibration.cancel}>
            CANCEL
          </Button>
        </div>
      ) : null}
      {problem ? (
        <p className={styles.problem} role="alert">
          {calibrationProblemMessages[problem]}
        </p>
      ) : null}
    </section>
  );
}
