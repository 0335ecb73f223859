import { describe, it } from 'vitest';
import { decisionSpec } from '../../../events/catalog/testing/decision-spec';
import { decideAnnouncements, evolveUnsubscribed, initiallyUnsubscribed } from './announcements-decision';

const announcements = decisionSpec(decideAnnouncements, evolveUnsubscribed, initiallyUnsubscribed);
const unsubscribed = { type: 'AnnouncementsUnsubscribed', data: { userId: 3 } } as const;
const resubscribed = { type: 'AnnouncementsResubscribed', data: { userId: 3 } } as const;
const signedIn = { type: 'UserSignedIn', data: { userId: 3, method: 'code' } } as const;

describe('announcements', () => {
  it('unsubscribes a subscribed user once', () => {
    announcements.given([]).when({ userId: 3, unsubscribe: true }).then([unsubscribed]);
    announcements.given([unsubscribed]).when({ userId: 3, unsubscribe: true }).then([]);
  });

  it('follows the last change, whatever else the stream holds', () => {
    announcements.given([unsubscribed, signedIn]).when({ userId: 3, unsubscribe: false }).then([resubscribed]);
    announcements.given([unsubscribed, signedIn, resubscribed]).when({ userId: 3, unsubscribe: false }).then([]);
    announcements.given([unsubscribed, resubscribed]).when({ userId: 3, unsubscribe: true }).then([unsubscribed]);
  });
});
