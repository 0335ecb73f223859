import { type EmailPreferences, emailPreferencesSchema } from '../../../../contract/account';
import { api } from '../../lib/api/api';
import { answerSchema } from '../../lib/api/answer-schema';

/** E-mail preference calls (spec 001, section 7); each change re-reads the preferences. */
export const emailPreferencesApi = api.enhanceEndpoints({ addTagTypes: ['EmailPreferences'] }).injectEndpoints({
  endpoints: (build) => ({
    emailPreferences: build.query<EmailPreferences, void>({
      query: () => '/api/email-preferences',
      responseSchema: answerSchema(emailPreferencesSchema),
      providesTags: ['EmailPreferences'],
    }),
    unsubscribeAnnouncements: build.mutation<void, void>({
      query: () => ({ url: '/api/email-preferences/unsubscribe', method: 'POST' }),
      transformResponse: () => undefined,
      invalidatesTags: ['EmailPreferences'],
    }),
    resubscribeAnnouncements: build.mutation<void, void>({
      query: () => ({ url: '/api/email-preferences/resubscribe', method: 'POST' }),
      transformResponse: () => undefined,
      invalidatesTags: ['EmailPreferences'],
    }),
  }),
});

export const { useEmailPreferencesQuery, useUnsubscribeAnnouncementsMutation, useResubscribeAnnouncementsMutation } =
  emailPreferencesApi;
