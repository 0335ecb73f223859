import { useCallback, useEffect, useRef, useState } from 'react';
import { type TapAlong, measureLoopback, startTapAlong } from '../../../lib/audio/recording/latency-calibration';
import { MicrophoneCapture, MicrophoneError, type MicrophoneDevice } from '../../../lib/audio/recording/microphone-capture';
import { reportedLatency } from '../../../lib/audio/recording/take-segments';
import type { StemEngine } from '../../../lib/audio/stem-engine';
import type { Seconds } from '../../../lib/audio/units';
import { type LatencyMeasurement, lastMeasurement, measuredLatencyOf, readMeasuredLatencies, withMeasurement, writeMeasuredLatencies } from '../../../lib/takes/measured-latency';
import type { CalibrationProblem } from './calibration-problems';

/** After these the musician may tap along (again). */
const tapProblems: ReadonlySet<CalibrationProblem> = new Set(['no-clicks', 'too-few-taps', 'uneven-taps']);

export type CalibrationPhase = 'idle' | 'listening' | 'tapping';

export interface LatencyCalibration {
  /** The round trip measured with the input calibrated last; null when none was. */
  measurement: LatencyMeasurement | null;
  phase: CalibrationPhase;
  problem: CalibrationProblem | null;
  /** Tapping along is offered once the clicks were not heard back. */
  canTap: boolean;
  calibrate(): void;
  tapAlong(): void;
  /** A tap at `timeStamp` (the event's, on the page's performance clock). */
  tap(timeStamp: number): void;
  cancel(): void;
}

/** Read at each use: a blocked localStorage throws on access, and the measurements' reads and writes expect that. */
const browserStorage: Pick<Storage, 'getItem' | 'setItem'> = {
  getItem: (key) => window.localStorage.getItem(key),
  setItem: (key, value) => window.localStorage.setItem(key, value),
};

/** The round trip measured with `device` on this browser, if it was (what places a take). */
export function measuredLatencyOnThisBrowser(device: MicrophoneDevice): Seconds | null {
  return measuredLatencyOf(readMeasuredLatencies(browserStorage), device);
}

/**
 * Measuring the round trip on the song's own audio clock: clicks played and heard back through the
 * microphone, or, when none is heard, taps along with clicks. The figure is kept for the input the
 * browser opened, on this browser only (the speakers, interface and cables are this device's).
 */
export function useLatencyCalibration(engine: StemEngine, refresh: () => void): LatencyCalibration {
  const [measurement, setMeasurement] = useState<LatencyMeasurement | null>(() => lastMeasurement(readMeasuredLatencies(browserStorage)));
  const [phase, setPhase] = useState<CalibrationPhase>('idle');
  const [problem, setProblem] = useState<CalibrationProblem | null>(null);
  // The input the last loopback opened and its reported latency: taps are kept for it.
  const [input, setInput] = useState<{ device: MicrophoneDevice; inputLatency: Seconds } | null>(null);
  const tapping = useRef<TapAlong | null>(null);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
      tapping.current?.cancel();
    },
    [],
  );

  const keep = useCallback((device: MicrophoneDevice, seconds: Seconds, method: LatencyMeasurement['method']) => {
    const measured: LatencyMeasurement = { seconds, method, measuredAt: Date.now(), label: device.label.trim() || 'this microphone' };
    writeMeasuredLatencies(browserStorage, withMeasurement(readMeasuredLatencies(browserStorage), device, measured));
    setMeasurement(measured);
  }, []);

  const context = () => engine.graph.context.rawContext as AudioContext;
  const quietBand = () => {
    if (engine.isPlaying) engine.pause();
    refresh();
  };

  const calibrate = () => {
    if (phase !== 'idle' || engine.graph.disposed) return;
    setProblem(null);
    setPhase('listening');
    quietBand();
    void (async () => {
      let microphone: MicrophoneCapture | null = null;
      try {
        microphone = await MicrophoneCapture.open(context());
        const device = microphone.device;
        setInput({ device, inputLatency: microphone.inputLatency });
        const estimate = await measureLoopback(context(), microphone);
        if (!mounted.current) return;
        if (estimate.heard) keep(device, estimate.roundTrip, 'loopback');
        else setProblem('no-clicks');
      } catch (error) {
        if (!(error instanceof MicrophoneError)) console.error('The latency calibration failed', error);
        if (mounted.current) setProblem(error instanceof MicrophoneError ? error.problem : 'failed');
      } finally {
        microphone?.release();
        if (mounted.current) setPhase('idle');
      }
    })();
  };

  const tapAlong = () => {
    if (phase !== 'idle' || !input || engine.graph.disposed) return;
    setProblem(null);
    setPhase('tapping');
    quietBand();
    const raw = context();
    const along = startTapAlong(raw, reportedLatency({ baseLatency: raw.baseLatency, outputLatency: raw.outputLatency, inputLatency: input.inputLatency }));
    tapping.current = along;
    void along.finished.then((estimate) => {
      if (!mounted.current || tapping.current !== along) return;
      tapping.current = null;
      setPhase('idle');
      if (estimate.ok) keep(input.device, estimate.roundTrip, 'taps');
      else setProblem(estimate.reason);
    });
  };

  return {
    measurement,
    phase,
    problem,
    canTap: input !== null && (problem === null ? measurement?.method === 'taps' : tapProblems.has(problem)),
    calibrate,
    tapAlong,
    tap: (timeStamp) => tapping.current?.tap(timeStamp),
    cancel: () => {
      tapping.current?.cancel();
      tapping.current = null;
      setPhase('idle');
    },
  };
}
