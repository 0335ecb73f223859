import { createApi } from '@reduxjs/toolkit/query/react';
import { apiBaseQuery } from './api-base-query';

/**
 * The RTK Query API every feature adds its endpoints to (`api.injectEndpoints`). Per the spec's call
 * rules: no retry (the base query has none), no refetch on focus, reconnect or mount, and data is
 * never thrown away or considered stale; features refetch explicitly (tags) when the spec says so.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: apiBaseQuery,
  // `Songs` is the song list, shared by the library (which lists it) and the player (whose plays
  // change its popularity column), so neither feature has to import the other. `UsageStats` is the
  // usage screen's figures, which a purchase on the membership screen makes stale.
  tagTypes: ['CurrentUser', 'Songs', 'UsageStats'],
  keepUnusedDataFor: Infinity,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  endpoints: () => ({}),
});
