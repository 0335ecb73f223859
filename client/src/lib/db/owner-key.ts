/**
 * The local-storage item naming who the local database belongs to, so another user's sign-in wipes
 * it before opening it. Kept apart from local-database.ts so the tab-sharing listener can read it
 * without loading RxDB into pages that never open the database (the public pages, decision 0027).
 */
export const OWNER_KEY = 'woodshed:local-db-owner';
