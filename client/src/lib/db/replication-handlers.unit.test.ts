import { describe, expect, it } from 'vitest';
import { classifyConflicts, createPullHandler, createPushHandler, pullUrl, SyncCallFailed } from './replication-handlers';
import type { RefusedWrite, SyncFetch } from './replication-handlers';
import type { PresetDocument, StarDocument } from '../../../../contract/sync-documents';

/** A fetch that records each call and answers with the next of `answers`. */
function fakeFetch(...answers: { status?: number; body: unknown }[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchFn: SyncFetch = async (url, init) => {
    calls.push({ url, init });
    const answer = answers.shift();
    if (!answer) throw new Error(`unexpected call ${url}`);
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    return new Response(text, { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  };
  return { fetchFn, calls };
}

const apiSong = {
  id: '7',
  title: 'Night Drive',
  genre: 'Electronic',
  genre2: null,
  key: 'A minor',
  musicalKey: 'A minor',
  bpm: 124,
  firstBeat: 0.512,
  difficulty: 5,
  duration: 150.5,
  playCount: 3,
  starred: true,
  hasLyrics: true,
  chordInstruments: ['master'],
  sections: [{ type: 'verse', startTime: 0, endTime: 12 }],
  stems: [{ id: 'drums.mp3', songId: 7, name: 'drums', instrument: 'Drums', filename: 'drums.mp3', filePath: '/api/stems/stream/7/drums.mp3', volume: 1, isMuted: false, durationSeconds: 150.5 }],
  problems: [],
  _deleted: false,
};
const { firstBeat: _firstBeat, ...songWithoutFirstBeat } = apiSong;
const tombstone = { ...songWithoutFirstBeat, id: '8', title: 'Gone', stems: [], _deleted: true };

describe('pull handler', () => {
  it('asks for the page after the checkpoint, within the contract limits', () => {
    expect(pullUrl('songs', undefined, 100)).toBe('/api/sync/songs/pull?limit=100');
    expect(pullUrl('stars', { position: '0000000042' }, 2_000)).toBe('/api/sync/stars/pull?position=0000000042&limit=500');
    expect(pullUrl('presets', { position: 'a b&c' }, 0)).toBe('/api/sync/presets/pull?position=a+b%26c&limit=1');
  });

  it("maps songs to the contract's fields (no per-user `starred`, no stem volumes) and keeps the checkpoint", async () => {
    const { fetchFn, calls } = fakeFetch({ body: { documents: [apiSong, tombstone], checkpoint: { position: '99' } } });
    const page = await createPullHandler('songs', fetchFn)({ position: '12' }, 100);
    expect(calls[0]).toMatchObject({ url: '/api/sync/songs/pull?position=12&limit=100', init: { credentials: 'include' } });
    expect(page.checkpoint).toEqual({ position: '99' });
    expect(page.documents[0]).toEqual({
      id: '7',
      title: 'Night Drive',
      genre: 'Electronic',
      genre2: null,
      key: 'A minor',
      bpm: 124,
      firstBeat: 0.512,
      difficulty: 5,
      duration: 150.5,
      playCount: 3,
      hasLyrics: true,
      chordInstruments: ['master'],
      sections: [{ type: 'verse', startTime: 0, endTime: 12 }],
      stems: [{ id: 'drums.mp3', name: 'drums', instrument: 'Drums', filename: 'drums.mp3', filePath: '/api/stems/stream/7/drums.mp3', durationSeconds: 150.5 }],
      problems: [],
      _deleted: false,
    });
    // A tombstone keeps `_deleted`; a song without a first beat (an API from before it) has none known.
    expect(page.documents[1]).toMatchObject({ id: '8', _deleted: true, firstBeat: null });
  });

  it('keeps the checkpoint it was asked from when the page is empty (null from the start)', async () => {
    const { fetchFn } = fakeFetch({ body: { documents: [], checkpoint: null }, status: 200 }, { body: { documents: [], checkpoint: { position: '5' } } });
    const handler = createPullHandler('stars', fetchFn);
    expect(await handler(undefined, 100)).toEqual({ documents: [], checkpoint: undefined });
    expect(await handler({ position: '5' }, 100)).toEqual({ documents: [], checkpoint: { position: '5' } });
  });

  it("fails with the spec's '{status}: {body}' message, and on documents outside the contract", async () => {
    const { fetchFn } = fakeFetch({ status: 401, body: 'Sign in first' }, { body: { documents: [{ id: '3', starred: 'yes', updatedAt: 1 }], checkpoint: null } });
    const handler = createPullHandler('stars', fetchFn);
    await expect(handler(undefined, 100)).rejects.toEqual(new SyncCallFailed(401, '401: Sign in first'));
    await expect(handler(undefined, 100)).rejects.toThrow();
  });
});

const star = (id: string, starred: boolean, updatedAt: number): StarDocument => ({ id, starred, updatedAt, _deleted: false });

describe('push handler', () => {
  it("sends each row's assumed and new state with the contract's fields only, and returns the conflicts", async () => {
    const { fetchFn, calls } = fakeFetch({ body: [star('2', false, 50)] });
    const heard: RefusedWrite<StarDocument>[][] = [];
    const handler = createPushHandler('stars', fetchFn, (conflicts) => heard.push(conflicts));
    const conflicts = await handler([
      { assumedMasterState: undefined, newDocumentState: { ...star('1', true, 10), _meta: { lwt: 1 }, _rev: '1-a', _attachments: {} } },
      { assumedMasterState: star('2', true, 5), newDocumentState: star('2', false, 11) },
    ]);
    expect(calls[0]?.url).toBe('/api/sync/stars/push');
    expect(calls[0]?.init).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual([
      { assumedMasterState: null, newDocumentState: star('1', true, 10) },
      { assumedMasterState: star('2', true, 5), newDocumentState: star('2', false, 11) },
    ]);
    expect(conflicts).toEqual([star('2', false, 50)]);
    // Another device unstarred song 2 after this one last pulled it: a conflict, not a refusal.
    expect(heard).toEqual([[{ attempted: star('2', false, 11), master: star('2', false, 50), refused: false }]]);
  });

  it('does not call the listener when nothing conflicted, and throws on a failed call so RxDB retries', async () => {
    const { fetchFn } = fakeFetch({ body: [] }, { status: 503, body: '' });
    const heard: unknown[] = [];
    const handler = createPushHandler('stars', fetchFn, (conflicts) => heard.push(conflicts));
    expect(await handler([{ newDocumentState: star('1', true, 1) }])).toEqual([]);
    await expect(handler([{ newDocumentState: star('1', true, 1) }])).rejects.toThrow(/^503: /);
    expect(heard).toEqual([]);
  });
});

describe('telling refused writes from conflicts', () => {
  const preset = (updatedAt: number, deleted = false, level = 0.5, tempo = 1, transpose = 0): PresetDocument => ({
    id: '4',
    volumes: { 'bass.wav': level },
    mutes: { 'bass.wav': false },
    tempo,
    transpose,
    updatedAt,
    _deleted: deleted,
  });

  it('calls a conflict refused when the API holds the content this device assumed, whatever its updatedAt', () => {
    const attempted = preset(20, false, 0.9);
    // The API stamps its own time on a change, so a device that has not pulled since its own push
    // assumes the right settings with another updatedAt.
    const master: PresetDocument = { _deleted: false, updatedAt: 1_700_000, transpose: 0, tempo: 1, mutes: { 'bass.wav': false }, volumes: { 'bass.wav': 0.5 }, id: '4' };
    expect(classifyConflicts('presets', [{ assumedMasterState: preset(10), newDocumentState: attempted }], [master])).toEqual([{ attempted, master, refused: true }]);
    expect(classifyConflicts('presets', [{ assumedMasterState: preset(10), newDocumentState: attempted }], [preset(15, false, 0.7)])[0]?.refused).toBe(false);
  });

  it('compares presets on tempo and transpose too: another device’s tempo is a conflict, not a refusal', () => {
    const attempted = preset(20, false, 0.9, 0.8);
    expect(classifyConflicts('presets', [{ assumedMasterState: preset(10), newDocumentState: attempted }], [preset(15, false, 0.5, 0.7)])[0]?.refused).toBe(false);
    expect(classifyConflicts('presets', [{ assumedMasterState: preset(10), newDocumentState: attempted }], [preset(15, false, 0.5, 1, 3)])[0]?.refused).toBe(false);
    expect(classifyConflicts('presets', [{ assumedMasterState: preset(10, false, 0.5, 0.7, 3), newDocumentState: attempted }], [preset(15, false, 0.5, 0.7, 3)])[0]?.refused).toBe(true);
  });

  it('calls a first preset refused when the API answers with its tombstone (none saved)', () => {
    expect(classifyConflicts('presets', [{ assumedMasterState: null, newDocumentState: preset(20) }], [{ ...preset(0, true), volumes: {}, mutes: {} }])[0]?.refused).toBe(true);
    expect(classifyConflicts('presets', [{ assumedMasterState: null, newDocumentState: preset(20) }], [preset(9)])[0]?.refused).toBe(false);
  });

  it('compares stars on starred alone (a never-starred song is not starred)', () => {
    expect(classifyConflicts('stars', [{ assumedMasterState: null, newDocumentState: star('1', true, 9) }], [star('1', false, 0)])[0]?.refused).toBe(true);
    expect(classifyConflicts('stars', [{ assumedMasterState: star('1', false, 3), newDocumentState: star('1', true, 9) }], [star('1', true, 7)])[0]?.refused).toBe(false);
  });

  it('ignores a conflict for a document that was not pushed', () => {
    expect(classifyConflicts('stars', [{ assumedMasterState: null, newDocumentState: star('1', true, 1) }], [star('9', true, 1)])).toEqual([]);
  });
});
