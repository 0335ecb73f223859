import type { TutorialName } from './tutorial-flow';

const key = (userId: number) => `woodshed:tutorials-seen:${userId}`;
// The welcome is not a tab's: it is closed once per sign-in, for every tab (welcome-slice.ts).
const names = new Set<string>(['choice', 'listen', 'karaoke', 'drums', 'bass', 'guitar', 'keyboard']);

/** The tutorials shown in this browser session per user (the choice opens once a session), in sessionStorage; a blocked storage remembers nothing. */
export function readSeenTutorials(userId: number): TutorialName[] {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(key(userId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((name): name is TutorialName => typeof name === 'string' && names.has(name)) : [];
  } catch {
    return [];
  }
}

export function writeSeenTutorials(userId: number, seen: readonly TutorialName[]): void {
  try {
    window.sessionStorage.setItem(key(userId), JSON.stringify(seen.filter((name) => names.has(name))));
  } catch {
    // Then the session memory lasts as long as the page.
  }
}
