/**
 * A chart's own chords, from a MIDI file MMA compiled with `Lyric Chords=On`: MMA writes each bar's
 * chord symbols as lyric events, one a beat ("/" where the chord goes on), then a line break. It
 * spaces them counting the line break as one more syllable, so n symbols sit at steps of a bar over
 * n + 1; the bar is rebuilt from the break's position and each symbol put back on its beat.
 * MMA drops an `@beat` offset from a symbol: charts that place chords off the beat are not used.
 */
import { noChord, splitChord, transposeChord } from './chord-names';
import type { MidiTimeline } from './midi-timeline';

export function chartChords(timeline: MidiTimeline, transpose = 0): { tick: number; chord: string }[] {
  const placed: { tick: number; chord: string }[] = [];
  let bar: { tick: number; symbol: string }[] = [];
  const closeBar = (breakTick: number) => {
    const start = bar[0]?.tick;
    if (start === undefined) return;
    const count = bar.length;
    const barTicks = ((breakTick - start) * (count + 1)) / count;
    bar.forEach((item, index) => {
      if (item.symbol === '/') return;
      placed.push({ tick: Math.round(start + (index * barTicks) / count), chord: chordOf(item.symbol, transpose) });
    });
    bar = [];
  };
  for (const { tick, event } of timeline.events) {
    if (event.type !== 'lyrics') continue;
    if (/[\r\n]/.test(event.text)) {
      closeBar(tick);
      continue;
    }
    const symbol = event.text.trim();
    if (symbol !== '') bar.push({ tick, symbol });
  }
  // A last bar without its break: its symbols stand where MMA put them.
  for (const item of bar) if (item.symbol !== '/') placed.push({ tick: item.tick, chord: chordOf(item.symbol, transpose) });
  return placed;
}

/** A lyric that is no chord symbol means the chart sings real lyrics too: its chords cannot be read this way. */
function chordOf(symbol: string, transpose: number): string {
  if (symbol === 'N.C.') return noChord;
  if (!splitChord(symbol)) throw new Error(`"${symbol}" is not a chord symbol: charts with lyrics of their own are not supported`);
  return transposeChord(symbol, transpose);
}
