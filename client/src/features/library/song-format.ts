export const FLAME_PLAY_COUNT = 100;

/** 'm:ss' (spec 000, section 2); '--:--' when the length is unknown. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return '--:--';
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

export function formatBpm(bpm: number | null): string {
  if (bpm === null || !Number.isFinite(bpm) || bpm <= 0) return '-- BPM';
  return `${Math.round(bpm)} BPM`;
}

export function hasFlame(playCount: number): boolean {
  return playCount >= FLAME_PLAY_COUNT;
}
