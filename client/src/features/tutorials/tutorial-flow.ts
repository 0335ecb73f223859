import type { TutorialName } from '../../../../events/catalog';

export type { TutorialName };

export const followUpTutorials = ['listen', 'karaoke', 'drums', 'bass', 'guitar', 'keyboard'] as const;
export type FollowUpTutorial = (typeof followUpTutorials)[number];

export const CHOICE_DELAY_MS = 1000;
export const FOLLOW_UP_DELAY_MS = 500;

/** Which tutorials the user dismissed for good (the current-user call's tutorial*Dismissed flags). */
export type DismissedTutorials = Readonly<Record<TutorialName, boolean>>;

export interface TutorialFlowState {
  open: TutorialName | null;
  /** The follow-up picked in the choice dialog, waiting its 500 ms. */
  pending: FollowUpTutorial | null;
  /** Not to open again this session: the choice once shown (spec 000, 4), the welcome once closed (its dismissed flag reaches the cache only a moment later). */
  seen: readonly TutorialName[];
  failed: TutorialName | null;
}

export type TutorialEvent =
  /** The library is on screen (the welcome's place, /library and /). */
  | { type: 'libraryShown' }
  /** The library left the screen: an open welcome goes with it (it is not closed, so it returns). */
  | { type: 'libraryLeft' }
  | { type: 'choiceDue' }
  /** An option of the choice dialog was picked; `neverAgain` is its checkbox. */
  | { type: 'optionPicked'; option: FollowUpTutorial; neverAgain: boolean }
  | { type: 'followUpDue' }
  | { type: 'closed'; neverAgain: boolean }
  /** A dismissal could not be saved and was rolled back: the tutorial may show again. */
  | { type: 'dismissalFailed'; tutorial: TutorialName };

/** The next state, and the tutorials to dismiss for good on the server (PATCH, optimistic). */
export interface TutorialDecision {
  state: TutorialFlowState;
  dismiss: TutorialName[];
}

export const initialTutorialFlow: TutorialFlowState = { open: null, pending: null, seen: [], failed: null };

export function decideTutorial(state: TutorialFlowState, event: TutorialEvent, dismissed: DismissedTutorials): TutorialDecision {
  const stay = { state, dismiss: [] };
  const canOpen = (tutorial: TutorialName) => state.open === null && !dismissed[tutorial] && !state.seen.includes(tutorial);
  switch (event.type) {
    case 'libraryShown':
      return canOpen('welcome') ? { state: { ...state, open: 'welcome' }, dismiss: [] } : stay;
    case 'libraryLeft':
      return state.open === 'welcome' ? { state: { ...state, open: null }, dismiss: [] } : stay;
    case 'choiceDue':
      return canOpen('choice') ? { state: { ...state, open: 'choice', seen: withSeen(state.seen, 'choice') }, dismiss: [] } : stay;
    case 'optionPicked':
      if (state.open !== 'choice') return stay;
      return {
        state: { ...state, open: null, pending: dismissed[event.option] ? null : event.option },
        dismiss: event.neverAgain ? ['choice'] : [],
      };
    case 'followUpDue':
      if (state.pending === null) return stay;
      return {
        state: { ...state, open: state.open === null && !dismissed[state.pending] ? state.pending : state.open, pending: null },
        dismiss: [],
      };
    case 'closed': {
      const closing = state.open;
      if (closing === null) return stay;
      // A closed welcome stays away for the session (until a failed dismissal brings it back).
      const seen = closing === 'welcome' ? withSeen(state.seen, 'welcome') : state.seen;
      // The choice's X counts as dismissed forever.
      const dismiss: TutorialName[] = closing === 'choice' || event.neverAgain ? [closing] : [];
      return { state: { ...state, open: null, seen, failed: null }, dismiss };
    }
    case 'dismissalFailed':
      // The flag is false again: the welcome returns to say so; the choice waits for the next session.
      return {
        state: { ...state, failed: event.tutorial, seen: event.tutorial === 'welcome' ? state.seen.filter((name) => name !== 'welcome') : state.seen },
        dismiss: [],
      };
    default: {
      const unknown: never = event;
      throw new Error(`Unknown tutorial event ${JSON.stringify(unknown)}`);
    }
  }
}

function withSeen(seen: readonly TutorialName[], tutorial: TutorialName): TutorialName[] {
  return seen.includes(tutorial) ? [...seen] : [...seen, tutorial];
}
