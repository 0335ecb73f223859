import { describe, expect, it } from 'vitest';
import { shouldAutoUnsubscribe } from './should-auto-unsubscribe';

const subscribed = { unsubscribedAnnouncements: false };
const unsubscribed = { unsubscribedAnnouncements: true };

describe('shouldAutoUnsubscribe', () => {
  it('unsubscribes a subscribed user who arrives with a userId', () => {
    expect(shouldAutoUnsubscribe({ userIdParam: '7', preferences: subscribed, alreadyTried: false })).toBe(true);
  });

  it('does it only once', () => {
    expect(shouldAutoUnsubscribe({ userIdParam: '7', preferences: subscribed, alreadyTried: true })).toBe(false);
  });

  it('leaves alone a user who is already unsubscribed, or whose preferences are not loaded yet', () => {
    expect(shouldAutoUnsubscribe({ userIdParam: '7', preferences: unsubscribed, alreadyTried: false })).toBe(false);
    expect(shouldAutoUnsubscribe({ userIdParam: '7', preferences: undefined, alreadyTried: false })).toBe(false);
  });

  it('does nothing without a userId parameter', () => {
    expect(shouldAutoUnsubscribe({ userIdParam: null, preferences: subscribed, alreadyTried: false })).toBe(false);
    expect(shouldAutoUnsubscribe({ userIdParam: '', preferences: subscribed, alreadyTried: false })).toBe(false);
  });
});
