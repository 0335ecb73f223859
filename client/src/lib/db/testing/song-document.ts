/**
 * A song document as the sync API sends it, without a first beat (as an API from before the first
 * beat sends it), and not deleted.
 */
export const songDocument = (id: number, title: string) => ({
  id: String(id),
  title,
  genre: 'Rock',
  genre2: null,
  key: null,
  bpm: 100,
  difficulty: 5,
  duration: 60,
  playCount: 0,
  hasLyrics: false,
  chordInstruments: [],
  sections: [],
  stems: [],
  problems: [],
  _deleted: false,
});
