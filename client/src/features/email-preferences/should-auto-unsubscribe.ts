import type { EmailPreferences } from '../../../../contract/account';

/**
 * Spec 001, section 4: an address carrying a userId parameter (the unsubscribe link of an
 * announcement) unsubscribes a subscribed user automatically, once per visit to the screen.
 */
export function shouldAutoUnsubscribe(input: {
  userIdParam: string | null;
  preferences: EmailPreferences | undefined;
  alreadyTried: boolean;
}): boolean {
  if (input.alreadyTried || input.userIdParam === null || input.userIdParam === '') return false;
  return input.preferences?.unsubscribedAnnouncements === false;
}
