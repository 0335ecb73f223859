import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { decodeEvent } from '../../../events/catalog';
import type { Position } from '../../../events/store/event-store';
import type { AppDependencies } from '../../app-dependencies';
import { type Command, handleCommand } from '../../commands/handle-command';
import type { EventSource } from '../../commands/request-event-metadata';
import { readSongFolder, isStemFilename } from './read-song-folder';
import { type SongEvent, decideCatalogueSong, decideRemoveSongFromDisk } from './song-decisions';
import { findOrCreateSongId, registeredSongFolders } from './song-folder-registry';
import { type SongState, evolveSongState, initialSongState } from './song-state';

/** Stages of spec 000 section 3; BPM, key and chord detection are later work, so those pass quickly. */
export type ScanStage = 'scanning' | 'bpm' | 'chords' | 'complete';

/** One problem a scan met, on a song folder (`file` relative to it; empty for the folder itself). */
export interface ScanProblem {
  song: string;
  file: string;
  message: string;
}

/** What a scan did to the library. */
export interface ScanSummary {
  catalogued: number;
  changed: number;
  unchanged: number;
  removed: number;
}

/** GET /api/songs/scan/progress: the spec's fields, plus what went wrong and what changed. */
export interface ScanProgress {
  isScanning: boolean;
  currentSong: string | null;
  /** 1-based index of `currentSong`; equals `totalSongs` once complete. */
  currentIndex: number;
  totalSongs: number;
  stage: ScanStage;
  problems: ScanProblem[];
  summary: ScanSummary;
  startedAt: string | null;
  finishedAt: string | null;
}

export type ScanDependencies = Pick<AppDependencies, 'config' | 'store' | 'sql' | 'clock' | 'projections' | 'logger'>;

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

/**
 * Scans the songs directory into the log, one scan at a time in this process. Safe beside a scan
 * in another process (several API copies): ids come from the registry and each song's events are
 * decided on its stream with an expected version, so a race appends each change once.
 */
export class SongScanner {
  private current: ScanProgress = idleProgress();
  private running: Promise<ScanProgress> | undefined;

  constructor(private readonly deps: ScanDependencies) {}

  /** A copy of the progress of the running or last scan. */
  progress(): ScanProgress {
    return structuredClone(this.current);
  }

  /**
   * Start a scan in the background; false (and nothing started) when one is running. `source` is
   * the request that asked for it (its id goes into the events' metadata) and `userId` its user.
   */
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
      progress.totalSongs = folders.length;
      const found = new Set<string>();
      for (const [index, folder] of folders.entries()) {
        progress.currentSong = folder;
        progress.currentIndex = index + 1;
        try {
          const outcome = await this.scanFolder(source, userId, folder, progress);
          if (outcome === 'not-a-song') continue;
          found.add(folder);
          track(outcome.position);
          progress.summary[outcome.kind] += 1;
        } catch (error) {
          // Unknown state on disk: counted as found, so a passing error never removes a song.
          found.add(folder);
          progress.problems.push({ song: folder, file: '', message: `Could not be scanned: ${messageOf(error)}` });
          deps.logger.warn({ err: error, folder }, 'song folder scan failed');
        }
      }
      for (const { folder, songId } of await registeredSongFolders(deps.sql)) {
        if (found.has(folder)) continue;
        const outcome = await handleCommand(deps, source, songCommand(songId, userId, (state) => decideRemoveSongFromDisk(state, { songId })));
        track(outcome.position);
        if (outcome.events.length > 0) progress.summary.removed += 1;
      }
      // Detecting missing BPM, key and chords from the audio is later work (essentia.js).
      progress.stage = 'bpm';
      progress.stage = 'chords';
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
  ): Promise<'not-a-song' | { kind: 'catalogued' | 'changed' | 'unchanged'; position: Position | undefined }> {
    const { deps } = this;
    const directory = path.join(deps.config.songsDir, folder);
    if (!(await readdir(directory)).some(isStemFilename)) {
      progress.problems.push({ song: folder, file: '', message: 'No audio files (.mp3, .ogg, .wav, .flac, .m4a): not a song.' });
      return 'not-a-song';
    }
    const songId = await findOrCreateSongId(deps.sql, folder, deps.clock.now());
    // Stems unchanged since the last scan keep their duration without being decoded again.
    const before = (await deps.store.readStream(`song-${songId}`)).map(decodeEvent).reduce(evolveSongState, initialSongState);
    const scanned = await readSongFolder(directory, deps.config.songsDir, before.files?.stems);
    for (const problem of scanned.files.problems) progress.problems.push({ song: folder, ...problem });
    const outcome = await handleCommand(
      deps,
      source,
      songCommand(songId, userId, (state) => decideCatalogueSong(state, { songId, folder, ...scanned })),
    );
    const type = outcome.events[0]?.type;
    return { kind: type === 'SongCatalogued' ? 'catalogued' : type === undefined ? 'unchanged' : 'changed', position: outcome.position };
  }
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

function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 300);
}
