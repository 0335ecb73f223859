/** '45 s', '12 min', '1 h 05 min': time practised, to the minute once there is one. */
export function formatPracticeTime(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

export function formatSongPosition(seconds: number): string {
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

export function formatTempo(ratio: number): string {
  return `${Math.round(ratio * 100)}%`;
}

/** 'Mon 24' for a chart label, from YYYY-MM-DD (read as that calendar day, whatever the zone). */
export function formatChartDay(date: string): string {
  const day = new Date(`${date}T12:00:00Z`);
  return `${day.toLocaleDateString('en-US', { weekday: 'short', timeZone: 'UTC' })} ${day.getUTCDate()}`;
}

/** The sum of the last `count` days of the chart (the chart ends today). */
export function lastDaysSeconds(days: ReadonlyArray<{ seconds: number }>, count: number): number {
  return days.slice(-count).reduce((sum, day) => sum + day.seconds, 0);
}

/** '70% → 80% → 85%': a song's best tempo on each practised day, oldest first (repeats of one tempo in a row shown once). */
export function formatTempoProgression(tempos: ReadonlyArray<{ bestTempo: number }>): string {
  const steps = tempos.map((day) => formatTempo(day.bestTempo)).filter((tempo, index, all) => index === 0 || all[index - 1] !== tempo);
  return steps.join(' → ');
}

/** '1:05': a take's length. */
export function formatTakeLength(seconds: number): string {
  return formatSongPosition(Math.round(seconds));
}
