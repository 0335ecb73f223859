import { describe, it } from 'vitest';
import type { SongFileMetadata, SongFolderFiles } from '../../../events/catalog';
import { decisionSpec } from '../../../events/catalog/testing/decision-spec';
import {
  type SongDetailsView,
  decideCatalogueSong,
  decideEditSongForUser,
  decideEditSongGenre,
  decideEditSongMetadata,
  decideRemoveSongFromDisk,
  evolveOwnView,
} from './song-decisions';
import { evolveSongState, initialSongState } from './song-state';
import { decideSetStarred, evolveStarsState, initialStarsState } from '../../library/star-decisions';

const files: SongFolderFiles = {
  directory: '/srv/songs/alpha',
  stems: [{ filename: 'drums.wav', bytes: 100, modifiedAt: '2025-10-01T08:00:00.000Z', durationSeconds: 2 }],
  durationSeconds: 2,
  hasLyrics: false,
  chordInstruments: [],
  sections: [],
  problems: [],
};
const metadata: SongFileMetadata = { title: 'Alpha', genre: 'Rock', genre2: null, key: 'A minor', bpm: 120, difficulty: null };
const catalogued = { type: 'SongCatalogued', data: { songId: 1, folder: 'alpha', files, metadata } } as const;

describe('song catalogue decisions', () => {
  const catalogue = decisionSpec(decideCatalogueSong, evolveSongState, initialSongState);

  it('catalogues a new folder, then appends nothing for the same files and song.json', () => {
    catalogue.given([]).when({ songId: 1, folder: 'alpha', files, metadata }).then([catalogued]);
    catalogue.given([catalogued]).when({ songId: 1, folder: 'alpha', files: structuredClone(files), metadata: { ...metadata } }).then([]);
  });

  it('a changed file is SongFilesChanged without metadata; a changed song.json carries it', () => {
    const longer = { ...files, stems: [{ ...files.stems[0]!, bytes: 200, durationSeconds: 4 }], durationSeconds: 4 };
    catalogue.given([catalogued]).when({ songId: 1, folder: 'alpha', files: longer, metadata }).then([
      { type: 'SongFilesChanged', data: { songId: 1, files: longer } },
    ]);
    catalogue.given([catalogued]).when({ songId: 1, folder: 'alpha', files, metadata: { ...metadata, bpm: 121 } }).then([
      { type: 'SongFilesChanged', data: { songId: 1, files, metadata: { ...metadata, bpm: 121 } } },
    ]);
  });

  it('a song back on disk after removal is SongFilesChanged, removal happens once', () => {
    const removed = { type: 'SongRemovedFromDisk', data: { songId: 1 } } as const;
    catalogue.given([catalogued, removed]).when({ songId: 1, folder: 'alpha', files, metadata }).then([{ type: 'SongFilesChanged', data: { songId: 1, files } }]);
    const remove = decisionSpec(decideRemoveSongFromDisk, evolveSongState, initialSongState);
    remove.given([catalogued]).when({ songId: 1 }).then([removed]);
    remove.given([catalogued, removed]).when({ songId: 1 }).then([]);
    remove.given([]).when({ songId: 1 }).then([]);
  });

  it('edits carry only what changes; difficulty null is the default 5', () => {
    const edit = decisionSpec(decideEditSongMetadata, evolveSongState, initialSongState);
    edit.given([catalogued]).when({ songId: 1, userId: 7, bpm: 120, key: 'A minor', difficulty: 5 }).then([]);
    edit.given([catalogued]).when({ songId: 1, userId: 7, difficulty: null }).then([]);
    edit.given([catalogued]).when({ songId: 1, userId: 7, bpm: 90, key: null, title: 'Alpha' }).then([
      { type: 'SongMetadataEdited', data: { songId: 1, userId: 7, bpm: 90, key: null } },
    ]);
    const genre = decisionSpec(decideEditSongGenre, evolveSongState, initialSongState);
    genre.given([catalogued]).when({ songId: 1, userId: 7, genre: 'Rock', genre2: null }).then([]);
    genre.given([catalogued]).when({ songId: 1, userId: 7, genre: 'Jazz', genre2: null }).then([
      { type: 'SongGenreEdited', data: { songId: 1, userId: 7, genre: 'Jazz', genre2: null } },
    ]);
  });

  it('starring is idempotent per user', () => {
    const star = decisionSpec(decideSetStarred, evolveStarsState, initialStarsState);
    const starred = { type: 'SongStarred', data: { userId: 7, songId: 1 } } as const;
    star.given([]).when({ userId: 7, songId: 1, starred: true }).then([starred]);
    star.given([starred]).when({ userId: 7, songId: 1, starred: true }).then([]);
    star.given([starred]).when({ userId: 7, songId: 1, starred: false }).then([{ type: 'SongUnstarred', data: { userId: 7, songId: 1 } }]);
    star.given([]).when({ userId: 7, songId: 1, starred: false }).then([]);
  });

  it("a musician's own edit carries only what differs from their view, decided on their earlier edits of that song", () => {
    const view: SongDetailsView = { title: 'Alpha', genre: 'Rock', genre2: null, key: 'A minor', bpm: 120, difficulty: 5 };
    const own = decisionSpec(decideEditSongForUser, (state: SongDetailsView, event) => evolveOwnView(state, event, 1), view);
    own.given([]).when({ userId: 7, songId: 1, title: 'Alpha', bpm: 120, difficulty: null }).then([]);
    own.given([]).when({ userId: 7, songId: 1, title: 'Mine', key: null, difficulty: 5 }).then([
      { type: 'SongDetailsEditedForUser', data: { userId: 7, songId: 1, title: 'Mine', key: null } },
    ]);
    own.given([]).when({ userId: 7, songId: 1, genre: 'Rock', genre2: 'Blues' }).then([
      { type: 'SongDetailsEditedForUser', data: { userId: 7, songId: 1, genre: 'Rock', genre2: 'Blues' } },
    ]);
    const renamed = { type: 'SongDetailsEditedForUser', data: { userId: 7, songId: 1, title: 'Mine' } } as const;
    const otherSong = { type: 'SongDetailsEditedForUser', data: { userId: 7, songId: 2, bpm: 60 } } as const;
    own.given([renamed, otherSong]).when({ userId: 7, songId: 1, title: 'Mine', bpm: 120 }).then([]);
    own.given([renamed]).when({ userId: 7, songId: 1, title: 'Alpha' }).then([
      { type: 'SongDetailsEditedForUser', data: { userId: 7, songId: 1, title: 'Alpha' } },
    ]);
  });
});
