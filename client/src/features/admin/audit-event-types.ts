/** The audit filter's event types, grouped; the server (projections/user-event-history) refuses any other type. */
export const auditEventGroups = [
  { label: 'Account', types: ['UserRegistered', 'UserSignedIn', 'UserSignedOut', 'TutorialDismissed', 'UserPreferencesChanged', 'AnnouncementsUnsubscribed', 'AnnouncementsResubscribed'] },
  { label: 'Library', types: ['SongPlayed', 'SongStarred', 'SongUnstarred', 'SongMetadataEdited', 'SongGenreEdited', 'SongDetailsEditedForUser', 'SongBpmDetected', 'SongPresetSaved', 'SongPresetReset'] },
  { label: 'Streaming and credits', types: ['StemStreamed', 'CreditsPurchased', 'CreditsRefunded', 'CreditsAdjusted'] },
  {
    label: 'Subscription',
    types: ['SubscriptionStarted', 'SubscriptionRenewed', 'SubscriptionCancellationRequested', 'SubscriptionCancellationWithdrawn', 'SubscriptionPastDue', 'SubscriptionEnded'],
  },
] as const;

export type AuditEventType = (typeof auditEventGroups)[number]['types'][number];

const knownTypes = new Set<string>(auditEventGroups.flatMap((group) => group.types));

export function isAuditEventType(value: string | null | undefined): value is AuditEventType {
  return typeof value === 'string' && knownTypes.has(value);
}

/** An event type as words: 'SubscriptionCancellationRequested' -> 'Subscription cancellation requested'. */
export function eventTypeLabel(type: string): string {
  const words = type.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2').split(' ');
  return words.map((word, index) => (index === 0 ? word : /^[A-Z]{2,}$/.test(word) ? word : word.toLowerCase())).join(' ');
}
