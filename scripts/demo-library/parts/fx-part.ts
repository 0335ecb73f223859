/** Where the effects go: a riser into every chorus, an impact on it, a sweep down into the bridge, swells into later verses, a last impact. */
import type { Arrangement } from '../arrangement';
import { beatsPerBar } from '../arrangement';

export type FxKind = 'riser' | 'impact' | 'downsweep' | 'swell';

export interface FxEvent {
  kind: FxKind;
  start: number;
  end: number;
}

export function fxPart(arrangement: Arrangement): FxEvent[] {
  const events: FxEvent[] = [];
  const t = (beat: number) => arrangement.timeOf(beat);
  // Risers last two bars, or one where a bar is long (slow songs).
  const riseBars = arrangement.secondsPerBeat * beatsPerBar > 2.4 ? 1 : 2;
  arrangement.sections.forEach((section, index) => {
    if (index === 0) return;
    const at = section.startBeat;
    if (section.type === 'chorus') {
      events.push({ kind: 'riser', start: t(at - riseBars * beatsPerBar), end: t(at) });
      events.push({ kind: 'impact', start: t(at), end: t(at) + 2 });
    } else if (section.type === 'bridge') {
      events.push({ kind: 'impact', start: t(at), end: t(at) + 2 });
      events.push({ kind: 'downsweep', start: t(at), end: t(at + beatsPerBar) });
    } else if (section.type === 'verse' || section.type === 'outro') {
      events.push({ kind: 'swell', start: t(at - 1), end: t(at) });
    }
  });
  const lastBar = arrangement.totalBeats - beatsPerBar;
  events.push({ kind: 'impact', start: t(lastBar), end: arrangement.durationSeconds });
  return events;
}
