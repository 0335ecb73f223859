import { describe, expect, it } from 'vitest';
import { decisionSpec } from '../../../events/catalog/testing/decision-spec';
import { storedEvents } from '../../../events/catalog/testing/stored-events';
import type { TakeDocument } from '../../../contract/sync-documents';
import { conflictOf } from './testing/conflict-of';
import { decideTakePush, evolveTakeDocumentsState, initialTakeDocumentsState } from './take-push';

const takeId = '00000000-0000-4000-8000-0000000000c1';
/** What the document and the event both say of the take. */
const take = {
  name: 'Take 1',
  localDate: '2025-10-16',
  durationSeconds: 90,
  startSeconds: 12.5,
  tempo: 0.85,
  transpose: 1,
  scope: 'section',
  range: { startSeconds: 12.5, endSeconds: 102.5 },
  latencySeconds: 0.02,
} as const;
const doc = (fields: Partial<TakeDocument> = {}): TakeDocument => ({
  id: takeId,
  songId: '3',
  recordedAt: Date.parse('2025-10-16T08:00:00.000Z'),
  ...take,
  updatedAt: 1,
  _deleted: false,
  ...fields,
});
const recorded = { type: 'TakeRecorded', data: { userId: 7, takeId, songId: 3, recordedAt: '2025-10-16T08:00:00.000Z', ...take } } as const;
const renamed = { type: 'TakeRenamed', data: { userId: 7, takeId, name: 'Keeper' } } as const;
const deleted = { type: 'TakeDeleted', data: { userId: 7, takeId } } as const;

describe('take push decisions', () => {
  const push = decisionSpec(decideTakePush, evolveTakeDocumentsState, initialTakeDocumentsState);
  const base = { userId: 7, songKnown: true, ownedByOther: false };

  it('records a new take, renames and deletes a known one; what is already so appends nothing', () => {
    push.given([]).when({ ...base, assumedMasterState: null, newDocumentState: doc() }).then([recorded]);
    push.given([recorded]).when({ ...base, assumedMasterState: doc(), newDocumentState: doc({ name: 'Keeper' }) }).then([renamed]);
    push.given([recorded]).when({ ...base, assumedMasterState: doc({ updatedAt: 777 }), newDocumentState: doc({ _deleted: true }) }).then([deleted]);
    push.given([recorded]).when({ ...base, assumedMasterState: doc(), newDocumentState: doc({ updatedAt: 99 }) }).then([]);
    // Recorded and deleted on the device before it ever pushed: nothing to record.
    push.given([]).when({ ...base, assumedMasterState: null, newDocumentState: doc({ _deleted: true }) }).then([]);
    push.given([recorded, deleted]).when({ ...base, assumedMasterState: doc({ _deleted: true }), newDocumentState: doc({ _deleted: true }) }).then([]);
  });

  it('refuses what was recorded changing, a deleted take coming back, a stale assumed state, an unknown song and another user’s take', () => {
    const [storedRecorded, storedRenamed, storedDeleted] = storedEvents([recorded, renamed, deleted]);
    const afterRename = [storedRecorded!, storedRenamed!].reduce(evolveTakeDocumentsState, initialTakeDocumentsState);
    const master = afterRename.get(takeId)!;
    expect(master).toEqual(doc({ name: 'Keeper', updatedAt: Date.parse(storedRenamed!.metadata.occurredAt) }));
    expect(conflictOf(() => decideTakePush(afterRename, { ...base, assumedMasterState: master, newDocumentState: { ...master, tempo: 1 } }))).toEqual(master);
    expect(conflictOf(() => decideTakePush(afterRename, { ...base, assumedMasterState: doc(), newDocumentState: doc({ name: 'Other' }) }))).toEqual(master);
    expect(conflictOf(() => decideTakePush(afterRename, { ...base, assumedMasterState: null, newDocumentState: doc() }))).toEqual(master);

    const afterDelete = [storedRecorded!, storedRenamed!, storedDeleted!].reduce(evolveTakeDocumentsState, initialTakeDocumentsState);
    expect(conflictOf(() => decideTakePush(afterDelete, { ...base, assumedMasterState: null, newDocumentState: doc() }))).toMatchObject({ id: takeId, _deleted: true, name: 'Keeper' });

    expect(conflictOf(() => decideTakePush(initialTakeDocumentsState, { ...base, songKnown: false, assumedMasterState: null, newDocumentState: doc() }))).toEqual(
      doc({ updatedAt: 0, _deleted: true }),
    );
    expect(conflictOf(() => decideTakePush(initialTakeDocumentsState, { ...base, ownedByOther: true, assumedMasterState: null, newDocumentState: doc() }))).toEqual(
      doc({ updatedAt: 0, _deleted: true }),
    );
  });
});
