import type { EmailPreferences } from '../../../../contract/account';

/** Spec 001, 4: an announcement's unsubscribe link (a userId parameter) unsubscribes a subscribed user, once per visit. */
export function shouldAutoUnsubscribe(input: {
  userIdParam: string | null;
  preferences: EmailPreferences | undefined;
  alreadyTried: boolean;
}): boolean {
  if (input.alreadyTried || input.userIdParam === null || input.userIdParam === '') return false;
  return input.preferences?.unsubscribedAnnouncements === false;
}
