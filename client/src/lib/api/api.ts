import { createApi } from '@reduxjs/toolkit/query/react';
import { apiBaseQuery } from './api-base-query';
import { outsideContract } from './answer-schema';

/**
 * The RTK Query API every feature adds its endpoints to (`api.injectEndpoints`). Per the spec's call
 * rules: no retry (the base query has none), no refetch on focus, reconnect or mount, and data is
 * never thrown away or considered stale; features refetch explicitly (tags) when the spec says so.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: apiBaseQuery,
  // `UsageStats` is the usage screen's figures, which a purchase on the membership screen makes stale.
  tagTypes: ['CurrentUser', 'UsageStats'],
  keepUnusedDataFor: Infinity,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  endpoints: () => ({}),
  // An answer outside the contract (answer-schema.ts) fails the call like unreadable JSON does,
  // with what did not fit for the console, instead of reaching a screen that would trip over it.
  catchSchemaFailure: (error, { endpoint }) => outsideContract(endpoint, error.issues),
});
