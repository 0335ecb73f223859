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
  tagTypes: ['CurrentUser'],
  keepUnusedDataFor: Infinity,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  endpoints: () => ({}),
});
