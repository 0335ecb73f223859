/** Names the local database's owner; apart from local-database.ts so the tab listener can read it without loading RxDB (decision 0027). */
export const OWNER_KEY = 'woodshed:local-db-owner';
