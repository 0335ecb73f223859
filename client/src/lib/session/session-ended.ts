import { createAction } from '@reduxjs/toolkit';

/**
 * The signed-in user logged out. Everything held for them goes with it, so the next person to sign
 * in on this browser starts clean (an action says what happened, not what to set).
 */
export const sessionEnded = createAction('session/ended');
