import { api } from '../../lib/api/api';

export type CampaignAudience = 'test' | 'all' | 'pro' | 'free';

export interface EmailCampaign {
  id: number;
  subject: string;
  htmlBody: string;
  textBody: string;
  targetAudience: CampaignAudience;
  /** pending, sending, paused, completed, or canceled (shown as it is: the spec shows no label for it). */
  status: string;
  sentCount: number;
  totalRecipients: number;
  createdAt: string;
}

export interface NewEmailCampaign {
  subject: string;
  htmlBody: string;
  textBody: string;
  targetAudience: CampaignAudience;
}

export const campaignPollMs = 5_000;

const withCampaigns = api.enhanceEndpoints({ addTagTypes: ['EmailCampaigns'] });

/** Changes refetch the history at once instead of waiting for the next poll; never retried. */
export const campaignApi = withCampaigns.injectEndpoints({
  endpoints: (build) => ({
    emailCampaigns: build.query<EmailCampaign[], void>({
      query: () => ({ url: '/api/admin/email-campaigns' }),
      providesTags: ['EmailCampaigns'],
    }),
    createEmailCampaign: build.mutation<EmailCampaign, NewEmailCampaign>({
      query: (body) => ({ url: '/api/admin/email-campaigns', method: 'POST', body }),
      invalidatesTags: ['EmailCampaigns'],
    }),
    pauseEmailCampaign: build.mutation<EmailCampaign, number>({
      query: (id) => ({ url: `/api/admin/email-campaigns/${id}/pause`, method: 'POST' }),
      invalidatesTags: ['EmailCampaigns'],
    }),
    resumeEmailCampaign: build.mutation<EmailCampaign, number>({
      query: (id) => ({ url: `/api/admin/email-campaigns/${id}/resume`, method: 'POST' }),
      invalidatesTags: ['EmailCampaigns'],
    }),
    cancelEmailCampaign: build.mutation<EmailCampaign, number>({
      query: (id) => ({ url: `/api/admin/email-campaigns/${id}/cancel`, method: 'PATCH' }),
      invalidatesTags: ['EmailCampaigns'],
    }),
  }),
});

export const {
  useEmailCampaignsQuery,
  useCreateEmailCampaignMutation,
  usePauseEmailCampaignMutation,
  useResumeEmailCampaignMutation,
  useCancelEmailCampaignMutation,
} = campaignApi;
