/** Builds one piece: MIDI -> stem parts -> FluidSynth renders -> sum check -> encoded stems, song.json and truth. */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chartChords } from './chart-chords';
import { majMin, noChord } from './chord-names';
import { chordSpans } from './chord-spans';
import { chordsPerBeat, melodicNotes } from './chords-from-notes';
import { compileChart } from './compile-chart';
import { writeCover } from './cover-art';
import { encodeStem } from './encode-stem';
import { barLineAfter, excerpt } from './excerpt';
import { type MidiTimeline, endTick, isNoteOn, readMidi, writeTimeline } from './midi-timeline';
import type { Piece } from './pieces';
import type { PieceTruth, StemTruth } from './piece-truth';
import { renderMidi } from './render-midi';
import { encodingOf, profileOf, stemFileName } from './stem-formats';
import { assignParts, partTimeline, partsPlayed } from './stem-parts';
import { compareStemSum } from './stem-sum';
import { beatTicks, mainBpm, tempoMap } from './tempo-map';

export interface BuildContext {
  outDir: string;
  /** Debian package versions, by package name. */
  versions: Record<string, string>;
}

export interface BuiltPiece {
  truth: PieceTruth;
  skipped: boolean;
  bytes: number;
  seconds: number;
}

const round = (value: number, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;
/** Every piece peaks at -1 dBFS in its full mix; no piece is made louder than 18 dB. */
const targetPeak = 10 ** (-1 / 20);
const maxGain = 8;

export const songsDirOf = (outDir: string) => join(outDir, 'songs');
export const truthPathOf = (outDir: string, slug: string) => join(outDir, 'truth', `${slug}.json`);

export async function buildPiece(piece: Piece, index: number, context: BuildContext): Promise<BuiltPiece> {
  const started = performance.now();
  const songsDir = songsDirOf(context.outDir);
  const folder = join(songsDir, piece.title);
  const truthPath = truthPathOf(context.outDir, piece.slug);
  if (existsSync(folder) && existsSync(truthPath)) {
    const truth = JSON.parse(await readFile(truthPath, 'utf8')) as PieceTruth;
    return { truth, skipped: true, bytes: await folderBytes(folder, truth), seconds: 0 };
  }
  // Renders (a float WAV per stem, 230 MB each for ten minutes) stay out of the corpus folder.
  const work = await mkdtemp(join(tmpdir(), `real-corpus-${piece.slug}-`));
  try {
    return await buildInto(work, piece, index, context, { folder, truthPath, songsDir, started });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function buildInto(work: string, piece: Piece, index: number, context: BuildContext, where: { folder: string; truthPath: string; songsDir: string; started: number }): Promise<BuiltPiece> {
  const { folder, truthPath, songsDir, started } = where;

  const sourcePath = join(piece.source.directory, piece.file);
  let timeline: MidiTimeline;
  let transpose = 0;
  if (piece.kind === 'mma') {
    const compiled = await compileChart(sourcePath, work);
    transpose = compiled.transpose;
    timeline = readMidi(await readFile(compiled.midiPath));
  } else timeline = readMidi(await readFile(sourcePath));
  if (piece.excerptSeconds !== undefined) timeline = excerpt(timeline, barLineAfter(tempoMap(timeline), piece.excerptSeconds, endTick(timeline)));
  const map = tempoMap(timeline);
  const end = endTick(timeline);
  const musicEndSeconds = map.secondsAt(end);

  // Chords first: a chart whose chords cannot be read fails before anything is rendered or written.
  const beats = beatTicks(map, end);
  const fromNotes = chordsPerBeat(melodicNotes(timeline), beats, end);
  const placed = piece.kind === 'mma' ? chartChords(timeline, transpose) : fromNotes.map((chord, beat) => ({ tick: beats[beat]!, chord }));

  // Render the whole arrangement and each part alike, then check the parts sum to the whole.
  const assignment = assignParts(timeline);
  const played = partsPlayed(timeline);
  await writeFile(join(work, 'full.mid'), writeTimeline(timeline));
  await renderMidi(join(work, 'full.mid'), join(work, 'full.wav'));
  for (const { part } of played) {
    await writeFile(join(work, `${part}.mid`), writeTimeline(partTimeline(timeline, part, assignment)));
    await renderMidi(join(work, `${part}.mid`), join(work, `${part}.wav`));
  }
  const sum = await compareStemSum(
    join(work, 'full.wav'),
    played.map(({ part }) => join(work, `${part}.wav`)),
  );
  const gain = sum.fullPeak > 0 ? Math.min(maxGain, targetPeak / sum.fullPeak) : 1;

  const profile = profileOf(index);
  const coverPath = join(work, 'cover.png');
  if (played.some((_, position) => encodingOf(profile, position).cover)) await writeCover(piece.slug, coverPath);
  const staging = join(songsDir, `.partial-${piece.slug}`);
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  const stems: StemTruth[] = [];
  for (const [position, entry] of played.entries()) {
    const encoding = encodingOf(profile, position);
    const file = stemFileName(entry.part, position, profile.names, encoding.format);
    const tags = {
      title: `${piece.title} (${entry.part})`,
      artist: piece.composer,
      album: 'Woodshed real corpus',
      genre: piece.genre,
      track: `${position + 1}/${played.length}`,
      comment: `${piece.source.package}: ${piece.file} (${piece.source.licence})`,
    };
    await encodeStem(join(work, `${entry.part}.wav`), join(staging, file), encoding, gain, sum.frames, tags, coverPath);
    const firstNote = timeline.events.find((item) => isNoteOn(item.event) && assignment.get(item) === entry.part)!;
    const firstSound = sum.firstSound[join(work, `${entry.part}.wav`)] ?? null;
    stems.push({
      file,
      part: entry.part,
      midiChannels: entry.channels,
      programs: entry.programs,
      notes: entry.noteCount,
      ...encoding,
      firstNoteSeconds: round(map.secondsAt(firstNote.tick)),
      firstSoundSeconds: firstSound === null ? null : round(firstSound),
    });
  }
  // Title and genre only: key and BPM are what analysis has to find.
  await writeFile(join(staging, 'song.json'), `${JSON.stringify({ title: piece.title, genre: piece.genre }, null, 2)}\n`);
  await rm(folder, { recursive: true, force: true });
  await rename(staging, folder);

  const truth: PieceTruth = {
    slug: piece.slug,
    folder: piece.title,
    title: piece.title,
    composer: piece.composer,
    genre: piece.genre,
    style: piece.style,
    source: {
      package: piece.source.package,
      version: piece.source.package === 'woodshed' ? 'this repository' : (context.versions[piece.source.package] ?? 'unknown'),
      file: piece.source.package === 'woodshed' ? `scripts/real-corpus/charts/${piece.file}` : sourcePath,
      licence: piece.source.licence,
      copyrightFile: piece.source.copyrightFile,
    },
    excerptSeconds: piece.excerptSeconds ?? null,
    durationSeconds: round(sum.frames / sum.sampleRate),
    musicEndSeconds: round(musicEndSeconds),
    bpm: mainBpm(map, musicEndSeconds),
    tempos: map.tempos,
    metres: map.metres,
    key: map.keys[0]?.key ?? null,
    keys: map.keys,
    keySignatureDoubtful: piece.keySignatureDoubtful ?? false,
    chordTruth: piece.kind === 'mma' ? 'chart' : 'notes',
    chords: chordSpans(placed, map, end).map((span) => ({ ...span, majmin: majMin(span.chord) })),
    beats: beats.length,
    notesAgreeWithChart: piece.kind === 'mma' ? agreement(placed, beats, fromNotes) : null,
    formatProfile: profile.name,
    stems,
    stemSum: { residualDb: sum.residualDb, gain: round(gain, 4), fullPeakDb: round(20 * Math.log10(sum.fullPeak || 1e-10), 2) },
  };
  await mkdir(join(context.outDir, 'truth'), { recursive: true });
  await writeFile(truthPath, `${JSON.stringify(truth, null, 1)}\n`);
  return { truth, skipped: false, bytes: await folderBytes(folder, truth), seconds: (performance.now() - started) / 1000 };
}

/** The share of beats under a charted chord (not N) whose chord from notes is the chart's major/minor chord. */
export function agreement(chart: readonly { tick: number; chord: string }[], beats: readonly number[], fromNotes: readonly string[]): number | null {
  let charted = 0;
  let agreeing = 0;
  let current = -1;
  beats.forEach((tick, beat) => {
    // A chart chord may sit a tick off its beat: MMA rounds its lyric positions.
    while (current + 1 < chart.length && chart[current + 1]!.tick <= tick + 2) current++;
    const chord = chart[current]?.chord;
    if (chord === undefined || majMin(chord) === noChord) return;
    charted++;
    if (majMin(chord) === fromNotes[beat]) agreeing++;
  });
  return charted === 0 ? null : round(agreeing / charted);
}

async function folderBytes(folder: string, truth: PieceTruth): Promise<number> {
  let bytes = 0;
  for (const stem of truth.stems) bytes += (await stat(join(folder, stem.file))).size;
  return bytes;
}
