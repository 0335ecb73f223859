import { describe, expect, it } from 'vitest';
import { auditActor, auditEventSummary, creditCount } from './audit-event-summary';
import { eventTypeLabel, isAuditEventType } from './audit-event-types';

describe('audit event summaries', () => {
  it('says how much of which stem a stream sent', () => {
    expect(auditEventSummary({ type: 'StemStreamed', data: { userId: 4, songId: 3, filename: 'drums.mp3', bytesSent: 1536, range: null, aborted: false } })).toBe(
      '1.50 KB of drums.mp3 (song 3)',
    );
    expect(auditEventSummary({ type: 'StemStreamed', data: { userId: 4, songId: 3, filename: 'bass.mp3', bytesSent: 0, range: null, aborted: true } })).toBe(
      '0.00 B of bass.mp3 (song 3), aborted',
    );
  });

  it('names songs by their titles when the page carries them, by id when the song is unknown', () => {
    const titles = { '3': 'Tighten Up', '9': 'Superstition' };
    expect(auditEventSummary({ type: 'StemStreamed', data: { userId: 4, songId: 3, filename: 'drums.mp3', bytesSent: 1536, range: null, aborted: false } }, titles)).toBe(
      '1.50 KB of drums.mp3 (“Tighten Up”)',
    );
    expect(auditEventSummary({ type: 'SongPlayed', data: { userId: 4, songId: 9 } }, titles)).toBe('“Superstition”');
    expect(auditEventSummary({ type: 'SongStarred', data: { userId: 4, songId: 12 } }, titles)).toBe('Song 12');
  });

  it('shows adjustments signed, with their reason', () => {
    expect(auditEventSummary({ type: 'CreditsAdjusted', data: { userId: 4, credits: 50, reason: 'Metering bug on 3 May' } })).toBe('+50 credits: Metering bug on 3 May');
    expect(auditEventSummary({ type: 'CreditsAdjusted', data: { userId: 4, credits: -1, reason: 'Duplicate grant' } })).toBe('-1 credit: Duplicate grant');
  });

  it('shows purchases and refunds with their amounts', () => {
    expect(auditEventSummary({ type: 'CreditsPurchased', data: { userId: 4, credits: 100, amountCents: 500, currency: 'usd', paymentReference: 'x' } })).toBe(
      '100 credits for $5.00',
    );
    expect(auditEventSummary({ type: 'CreditsRefunded', data: { userId: 4, credits: 100, amountCents: 500, currency: 'eur' } })).toBe('100 credits refunded (5.00 EUR)');
  });

  it('words subscriptions and sign-ins', () => {
    expect(auditEventSummary({ type: 'SubscriptionStarted', data: { plan: 'yearly', currentPeriodEnd: '2026-01-31T00:00:00Z' } })).toBe('Yearly plan, paid until Jan 31, 2026');
    expect(auditEventSummary({ type: 'SubscriptionCancellationRequested', data: { endsAt: '2026-02-01T00:00:00Z' } })).toBe('Access until Feb 01, 2026');
    expect(auditEventSummary({ type: 'SubscriptionEnded', data: { reason: 'payment_failed', endedAt: '2026-02-01T00:00:00Z' } })).toBe('Ended: payment failed');
    expect(auditEventSummary({ type: 'UserSignedIn', data: { userId: 4, method: 'code' } })).toBe('With the e-mailed code');
    expect(auditEventSummary({ type: 'SongPlayed', data: { userId: 4, songId: 9 } })).toBe('Song 9');
  });

  it('lists the fields of other events, without the user id', () => {
    expect(auditEventSummary({ type: 'SongGenreEdited', data: { userId: 4, songId: 2, genre: 'Funk', genre2: null } })).toBe('songId: 2, genre: Funk, genre2: null');
    expect(auditEventSummary({ type: 'UserRegistered', data: { userId: 4 } })).toBe('-');
    expect(auditEventSummary({ type: 'SongPresetSaved', data: { preset: { volume: 1 } } })).toBe('preset: {"volume":1}');
  });

  it('names the actor from the audited user’s point of view', () => {
    expect(auditActor(null, 4)).toBe('System');
    expect(auditActor(4, 4)).toBe('User');
    expect(auditActor(1, 4)).toBe('Admin #1');
  });

  it('counts credits in the singular for one', () => {
    expect(creditCount(1)).toBe('1 credit');
    expect(creditCount(2, true)).toBe('+2 credits');
    expect(creditCount(-1, true)).toBe('-1 credit');
  });
});

describe('audit event types', () => {
  it('labels types in words', () => {
    expect(eventTypeLabel('StemStreamed')).toBe('Stem streamed');
    expect(eventTypeLabel('SubscriptionCancellationRequested')).toBe('Subscription cancellation requested');
    expect(eventTypeLabel('SongBpmDetected')).toBe('Song bpm detected');
  });

  it('knows the filterable types', () => {
    expect(isAuditEventType('CreditsAdjusted')).toBe(true);
    expect(isAuditEventType('CampaignCreated')).toBe(false);
    expect(isAuditEventType(null)).toBe(false);
  });
});
