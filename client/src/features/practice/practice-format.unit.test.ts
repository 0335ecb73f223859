import { describe, expect, it } from 'vitest';
import { formatChartDay, formatPracticeTime, formatSongPosition, formatTakeLength, formatTempo, formatTempoProgression, lastDaysSeconds } from './practice-format';

describe('practice log formats', () => {
  it('words time practised in seconds, minutes, then hours and minutes', () => {
    expect(formatPracticeTime(0)).toBe('0 s');
    expect(formatPracticeTime(59)).toBe('59 s');
    expect(formatPracticeTime(60)).toBe('1 min');
    expect(formatPracticeTime(3599)).toBe('59 min');
    expect(formatPracticeTime(3900)).toBe('1 h 05 min');
  });

  it('shows song positions, tempos and chart days', () => {
    expect(formatSongPosition(45.5)).toBe('0:45');
    expect(formatSongPosition(125)).toBe('2:05');
    expect(formatTempo(0.75)).toBe('75%');
    expect(formatChartDay('2026-11-24')).toBe('Tue 24');
  });

  it('adds up the last days of the chart', () => {
    expect(lastDaysSeconds([{ seconds: 5 }, { seconds: 10 }, { seconds: 20 }], 2)).toBe(30);
  });

  it('shows a song’s tempo progression day by day, a tempo held over days once', () => {
    expect(formatTempoProgression([{ bestTempo: 0.7 }, { bestTempo: 0.8 }, { bestTempo: 0.8 }, { bestTempo: 0.85 }])).toBe('70% → 80% → 85%');
    expect(formatTempoProgression([{ bestTempo: 1 }])).toBe('100%');
    expect(formatTempoProgression([])).toBe('');
  });

  it('words a take’s length in minutes and seconds', () => {
    expect(formatTakeLength(65.4)).toBe('1:05');
    expect(formatTakeLength(59.6)).toBe('1:00');
  });
});
