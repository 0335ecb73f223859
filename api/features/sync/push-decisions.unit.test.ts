import { describe, expect, it } from 'vitest';
import type { PresetData } from '../../../events/catalog';
import { decisionSpec } from '../../../events/catalog/testing/decision-spec';
import { storedEvents } from '../../../events/catalog/testing/stored-events';
import { evolvePresetState, initialPresetState } from '../../library/preset-state';
import { decidePresetPush } from './preset-push';
import { PushConflict } from './push-conflict';
import { conflictOf } from './testing/conflict-of';
import { decideStarPush, evolveStarDocumentsState, initialStarDocumentsState } from './star-push';

const starred = { type: 'SongStarred', data: { userId: 7, songId: 1 } } as const;
// The test log's first event happens at 09:01 (stored-events.ts).
const starredAt = Date.parse('2025-10-16T09:01:00.000Z');
const doc = (isStarred: boolean, updatedAt = 1) => ({ id: '1', starred: isStarred, updatedAt, _deleted: false });

describe('star push decisions', () => {
  const push = decisionSpec(decideStarPush, evolveStarDocumentsState, initialStarDocumentsState);
  const base = { userId: 7, songId: 1, songOnDisk: true };

  it('applies a row whose assumed state is the server’s, through the star decision', () => {
    push.given([]).when({ ...base, assumedMasterState: null, newDocumentState: doc(true) }).then([starred]);
    push.given([starred]).when({ ...base, assumedMasterState: doc(true, starredAt), newDocumentState: doc(false) }).then([
      { type: 'SongUnstarred', data: { userId: 7, songId: 1 } },
    ]);
    // Already so: nothing to append.
    push.given([starred]).when({ ...base, assumedMasterState: doc(true), newDocumentState: doc(true, 99) }).then([]);
  });

  it('compares on content, not on updatedAt: a device that pushed and has not pulled yet is not in conflict', () => {
    push.given([starred]).when({ ...base, assumedMasterState: doc(true, 12345), newDocumentState: doc(false) }).then([
      { type: 'SongUnstarred', data: { userId: 7, songId: 1 } },
    ]);
  });

  it('two devices from the same master: the first wins, the second gets the master back', () => {
    // Device A pushed starred first (now in the stream); device B, from the same unstarred master, pushes unstarred -> starred too late.
    const afterA = storedEvents([starred]).reduce(evolveStarDocumentsState, initialStarDocumentsState);
    const master = conflictOf(() =>
      decideStarPush(afterA, { ...base, assumedMasterState: doc(false), newDocumentState: { ...doc(false), updatedAt: 5 } }),
    );
    expect(master).toEqual({ id: '1', starred: true, updatedAt: starredAt, _deleted: false });
    push.given([starred]).when({ ...base, assumedMasterState: null, newDocumentState: doc(false) }).thenThrows(PushConflict);
  });

  it('a song no longer on disk cannot change: the master comes back', () => {
    expect(conflictOf(() => decideStarPush(initialStarDocumentsState, { ...base, songOnDisk: false, assumedMasterState: null, newDocumentState: doc(true) }))).toEqual({
      id: '1',
      starred: false,
      updatedAt: 0,
      _deleted: false,
    });
  });
});

describe('preset push decisions', () => {
  const push = decisionSpec(decidePresetPush, evolvePresetState, initialPresetState);
  const quiet = { volumes: { 'drums.wav': 0.5 }, mutes: { 'vocals.wav': true }, tempo: 0.8, transpose: -1 };
  const saved = { type: 'SongPresetSaved', data: { userId: 7, songId: 1, presetData: quiet } } as const;
  const savedAt = Date.parse('2025-10-16T09:01:00.000Z');
  const preset = (data: PresetData | null, updatedAt = 1) => ({
    id: '1',
    volumes: data?.volumes ?? {},
    mutes: data?.mutes ?? {},
    tempo: data?.tempo ?? 1,
    transpose: data?.transpose ?? 0,
    updatedAt,
    _deleted: data === null,
  });
  /** A document as a client from before tempo and transpose pushes it. */
  const olderClients = ({ tempo: _tempo, transpose: _transpose, ...rest }: ReturnType<typeof preset>) => rest;
  const base = { userId: 7, songId: 1, hasActiveSubscription: true, songStemIds: ['drums.wav', 'vocals.wav'] };

  it('saves and resets through the preset decisions when the assumed state is the server’s', () => {
    push.given([]).when({ ...base, assumedMasterState: null, newDocumentState: preset(quiet) }).then([saved]);
    push.given([saved]).when({ ...base, assumedMasterState: preset(quiet, 777), newDocumentState: preset(null) }).then([
      { type: 'SongPresetReset', data: { userId: 7, songId: 1 } },
    ]);
    // A tombstone assumed for "never saved" is the same as null.
    push.given([]).when({ ...base, assumedMasterState: preset(null, 0), newDocumentState: preset(null) }).then([]);
  });

  it('the second of two devices from the same master gets the master back', () => {
    const afterA = storedEvents([saved]).reduce(evolvePresetState, initialPresetState);
    const louder = { volumes: { 'drums.wav': 1 }, mutes: {}, tempo: 1, transpose: 0 };
    expect(conflictOf(() => decidePresetPush(afterA, { ...base, assumedMasterState: null, newDocumentState: preset(louder) }))).toEqual({
      id: '1',
      ...quiet,
      updatedAt: savedAt,
      _deleted: false,
    });
  });

  it('a free user, a song off disk, or stems that are not the song’s: nothing changes, the master comes back', () => {
    push.given([]).when({ ...base, hasActiveSubscription: false, assumedMasterState: null, newDocumentState: preset(quiet) }).thenThrows(PushConflict);
    push.given([saved]).when({ ...base, hasActiveSubscription: false, assumedMasterState: preset(quiet), newDocumentState: preset(null) }).thenThrows(PushConflict);
    push.given([]).when({ ...base, songStemIds: null, assumedMasterState: null, newDocumentState: preset(quiet) }).thenThrows(PushConflict);
    push.given([]).when({ ...base, songStemIds: ['drums.wav'], assumedMasterState: null, newDocumentState: preset(quiet) }).thenThrows(PushConflict);
    expect(conflictOf(() => decidePresetPush(initialPresetState, { ...base, hasActiveSubscription: false, assumedMasterState: null, newDocumentState: preset(quiet) }))).toEqual({
      id: '1',
      volumes: {},
      mutes: {},
      tempo: 1,
      transpose: 0,
      updatedAt: 0,
      _deleted: true,
    });
  });

  it('tempo and transpose are compared and saved; a document without them (an older client) keeps the server’s', () => {
    const faster = { ...quiet, tempo: 1.25 };
    push.given([saved]).when({ ...base, assumedMasterState: preset(quiet), newDocumentState: preset(faster) }).then([
      { type: 'SongPresetSaved', data: { userId: 7, songId: 1, presetData: faster } },
    ]);
    // A master assumed at another tempo is a conflict.
    push.given([saved]).when({ ...base, assumedMasterState: preset({ ...quiet, tempo: 1 }), newDocumentState: preset(faster) }).thenThrows(PushConflict);
    const louder = { ...quiet, volumes: { 'drums.wav': 0.9 } };
    push.given([saved]).when({ ...base, assumedMasterState: olderClients(preset(quiet)), newDocumentState: olderClients(preset(louder)) }).then([
      { type: 'SongPresetSaved', data: { userId: 7, songId: 1, presetData: louder } },
    ]);
    // An older client's first preset of a song is at 1x and 0.
    push.given([]).when({ ...base, assumedMasterState: null, newDocumentState: olderClients(preset(quiet)) }).then([
      { type: 'SongPresetSaved', data: { userId: 7, songId: 1, presetData: { ...quiet, tempo: 1, transpose: 0 } } },
    ]);
  });
});
