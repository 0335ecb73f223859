import type { StoredEvent } from '../../../events/catalog';

/** Whether the user currently refuses announcements, folded from `user-<id>`. */
export function foldUnsubscribed(events: readonly StoredEvent[]): boolean {
  let unsubscribed = false;
  for (const event of events) {
    if (event.type === 'AnnouncementsUnsubscribed') unsubscribed = true;
    else if (event.type === 'AnnouncementsResubscribed') unsubscribed = false;
  }
  return unsubscribed;
}

export type AnnouncementsEvent = { type: 'AnnouncementsUnsubscribed' | 'AnnouncementsResubscribed'; data: { userId: number } };

/** Unsubscribe or resubscribe; asking for the current state again changes nothing. */
export function decideAnnouncements(unsubscribed: boolean, command: { userId: number; unsubscribe: boolean }): AnnouncementsEvent[] {
  if (unsubscribed === command.unsubscribe) return [];
  return [{ type: command.unsubscribe ? 'AnnouncementsUnsubscribed' : 'AnnouncementsResubscribed', data: { userId: command.userId } }];
}
