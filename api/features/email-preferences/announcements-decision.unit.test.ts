import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../../events/catalog';
import { decideAnnouncements, foldUnsubscribed } from './announcements-decision';

const event = (type: StoredEvent['type']) => ({ type, data: { userId: 3 } }) as StoredEvent;

describe('announcements', () => {
  it('follows the last change', () => {
    expect(foldUnsubscribed([])).toBe(false);
    expect(foldUnsubscribed([event('AnnouncementsUnsubscribed')])).toBe(true);
    expect(foldUnsubscribed([event('AnnouncementsUnsubscribed'), event('UserSignedIn'), event('AnnouncementsResubscribed')])).toBe(false);
  });

  it('changes only what differs', () => {
    expect(decideAnnouncements(false, { userId: 3, unsubscribe: true })).toEqual([{ type: 'AnnouncementsUnsubscribed', data: { userId: 3 } }]);
    expect(decideAnnouncements(true, { userId: 3, unsubscribe: true })).toEqual([]);
    expect(decideAnnouncements(true, { userId: 3, unsubscribe: false })).toEqual([{ type: 'AnnouncementsResubscribed', data: { userId: 3 } }]);
    expect(decideAnnouncements(false, { userId: 3, unsubscribe: false })).toEqual([]);
  });
});
