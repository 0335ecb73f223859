import { useCallback, useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { beatGridOf, loopFromMarks, snapToBeat } from '../../lib/audio/beat-grid';
import type { ClickSettings, LoopPassSchedule, LoopRange, SpeedTrainer, StemEngine } from '../../lib/audio/stem-engine';
import type { Seconds } from '../../lib/audio/units';
import { selectTempo, selectTranspose, tempoChanged, transposeChanged } from './mixer-slice';

export interface PracticeControls {
  tempo: number;
  transpose: number;
  loop: LoopRange | null;
  /** The A mark while the musician is setting an A-B loop (waiting for B). */
  markA: Seconds | null;
  trainer: SpeedTrainer | null;
  pass: number;
  /** The loop's passes as the engine scheduled them (audio clock), for browser tests to check. */
  passSchedule: readonly LoopPassSchedule[];
  clicks: ClickSettings;
  hasBeatGrid: boolean;
  setTempo(tempo: number): void;
  setTranspose(semitones: number): void;
  /** The tempo or transpose control was touched: build the stretch nodes now, so the change that follows is heard at once (decision 0041). */
  prepareStretch(): void;
  /** First press marks A, the second B (snapped to beats) and loops; a press while looping clears. */
  markLoop(position: Seconds): void;
  loopSection(section: LoopRange): void;
  clearLoop(): void;
  setTrainer(trainer: SpeedTrainer | null): void;
  setClicks(clicks: ClickSettings): void;
}

/** Applies the practice tools to the engine. Tempo and transpose live in the mixer slice (presets save them, decision 0032), and the engine follows the slice whoever changed it. */
export function usePracticeControls(
  engine: StemEngine,
  beat: { bpm: number | null; firstBeat: Seconds | null },
  duration: Seconds,
  onChange: () => void,
): PracticeControls {
  const { bpm, firstBeat } = beat;
  const dispatch = useAppDispatch();
  const tempo = useAppSelector(selectTempo);
  const transpose = useAppSelector(selectTranspose);
  const [loop, setLoopState] = useState<LoopRange | null>(engine.loopRange);
  const [markA, setMarkA] = useState<Seconds | null>(null);
  const [trainer, setTrainerState] = useState<SpeedTrainer | null>(null);
  const [pass, setPass] = useState(0);
  const [clicks, setClicksState] = useState<ClickSettings>({ click: false, volume: 0.8, countInBars: 0, countInEachPass: false });
  // Beats from the analysis' first beat (0 when unknown): snapping, count-in and click align to it.
  const grid = beatGridOf(bpm, firstBeat ?? 0);

  useEffect(() => {
    if (engine.tempo !== tempo) void engine.setTempo(tempo);
  }, [engine, tempo]);

  useEffect(() => {
    if (engine.transpose !== transpose) void engine.setTranspose(transpose);
  }, [engine, transpose]);

  useEffect(() => {
    engine.practice.setBeatGrid(beatGridOf(bpm, firstBeat ?? 0));
    engine.practice.setPassListener((next, nextTempo) => {
      setPass(next);
      // The engine is at this tempo already; the slice follows it (so SAVE stores it).
      dispatch(tempoChanged({ tempo: nextTempo }));
    });
    return () => engine.practice.setPassListener(null);
  }, [engine, bpm, firstBeat, dispatch]);

  const applyLoop = useCallback(
    (next: LoopRange | null) => {
      void engine.setLoop(next);
      setLoopState(next);
      setPass(0);
      onChange();
    },
    [engine, onChange],
  );

  return {
    tempo,
    transpose,
    loop,
    markA,
    trainer,
    pass,
    // Read at each render: the controls redraw every frame while playing (the position moves).
    passSchedule: engine.practice.loopPasses(),
    clicks,
    hasBeatGrid: grid !== null,
    setTempo: (next) => {
      dispatch(tempoChanged({ tempo: next }));
    },
    setTranspose: (next) => {
      dispatch(transposeChanged({ semitones: next }));
    },
    prepareStretch: () => {
      engine.prepareStretch().catch((error: unknown) => console.error('The time-stretch nodes could not be built', error));
    },
    markLoop: (position) => {
      if (loop) {
        applyLoop(null);
      } else if (markA === null) {
        setMarkA(snapToBeat(position, grid));
      } else {
        applyLoop(loopFromMarks(markA, position, grid, duration));
        setMarkA(null);
      }
    },
    loopSection: (section) => {
      setMarkA(null);
      applyLoop(section);
    },
    clearLoop: () => {
      setMarkA(null);
      applyLoop(null);
    },
    setTrainer: (next) => {
      void engine.setSpeedTrainer(next);
      setTrainerState(next);
      setPass(0);
      if (next) dispatch(tempoChanged({ tempo: engine.tempo }));
    },
    setClicks: (next) => {
      engine.practice.setClickSettings(next);
      setClicksState(next);
    },
  };
}
