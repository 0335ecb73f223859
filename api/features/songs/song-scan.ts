import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ScanProblem, ScanProgress as ScanProgressAnswer, ScanStage } from '../../../contract/scan-progress';
import { decodeEvent } from '../../../events/catalog';
import type { Position } from '../../../events/store/event-store';
import type { AppDependencies } from '../../app-dependencies';
import { defaultScanSongTimeoutSeconds } from '../../config/env';
import { WorkTimeout, withTimeout } from '../../with-timeout';
import { type Command, handleCommand } from '../../commands/handle-command';
import type { EventSource } from '../../commands/request-event-metadata';
import { type SongAnalyser, songAnalyser } from './analysis/song-analyser';
import type { TempoAnalysis } from './analysis/song-analysis';
import { instrumentOf, stemName } from '../../library/instrument-groups';
import { describeFileError, readSongFolder, isStemFilename } from './read-song-folder';
import { type SongEvent, decideCatalogueSong, decideRecordAnalysis, decideRecordTempo, decideRemoveSongFromDisk, isAnalysisNeeded } from './song-decisions';
import { findOrCreateSongId, registeredSongFolders } from './song-folder-registry';
import { stemFilesInside } from './stem-files-inside';
import { type SongState, evolveSongState, initialSongState } from './song-state';

/** The scanner's own progress: the contract's answer with every extra but the demo library's filled in. */
export type ScanProgress = Required<Omit<ScanProgressAnswer, 'preparingDemoLibrary'>>;
export type { ScanStage };

export type ScanDependencies = Pick<AppDependencies, 'config' | 'store' | 'sql' | 'clock' | 'projections' | 'logger'>;

/** What the scan asks of the audio analysis (the process's analyser, or a test's). */
export type ScanAnalyser = Pick<SongAnalyser, 'tempo' | 'harmony'>;

const readModelWaitMs = 30_000;

function idleProgress(): ScanProgress {
  return {
    isScanning: false,
    currentSong: null,
    currentIndex: 0,
    totalSongs: 0,
    stage: 'complete',
    problems: [],
    summary: { catalogued: 0, changed: 0, unchanged: 0, removed: 0 },
    startedAt: null,
    finishedAt: null,
  };
}

/** Scans the songs directory into the log, one scan at a time; safe beside other processes' scans (expected versions). */
export class SongScanner {
  private current: ScanProgress = idleProgress();
  private running: Promise<ScanProgress> | undefined;

  constructor(
    private readonly deps: ScanDependencies,
    private readonly analyser: () => ScanAnalyser = songAnalyser,
  ) {}

  /** A copy of the progress of the running or last scan. */
  progress(): ScanProgress {
    return structuredClone(this.current);
  }

  /** Start a scan in the background; false when one is running. `source` is the request that asked (for the events' metadata). */
  start(source: EventSource, userId: number | null): boolean {
    if (this.running) return false;
    this.running = this.scan(source, userId).finally(() => {
      this.running = undefined;
    });
    // Failures are in the progress and the log; nobody awaits a background scan.
    this.running.catch(() => undefined);
    return true;
  }

  /** Scan now and resolve with the final progress (the start-up scan, tests); joins a running scan. */
  run(source: EventSource, userId: number | null): Promise<ScanProgress> {
    if (!this.start(source, userId) && !this.running) throw new Error('The scan did not start');
    return this.running!;
  }

  private async scan(source: EventSource, userId: number | null): Promise<ScanProgress> {
    const { deps } = this;
    const progress: ScanProgress = { ...idleProgress(), isScanning: true, stage: 'scanning', startedAt: deps.clock.now().toISOString() };
    this.current = progress;
    let last: Position | undefined;
    const track = (position: Position | undefined) => {
      if (position !== undefined && (last === undefined || position > last)) last = position;
    };
    try {
      const folders = await listSongFolders(deps.config.songsDir, progress.problems);
      const timeoutMs = (deps.config.scanSongTimeoutSeconds ?? defaultScanSongTimeoutSeconds) * 1000;
      progress.totalSongs = folders.length;
      const found = new Map<string, number>();
      for (const [index, folder] of folders.entries()) {
        progress.currentSong = folder;
        progress.currentIndex = index + 1;
        try {
          // A folder that never answers (a disk that hangs) costs this song, not the whole scan.
          const outcome = await withTimeout(this.scanFolder(source, userId, folder, progress), timeoutMs);
          if (outcome === 'not-a-song') continue;
          found.set(folder, outcome.songId);
          track(outcome.position);
          progress.summary[outcome.kind] += 1;
        } catch (error) {
          // Unknown state on disk: counted as found, so a passing error never removes a song.
          found.set(folder, 0);
          const message = error instanceof WorkTimeout ? `not read within ${timeoutMs / 1000} s` : messageOf(error);
          progress.problems.push({ song: folder, file: '', message: `Could not be scanned: ${message}` });
          deps.logger.warn({ err: error, folder }, 'song folder scan failed');
        }
      }
      for (const { folder, songId } of await registeredSongFolders(deps.sql)) {
        if (found.has(folder)) continue;
        const outcome = await handleCommand(deps, source, songCommand(songId, userId, (state) => decideRemoveSongFromDisk(state, { songId })));
        track(outcome.position);
        if (outcome.events.length > 0) progress.summary.removed += 1;
      }
      await this.analyse(source, userId, folders, found, progress, track);
      if (last !== undefined) await deps.projections.waitForPosition('songs', last, { timeoutMs: readModelWaitMs });
    } catch (error) {
      progress.problems.push({ song: '', file: '', message: `The scan stopped: ${messageOf(error)}` });
      deps.logger.error({ err: error }, 'song scan failed');
    } finally {
      progress.stage = 'complete';
      progress.isScanning = false;
      progress.currentSong = null;
      progress.currentIndex = progress.totalSongs;
      progress.finishedAt = deps.clock.now().toISOString();
    }
    return structuredClone(progress);
  }

  private async scanFolder(
    source: EventSource,
    userId: number | null,
    folder: string,
    progress: ScanProgress,
  ): Promise<'not-a-song' | { songId: number; kind: 'catalogued' | 'changed' | 'unchanged'; position: Position | undefined }> {
    const { deps } = this;
    const directory = path.join(deps.config.songsDir, folder);
    if (!(await readdir(directory)).some(isStemFilename)) {
      progress.problems.push({ song: folder, file: '', message: 'No audio files (.mp3, .ogg, .wav, .flac, .m4a): not a song.' });
      return 'not-a-song';
    }
    const songId = await findOrCreateSongId(deps.sql, folder, deps.clock.now());
    // Stems unchanged since the last scan keep their duration without being decoded again.
    const before = (await deps.store.readStream(`song-${songId}`)).map(decodeEvent).reduce(evolveSongState, initialSongState);
    const scanned = await readSongFolder(directory, deps.config.songsDir, before.files);
    for (const problem of scanned.files.problems) progress.problems.push({ song: folder, ...problem });
    const outcome = await handleCommand(
      deps,
      source,
      songCommand(songId, userId, (state) => decideCatalogueSong(state, { songId, folder, ...scanned })),
    );
    const type = outcome.events[0]?.type;
    return { songId, kind: type === 'SongCatalogued' ? 'catalogued' : type === undefined ? 'unchanged' : 'changed', position: outcome.position };
  }

  /**
   * Stages bpm and chords: songs missing what the audio can give are analysed one at a time; stems
   * analysed before are not decoded again (the last analysis is re-offered). Failures stay per song.
   */
  private async analyse(
    source: EventSource,
    userId: number | null,
    folders: readonly string[],
    found: ReadonlyMap<string, number>,
    progress: ScanProgress,
    track: (position: Position | undefined) => void,
  ): Promise<void> {
    const { deps } = this;
    if (deps.config.audioAnalysis === false) {
      progress.stage = 'bpm';
      progress.stage = 'chords';
      return;
    }
    const analyser = this.analyser();
    const pending: Array<{ folder: string; index: number; songId: number; stems: string[] }> = [];
    for (const [index, folder] of folders.entries()) {
      const songId = found.get(folder);
      if (!songId) continue;
      const state = await readSongState(deps, songId);
      const stems = state.files ? await stemFilesInside(state.files.directory, state.files.stems.map((stem) => stem.filename), deps.config.songsDir) : [];
      const groups = state.files?.stems.map((stem) => instrumentOf(stemName(stem.filename)).toLowerCase()) ?? [];
      if (stems.length > 0 && isAnalysisNeeded(state, groups)) pending.push({ folder, index, songId, stems });
      else if (state.analysis && ((state.analysis.bpm !== null && state.bpm === null) || (state.analysis.key !== null && state.key === null))) {
        // The last analysis has a value the song lost (song.json no longer gives it): offer it again.
        const analysis = state.analysis;
        track((await handleCommand(deps, source, songCommand(songId, userId, (current) => decideRecordAnalysis(current, { songId, analysis })))).position);
      }
    }
    const tempi = new Map<number, TempoAnalysis>();
    progress.stage = 'bpm';
    for (const song of pending) {
      progress.currentSong = song.folder;
      progress.currentIndex = song.index + 1;
      try {
        const tempo = await analyser.tempo(song.stems);
        tempi.set(song.songId, tempo);
        // Recorded now: the key and chords of this song come only after every pending song's tempo.
        const stems = (await readSongState(deps, song.songId)).files?.stems ?? [];
        const command = { songId: song.songId, tempo: { stems, bpm: tempo.bpm, firstBeat: tempo.firstBeat } };
        track((await handleCommand(deps, source, songCommand(song.songId, userId, (current) => decideRecordTempo(current, command)))).position);
      } catch (error) {
        progress.problems.push({ song: song.folder, file: '', message: `Tempo detection failed: ${messageOf(error)}` });
        deps.logger.warn({ err: error, folder: song.folder }, 'tempo detection failed');
      }
    }
    progress.stage = 'chords';
    for (const song of pending) {
      const tempo = tempi.get(song.songId);
      if (!tempo) continue;
      progress.currentSong = song.folder;
      progress.currentIndex = song.index + 1;
      try {
        const harmony = await analyser.harmony(song.stems, tempo.beats);
        const state = await readSongState(deps, song.songId);
        const problems = [...new Set([...tempo.problems, ...harmony.problems])];
        for (const message of problems) progress.problems.push({ song: song.folder, file: '', message: `Audio analysis: ${message}` });
        const analysis = { stems: state.files?.stems ?? [], bpm: tempo.bpm, firstBeat: tempo.firstBeat, key: harmony.key, chords: harmony.chords, problems };
        track((await handleCommand(deps, source, songCommand(song.songId, userId, (current) => decideRecordAnalysis(current, { songId: song.songId, analysis })))).position);
      } catch (error) {
        progress.problems.push({ song: song.folder, file: '', message: `Key and chord detection failed: ${messageOf(error)}` });
        deps.logger.warn({ err: error, folder: song.folder }, 'key and chord detection failed');
      }
    }
  }
}

export async function readSongState(deps: Pick<ScanDependencies, 'store'>, songId: number): Promise<SongState> {
  return (await deps.store.readStream(`song-${songId}`)).map(decodeEvent).reduce(evolveSongState, initialSongState);
}

/** A command on the song's stream (`song-<id>`). */
export function songCommand(songId: number, userId: number | null, decide: (state: SongState) => SongEvent[], readModel?: string): Command<SongState, SongEvent> {
  return {
    stream: `song-${songId}`,
    initialState: initialSongState,
    evolve: evolveSongState,
    decide,
    userId,
    ...(readModel !== undefined && { readModel }),
  };
}

/** The song folders: directories (or links to them) whose names do not start with "." in code-point order. */
async function listSongFolders(songsDir: string, problems: ScanProblem[]): Promise<string[]> {
  const entries = await readdir(songsDir, { withFileTypes: true });
  const folders: string[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    if (entry.isDirectory()) folders.push(entry.name);
    else if (entry.isSymbolicLink()) {
      try {
        if ((await stat(path.join(songsDir, entry.name))).isDirectory()) folders.push(entry.name);
      } catch (error) {
        problems.push({ song: entry.name, file: '', message: `A broken link: ${messageOf(error)}` });
      }
    }
  }
  return folders.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Progress is shown to every signed-in user: system errors lose the absolute path they name. */
function messageOf(error: unknown): string {
  return describeFileError(error);
}
