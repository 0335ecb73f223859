import { describe, expect, it } from 'vitest';
import { decideTutorial, initialTutorialFlow } from './tutorial-flow';
import type { DismissedTutorials, TutorialEvent, TutorialFlowState, TutorialName } from './tutorial-flow';

const none: DismissedTutorials = { welcome: false, choice: false, listen: false, karaoke: false, drums: false, bass: false, guitar: false, keyboard: false };
const dismissedOnly = (...names: TutorialName[]): DismissedTutorials => ({ ...none, ...Object.fromEntries(names.map((name) => [name, true])) });

/** Runs events from the initial state, collecting what is dismissed on the way. */
function run(events: TutorialEvent[], dismissed: DismissedTutorials = none, from: TutorialFlowState = initialTutorialFlow) {
  let state = from;
  const dismiss: TutorialName[] = [];
  for (const event of events) {
    const decision = decideTutorial(state, event, dismissed);
    state = decision.state;
    dismiss.push(...decision.dismiss);
  }
  return { state, dismiss };
}

describe('the welcome tutorial', () => {
  it('opens on the library while not dismissed', () => {
    expect(run([{ type: 'libraryShown' }]).state.open).toBe('welcome');
    expect(run([{ type: 'libraryShown' }], dismissedOnly('welcome')).state.open).toBeNull();
  });

  it('closed without "Never show this again", stays away for the session and is not dismissed', () => {
    const { state, dismiss } = run([{ type: 'libraryShown' }, { type: 'closed', neverAgain: false }, { type: 'libraryShown' }]);
    expect(state.open).toBeNull();
    expect(state.seen).toEqual(['welcome']);
    expect(dismiss).toEqual([]);
  });

  it('closed with "Never show this again", is dismissed for good and does not return meanwhile', () => {
    const { state, dismiss } = run([{ type: 'libraryShown' }, { type: 'closed', neverAgain: true }, { type: 'libraryShown' }]);
    expect(dismiss).toEqual(['welcome']);
    expect(state.open).toBeNull();
  });

  it('goes with the library when it leaves the screen, and returns with it', () => {
    const left = run([{ type: 'libraryShown' }, { type: 'libraryLeft' }]);
    expect(left.state.open).toBeNull();
    expect(run([{ type: 'choiceDue' }], none, left.state).state.open).toBe('choice');
    expect(run([{ type: 'libraryShown' }], none, left.state).state.open).toBe('welcome');
    expect(run([{ type: 'choiceDue' }, { type: 'libraryLeft' }]).state.open).toBe('choice');
  });

  it('comes back, saying so, when its dismissal could not be saved (the flag was rolled back)', () => {
    const closed = run([{ type: 'libraryShown' }, { type: 'closed', neverAgain: true }]);
    const { state } = run([{ type: 'dismissalFailed', tutorial: 'welcome' }, { type: 'libraryShown' }], none, closed.state);
    expect(state.open).toBe('welcome');
    expect(state.failed).toBe('welcome');
    expect(run([{ type: 'closed', neverAgain: false }], none, state).state.failed).toBeNull();
  });

  it('a failed dismissal of the choice does not bring it back this session', () => {
    const closed = run([{ type: 'choiceDue' }, { type: 'closed', neverAgain: false }]);
    const { state } = run([{ type: 'dismissalFailed', tutorial: 'choice' }, { type: 'choiceDue' }], none, closed.state);
    expect(state.open).toBeNull();
  });
});

describe('the choice tutorial', () => {
  it('opens when due unless dismissed, and only once a session', () => {
    expect(run([{ type: 'choiceDue' }]).state.open).toBe('choice');
    expect(run([{ type: 'choiceDue' }], dismissedOnly('choice')).state.open).toBeNull();
    const picked = run([{ type: 'choiceDue' }, { type: 'optionPicked', option: 'listen', neverAgain: false }, { type: 'followUpDue' }, { type: 'closed', neverAgain: false }]);
    expect(run([{ type: 'choiceDue' }], none, picked.state).state.open).toBeNull();
  });

  it('does not open over another dialog', () => {
    expect(run([{ type: 'libraryShown' }, { type: 'choiceDue' }]).state.open).toBe('welcome');
  });

  it("counts its X as dismissed forever", () => {
    const { state, dismiss } = run([{ type: 'choiceDue' }, { type: 'closed', neverAgain: false }]);
    expect(state.open).toBeNull();
    expect(dismiss).toEqual(['choice']);
  });

  it('opens the picked tutorial once its delay has passed, and dismisses the choice only when asked', () => {
    const picked = run([{ type: 'choiceDue' }, { type: 'optionPicked', option: 'drums', neverAgain: false }]);
    expect(picked.state).toMatchObject({ open: null, pending: 'drums' });
    expect(picked.dismiss).toEqual([]);
    expect(run([{ type: 'followUpDue' }], none, picked.state).state).toMatchObject({ open: 'drums', pending: null });
    expect(run([{ type: 'choiceDue' }, { type: 'optionPicked', option: 'bass', neverAgain: true }]).dismiss).toEqual(['choice']);
  });

  it('opens no follow-up that was dismissed', () => {
    const { state } = run([{ type: 'choiceDue' }, { type: 'optionPicked', option: 'karaoke', neverAgain: false }, { type: 'followUpDue' }], dismissedOnly('karaoke'));
    expect(state).toMatchObject({ open: null, pending: null });
  });

  it('ignores a pick when the choice is not open', () => {
    expect(run([{ type: 'optionPicked', option: 'guitar', neverAgain: true }])).toEqual({ state: initialTutorialFlow, dismiss: [] });
  });
});

describe('a follow-up tutorial', () => {
  const open = (option: 'keyboard') => run([{ type: 'choiceDue' }, { type: 'optionPicked', option, neverAgain: false }, { type: 'followUpDue' }]).state;

  it('is dismissed for good only with "Never show this again"', () => {
    expect(run([{ type: 'closed', neverAgain: true }], none, open('keyboard')).dismiss).toEqual(['keyboard']);
    const closed = run([{ type: 'closed', neverAgain: false }], none, open('keyboard'));
    expect(closed.dismiss).toEqual([]);
    expect(closed.state.open).toBeNull();
  });
});
