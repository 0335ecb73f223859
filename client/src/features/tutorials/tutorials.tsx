import { useCallback, useEffect, useMemo, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useCurrentUserQuery } from '../../lib/api/current-user-api';
import type { SessionUser } from '../../lib/api/current-user-api';
import { choiceCopy, choiceOptions, followUpCopy, welcomeCopy } from './tutorial-copy';
import type { TutorialCopy } from './tutorial-copy';
import { TutorialDialog } from './tutorial-dialog';
import { CHOICE_DELAY_MS, decideTutorial, FOLLOW_UP_DELAY_MS, followUpTutorials, initialTutorialFlow } from './tutorial-flow';
import type { TutorialEvent, TutorialFlowState, TutorialName } from './tutorial-flow';
import { readSeenTutorials, writeSeenTutorials } from './tutorial-session-memory';
import styles from './tutorials.module.css';
import { dismissedTutorials, useTutorialDismissedMutation } from './tutorials-api';
import { selectWelcomeClosedBy, welcomeClosed, welcomeReturned } from './welcome-slice';

export interface TutorialsProps {
  /** The workspace screen on show: the library (the welcome's), the player (the choice's), or another. */
  screen: 'library' | 'player' | null;
  stemsLoaded: boolean;
}

export function Tutorials({ screen, stemsLoaded }: TutorialsProps) {
  const { data: user } = useCurrentUserQuery();
  if (!user) return null;
  // Keyed by user: the next user to sign in on this page starts from their own flags and session.
  return <UserTutorials key={user.id} user={user} screen={screen} stemsLoaded={stemsLoaded} />;
}

function UserTutorials({ user, screen, stemsLoaded }: TutorialsProps & { user: SessionUser }) {
  const dismissed = useMemo(() => dismissedTutorials(user), [user]);
  const dispatch = useAppDispatch();
  // The welcome is closed once per sign-in (every tab); the choice once per tab (its session memory).
  const closedWelcome = useAppSelector((state) => selectWelcomeClosedBy(state, user.id));
  const [flow, setFlow] = useState<TutorialFlowState>(() => ({
    ...initialTutorialFlow,
    seen: closedWelcome ? [...readSeenTutorials(user.id), 'welcome'] : readSeenTutorials(user.id),
  }));
  const [saveDismissal] = useTutorialDismissedMutation();

  // Timers and failed saves apply their event to the state as it is then (never a stale render's).
  const apply = useCallback(
    (event: TutorialEvent) => setFlow((current) => decideTutorial(current, event, dismissed).state),
    [dismissed],
  );
  /** The user's own acts (close, pick), which may dismiss tutorials for good. */
  function act(event: TutorialEvent) {
    const decision = decideTutorial(flow, event, dismissed);
    setFlow(decision.state);
    if (!flow.seen.includes('welcome') && decision.state.seen.includes('welcome')) dispatch(welcomeClosed({ userId: user.id }));
    for (const tutorial of decision.dismiss) {
      saveDismissal(tutorial)
        .unwrap()
        .catch((error: unknown) => {
          // The flag was rolled back in the cache; the flow notes why the tutorial may return.
          console.error(`Saving the dismissal of the ${tutorial} tutorial failed`, error);
          apply({ type: 'dismissalFailed', tutorial });
          if (tutorial === 'welcome') dispatch(welcomeReturned({ userId: user.id }));
        });
    }
  }

  // The welcome follows the library on screen, adjusted during render so it shows in the same frame.
  const onScreen = decideTutorial(flow, { type: screen === 'library' ? 'libraryShown' : 'libraryLeft' }, dismissed).state;
  if (onScreen !== flow) setFlow(onScreen);

  const choiceWaiting = screen === 'player' && stemsLoaded && flow.open === null && !dismissed.choice && !flow.seen.includes('choice');
  useEffect(() => {
    if (!choiceWaiting) return;
    const timer = window.setTimeout(() => apply({ type: 'choiceDue' }), CHOICE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [choiceWaiting, apply]);

  useEffect(() => {
    if (flow.pending === null) return;
    const timer = window.setTimeout(() => apply({ type: 'followUpDue' }), FOLLOW_UP_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [flow.pending, apply]);

  useEffect(() => writeSeenTutorials(user.id, flow.seen), [user.id, flow.seen]);

  const close = (neverAgain: boolean) => act({ type: 'closed', neverAgain });
  const open = flow.open;
  if (open === null) return null;
  const failed = flow.failed === open;

  if (open === 'welcome') {
    if (screen !== 'library') return null;
    return <CopyDialog copy={welcomeCopy} tutorial="welcome" closeLabel="Let’s play" onClose={close} failed={failed} />;
  }
  if (screen !== 'player') return null;
  if (open === 'choice') {
    return (
      <TutorialDialog
        key="choice"
        title={choiceCopy.title}
        testId="tutorial-choice"
        closesLightly={false}
        onClose={close}
        failed={failed}
        renderBody={(neverAgain) => (
          <div className={styles.options} role="group" aria-label="Practice options">
            {followUpTutorials.map((option) => (
              <button key={option} type="button" className={styles.option} onClick={() => act({ type: 'optionPicked', option, neverAgain })}>
                {choiceOptions[option]}
              </button>
            ))}
          </div>
        )}
      >
        <p className={styles.text}>{choiceCopy.text}</p>
      </TutorialDialog>
    );
  }
  return <CopyDialog copy={followUpCopy[open]} tutorial={open} closeLabel="Got it" onClose={close} failed={failed} />;
}

function CopyDialog({ copy, tutorial, closeLabel, onClose, failed }: { copy: TutorialCopy; tutorial: TutorialName; closeLabel: string; onClose: (neverAgain: boolean) => void; failed: boolean }) {
  return (
    <TutorialDialog key={tutorial} title={copy.title} testId={`tutorial-${tutorial}`} closesLightly onClose={onClose} closeLabel={closeLabel} failed={failed}>
      {copy.paragraphs.map((paragraph) => (
        <p key={paragraph} className={styles.text}>
          {paragraph}
        </p>
      ))}
    </TutorialDialog>
  );
}
