import path from 'node:path';
import { instrumentOf, stemName } from '../../../library/instrument-groups';
import { type AnalysisRate, analysisSampleRate, harmonySampleRate } from './decode-mono';
import { type HarmonyResult, HarmonyDetector, chromaHop } from './detect-harmony';
import { type TempoResult, TempoDetector } from './detect-tempo';
import { type SignalSpec, songWindows, windowSeconds } from './song-windows';

/** Songs shorter than this get no key or chord charts. */
const shortestHarmonySeconds = 5;

export interface TempoAnalysis extends TempoResult {
  problems: string[];
}

export interface HarmonyAnalysis extends HarmonyResult {
  problems: string[];
}

function stemsOfGroup(stems: readonly string[], group: string): string[] {
  return stems.filter((file) => instrumentOf(stemName(path.basename(file))) === group);
}

/**
 * Window length in seconds: a whole number of chroma hops at the harmony's rate (twice as many
 * samples at the tempo's), so frames line up across windows.
 */
function windowLength(): number {
  return (Math.round((windowSeconds * harmonySampleRate) / chromaHop) * chromaHop) / harmonySampleRate;
}

/**
 * The song's tempo: from its drum stems when it has them (the clearest pulse: a full mix's
 * sustained chords pull beat trackers to half or double time), else from the mix of all stems.
 */
export async function analyseTempo(stems: readonly string[]): Promise<TempoAnalysis> {
  const drums = stemsOfGroup(stems, 'Drums');
  const rhythm: SignalSpec = { name: 'rhythm', stems: drums.length > 0 ? drums : stems };
  const problems: string[] = [];
  const detector = new TempoDetector();
  for await (const window of songWindows([rhythm], problems, windowLength())) {
    detector.addWindow(window.signals.get('rhythm')!, window.startSeconds, analysisSampleRate);
  }
  return { ...detector.result(), problems };
}

/** Stems named for a melody (no instrument group of their own): they play over the harmony, not in it. */
const melodyName = /lead|melod|solo|vocal|voice|choir|whistle|flute|sax|trumpet/i;

/**
 * The stems the song's chords are read from: bass and accompaniment (keys, guitar, other stems),
 * not drums, vocals, effects or a lead melody, whose notes pass over the harmony rather than
 * spell it. All but the drums when no accompaniment is left.
 */
export function harmonyStems(stems: readonly string[]): string[] {
  const groupOf = (file: string) => instrumentOf(stemName(path.basename(file)));
  const pitched = stems.filter((file) => !['Drums', 'FX'].includes(groupOf(file)));
  const accompaniment = pitched.filter((file) => groupOf(file) !== 'Vocals' && !melodyName.test(stemName(path.basename(file))));
  const chordal = accompaniment.filter((file) => groupOf(file) !== 'Bass');
  if (chordal.length > 0) return accompaniment;
  return pitched.length > 0 ? pitched : [...stems];
}

/**
 * Key and chord charts: `master` from the bass and accompaniment stems ({@link harmonyStems}), the
 * key from the mix of every stem but the drums, and `guitar` and `keys` from their stems when they play chords.
 * `bass` is the master's harmony: a bass line alone names roots but not whether a chord is major
 * or minor, and a bassist reads the song's chords (the demo library's bass.txt is the same).
 */
export async function analyseHarmony(stems: readonly string[], beats: readonly number[]): Promise<HarmonyAnalysis> {
  const { detector, end, problems, hasBass } = await collectHarmony(stems);
  // A few seconds of sound name no key, and their "chords" would be guesses.
  if (end < shortestHarmonySeconds) return { key: null, chords: {}, textures: {}, problems };
  const result = detector.result(beats, end, harmonySampleRate);
  if (result.chords.master !== undefined && hasBass) result.chords.bass = result.chords.master;
  return { ...result, problems };
}

/** The song's chroma and key votes, collected window by window; `end` is where its longest stem ends (seconds). */
export async function collectHarmony(stems: readonly string[]): Promise<{ detector: HarmonyDetector; end: number; problems: string[]; hasBass: boolean }> {
  // The key's signal: every stem but the drums, which name no pitch and are not decoded twice
  // (the tempo read them); all of them when only drums are left.
  const pitched = stems.filter((file) => instrumentOf(stemName(path.basename(file))) !== 'Drums');
  const keyStems = pitched.length > 0 ? pitched : stems;
  const signals: SignalSpec[] = [{ name: 'master', stems: keyStems }];
  const harmony = harmonyStems(stems);
  const chordSignal = harmony.length === keyStems.length ? 'master' : 'harmony';
  if (chordSignal === 'harmony') signals.push({ name: 'harmony', stems: harmony });
  const charts: string[] = [];
  for (const [name, group] of [['guitar', 'Guitar'], ['keys', 'Keys'], ['bass', 'Bass']] as const) {
    const members = stemsOfGroup(stems, group);
    if (members.length === 0) continue;
    signals.push({ name, stems: members });
    if (name !== 'bass') charts.push(name);
  }
  const problems: string[] = [];
  const hasBass = signals.some((signal) => signal.name === 'bass');
  const detector = new HarmonyDetector({ key: 'master', chords: chordSignal, ...(hasBass && { bass: 'bass' }), charts });
  let end = 0;
  // The harmony reads nothing above 5 kHz: half the samples of the tempo's signal, and of its work.
  const rate: AnalysisRate = harmonySampleRate;
  const windows = songWindows(signals, problems, windowLength(), rate);
  let current = await windows.next();
  while (!current.done) {
    const next = await windows.next();
    const window = current.value;
    const length = window.signals.get('master')!.length;
    end = window.startSeconds + length / rate;
    detector.addWindow(window.signals, rate, next.done === true);
    current = next;
  }
  return { detector, end, problems, hasBass };
}
