import { describe, expect, it } from 'vitest';
import { campaignRowActions, campaignStatusLabel, campaignTextBody } from './campaign-rules';

describe('campaign rules on the announcements screen', () => {
  it('derives the text body: tags stripped, non-breaking spaces plain', () => {
    expect(campaignTextBody('<p>New&nbsp;songs <b>this</b>\u00a0week</p>')).toBe('New songs this week');
    expect(campaignTextBody('Plain\ntext & more')).toBe('Plain\ntext & more');
  });

  it('offers Pause while queued or sending, Resume and Cancel when paused, nothing when completed or canceled', () => {
    expect(campaignRowActions('pending')).toEqual(['Pause']);
    expect(campaignRowActions('sending')).toEqual(['Pause']);
    expect(campaignRowActions('paused')).toEqual(['Resume', 'Cancel']);
    expect(campaignRowActions('completed')).toEqual([]);
    expect(campaignRowActions('canceled')).toEqual([]);
  });

  it('shows pending for a status it does not know', () => {
    expect(campaignStatusLabel('sending')).toBe('sending');
    expect(campaignStatusLabel('weird')).toBe('pending');
  });
});
