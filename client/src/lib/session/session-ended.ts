import { createAction } from '@reduxjs/toolkit';

/**
 * The signed-in user logged out. Everything held for them goes with it, so the next person to sign
 * in on this browser starts clean (STYLE.md 8: actions say what happened).
 */
export const sessionEnded = createAction('session/ended');
