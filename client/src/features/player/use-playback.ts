import { useCallback, useEffect, useState } from 'react';
import { toastStore } from '../../components/ui/toast-store';
import type { StemEngine } from '../../lib/audio/stem-engine';
import type { Seconds } from '../../lib/audio/units';

export interface Playback {
  isPlaying: boolean;
  position: Seconds;
  duration: Seconds;
  /** JSON of the engine's last start time per stem: the browser test proves they are identical. */
  startTimes: string;
  play(): void;
  pause(): void;
  stop(): void;
  seek(target: Seconds): void;
  /** Reads the engine again after a change made elsewhere (a loop moved playback). */
  refresh(): void;
}

/** Follows the engine's position every frame while playing; one engine per mounted player. */
export function usePlayback(engine: StemEngine | null): Playback {
  const [isPlaying, setIsPlaying] = useState(false);
  const [position, setPosition] = useState<Seconds>(0);
  const [startTimes, setStartTimes] = useState('{}');

  const sync = useCallback(() => {
    if (!engine) return;
    setIsPlaying(engine.isPlaying);
    setPosition(engine.position());
    setStartTimes(JSON.stringify(engine.lastStartTimes()));
  }, [engine]);

  useEffect(() => {
    if (!engine || !isPlaying) return;
    let frame = requestAnimationFrame(function follow() {
      setPosition(engine.position());
      // The engine ends playback on its own at the end of the song (spec 000, 4).
      if (!engine.isPlaying) setIsPlaying(false);
      else frame = requestAnimationFrame(follow);
    });
    return () => cancelAnimationFrame(frame);
  }, [engine, isPlaying]);

  return {
    isPlaying,
    position,
    duration: engine?.graph.duration ?? 0,
    startTimes,
    play: () => {
      engine?.play().then(sync, (error: unknown) => {
        console.error('Playback failed', error);
        toastStore.show({ title: 'Playback Error', description: 'Failed to start playback', variant: 'destructive' });
      });
    },
    pause: () => {
      engine?.pause();
      sync();
    },
    stop: () => {
      engine?.stop();
      sync();
    },
    seek: (target) => {
      engine?.seek(target);
      sync();
    },
    refresh: sync,
  };
}
