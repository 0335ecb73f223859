import type { CampaignAudience } from './campaign-api';

/** A campaign's text body (spec 001, 3): tags stripped, non-breaking spaces made plain, exactly as the server derives it. */
export function campaignTextBody(message: string): string {
  return message
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/gi, ' ')
    .replace(/\u00a0/g, ' ');
}

/** A row's actions by status (spec 001 section 4): Pause while queued or sending, Resume or Cancel when paused, none otherwise. */
export type CampaignRowAction = 'Pause' | 'Resume' | 'Cancel';

export function campaignRowActions(status: string): CampaignRowAction[] {
  if (status === 'pending' || status === 'sending') return ['Pause'];
  if (status === 'paused') return ['Resume', 'Cancel'];
  return [];
}

/** The status label of a row: the known states by name; anything unknown reads 'pending' (the spec's default). */
export function campaignStatusLabel(status: string): string {
  return ['pending', 'sending', 'paused', 'completed', 'canceled'].includes(status) ? status : 'pending';
}

export const audienceLabels: Record<CampaignAudience, string> = {
  test: 'Test (the configured test recipient only)',
  all: 'All users',
  pro: 'Pro users',
  free: 'Free users',
};
