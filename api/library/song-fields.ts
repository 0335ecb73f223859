import type { SongFields } from '../../contract/song';
import type { SongRecord } from '../../projections/songs/songs-queries';
import { toStemResponses } from './stem-responses';

/** What a song says in GET /api/songs and in its sync document alike (the contract's `SongFields`). */
export function toSongFields(song: SongRecord): SongFields {
  return {
    title: song.title,
    genre: song.genre,
    genre2: song.genre2,
    key: song.key,
    bpm: song.bpm,
    firstBeat: song.firstBeat,
    difficulty: song.difficulty,
    duration: song.durationSeconds,
    playCount: song.playCount,
    hasLyrics: song.hasLyrics,
    chordInstruments: [...song.chordInstruments],
    sections: [...song.sections],
    stems: toStemResponses(song),
    problems: [...song.problems],
  };
}
