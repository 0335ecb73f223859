import { describe, expect, it } from 'vitest';
import { campaignActions, nextCampaignState } from './campaign-transitions';

describe('campaign state rules', () => {
  it('pauses a queued or sending campaign, resumes or cancels a paused one', () => {
    expect(nextCampaignState('pending', 'pause')).toBe('paused');
    expect(nextCampaignState('sending', 'pause')).toBe('paused');
    expect(nextCampaignState('paused', 'resume')).toBe('sending');
    expect(nextCampaignState('paused', 'cancel')).toBe('canceled');
  });

  it('refuses everything else', () => {
    expect(nextCampaignState('sending', 'cancel')).toBeNull();
    expect(nextCampaignState('pending', 'cancel')).toBeNull();
    expect(nextCampaignState('sending', 'resume')).toBeNull();
    expect(nextCampaignState('paused', 'pause')).toBeNull();
    for (const action of ['pause', 'resume', 'cancel'] as const) {
      expect(nextCampaignState('completed', action)).toBeNull();
      expect(nextCampaignState('canceled', action)).toBeNull();
    }
  });

  it('lists the actions of each state; completed has none', () => {
    expect(campaignActions('pending')).toEqual(['pause']);
    expect(campaignActions('sending')).toEqual(['pause']);
    expect(campaignActions('paused')).toEqual(['resume', 'cancel']);
    expect(campaignActions('completed')).toEqual([]);
    expect(campaignActions('canceled')).toEqual([]);
  });
});
