import { createAction } from '@reduxjs/toolkit';

/** The user logged out: everything held for them goes, so the next sign-in on this browser starts clean. */
export const sessionEnded = createAction('session/ended');
