import type { DataOf, SongFileMetadata, SongFolderFiles, StoredEvent } from '../../../events/catalog';

/** What the last audio analysis of the song detected, from which stems. */
export type SongAnalysis = Omit<DataOf<'SongAnalysed'>, 'songId' | 'applied'>;

/** What the last tempo detection of a scan found, from which stems (`SongTempoAnalysed`, or with a `SongAnalysed`). */
export type SongTempo = Pick<SongAnalysis, 'stems' | 'bpm' | 'firstBeat'>;

/** A song's stream (`song-<id>`) folded: what the scan and the edit commands decide on. */
export interface SongState {
  catalogued: boolean;
  onDisk: boolean;
  /** The files as the last scan saw them. */
  files: SongFolderFiles | undefined;
  /** song.json as the last scan that found it changed saw it. */
  fileMetadata: SongFileMetadata | undefined;
  title: string;
  genre: string | null;
  genre2: string | null;
  key: string | null;
  bpm: number | null;
  /** 5 when unset (spec 000 section 3). */
  difficulty: number;
  analysis: SongAnalysis | undefined;
  tempo: SongTempo | undefined;
}

export const initialSongState: SongState = {
  catalogued: false,
  onDisk: false,
  files: undefined,
  fileMetadata: undefined,
  title: '',
  genre: null,
  genre2: null,
  key: null,
  bpm: null,
  difficulty: 5,
  analysis: undefined,
  tempo: undefined,
};

function withFileMetadata(state: SongState, metadata: SongFileMetadata): SongState {
  return {
    ...state,
    fileMetadata: metadata,
    ...(metadata.title !== null && { title: metadata.title }),
    genre: metadata.genre,
    genre2: metadata.genre2,
    key: metadata.key,
    bpm: metadata.bpm,
    difficulty: metadata.difficulty ?? 5,
  };
}

/** The same rules as the songs read model (projections/songs), on one song. */
export function evolveSongState(state: SongState, event: StoredEvent): SongState {
  switch (event.type) {
    case 'SongCatalogued':
      return withFileMetadata({ ...state, catalogued: true, onDisk: true, files: event.data.files, title: event.data.folder }, event.data.metadata);
    case 'SongFilesChanged': {
      const next = { ...state, onDisk: true, files: event.data.files };
      return event.data.metadata ? withFileMetadata(next, event.data.metadata) : next;
    }
    case 'SongRemovedFromDisk':
      return { ...state, onDisk: false };
    case 'SongMetadataEdited': {
      const { title, bpm, key, difficulty } = event.data;
      return {
        ...state,
        ...(title !== undefined && { title }),
        ...(bpm !== undefined && { bpm }),
        ...(key !== undefined && { key }),
        ...(difficulty !== undefined && { difficulty: difficulty ?? 5 }),
      };
    }
    case 'SongGenreEdited':
      return { ...state, genre: event.data.genre, genre2: event.data.genre2 };
    case 'SongAnalysed': {
      const { songId: _songId, applied, ...analysis } = event.data;
      return {
        ...state,
        analysis,
        tempo: { stems: analysis.stems, bpm: analysis.bpm, firstBeat: analysis.firstBeat },
        ...(applied.bpm !== undefined && { bpm: applied.bpm }),
        ...(applied.key !== undefined && { key: applied.key }),
      };
    }
    case 'SongTempoAnalysed': {
      const { songId: _songId, applied, ...tempo } = event.data;
      return { ...state, tempo, ...(applied.bpm !== undefined && { bpm: applied.bpm }) };
    }
    case 'SongBpmDetected':
      return event.data.applied ? { ...state, bpm: event.data.bpm } : state;
    default:
      return state;
  }
}
