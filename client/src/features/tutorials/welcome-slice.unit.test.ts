import { describe, expect, it } from 'vitest';
import { sessionRejected } from '../../lib/session/known-user-slice';
import { sessionEnded } from '../../lib/session/session-ended';
import { selectWelcomeClosedBy, welcomeClosed, welcomeReturned, welcomeSlice } from './welcome-slice';

const reduce = welcomeSlice.reducer;
const closedBy = (state: ReturnType<typeof reduce>, userId: number) => selectWelcomeClosedBy({ welcome: state }, userId);

describe('who closed the welcome in this sign-in', () => {
  it('remembers each user who closed it, once, and forgets one whose dismissal failed to save', () => {
    let state = reduce(undefined, welcomeClosed({ userId: 3 }));
    state = reduce(state, welcomeClosed({ userId: 3 }));
    state = reduce(state, welcomeClosed({ userId: 8 }));
    expect(state.closedBy).toEqual([3, 8]);
    state = reduce(state, welcomeReturned({ userId: 3 }));
    expect([closedBy(state, 3), closedBy(state, 8)]).toEqual([false, true]);
  });

  it('forgets everyone when the session ends: logged out, or the server knows no session', () => {
    const closed = reduce(undefined, welcomeClosed({ userId: 3 }));
    expect(closedBy(reduce(closed, sessionEnded()), 3)).toBe(false);
    expect(closedBy(reduce(closed, sessionRejected()), 3)).toBe(false);
  });
});
