import type { DecidedEvent, StoredEvent } from '../../../events/catalog';

/** Whether the user currently refuses announcements, folded from `user-<id>`: nobody is at first. */
export const initiallyUnsubscribed = false;

export function evolveUnsubscribed(unsubscribed: boolean, event: StoredEvent): boolean {
  if (event.type === 'AnnouncementsUnsubscribed') return true;
  if (event.type === 'AnnouncementsResubscribed') return false;
  return unsubscribed;
}

export type AnnouncementsEvent = DecidedEvent<'AnnouncementsUnsubscribed' | 'AnnouncementsResubscribed'>;

/** Unsubscribe or resubscribe; asking for the current state again changes nothing. */
export function decideAnnouncements(unsubscribed: boolean, command: { userId: number; unsubscribe: boolean }): AnnouncementsEvent[] {
  if (unsubscribed === command.unsubscribe) return [];
  return [{ type: command.unsubscribe ? 'AnnouncementsUnsubscribed' : 'AnnouncementsResubscribed', data: { userId: command.userId } }];
}
