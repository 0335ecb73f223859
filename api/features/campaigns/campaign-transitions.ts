/** A campaign's sending state, as the schedule holds it. */
export type CampaignState = 'pending' | 'sending' | 'paused' | 'canceled' | 'completed';

/** What an administrator can do to a campaign (spec 001 section 4). */
export type CampaignAction = 'pause' | 'resume' | 'cancel';

/**
 * The state an action leads to, or null when not allowed: Pause from sending (or pending), Resume
 * from paused, Cancel from paused only; completed and canceled take none.
 */
export function nextCampaignState(state: CampaignState, action: CampaignAction): CampaignState | null {
  switch (action) {
    case 'pause':
      return state === 'pending' || state === 'sending' ? 'paused' : null;
    case 'resume':
      return state === 'paused' ? 'sending' : null;
    case 'cancel':
      return state === 'paused' ? 'canceled' : null;
  }
}

/** The actions a campaign in `state` offers, in the order the history table shows them. */
export function campaignActions(state: CampaignState): CampaignAction[] {
  return (['pause', 'resume', 'cancel'] as const).filter((action) => nextCampaignState(state, action) !== null);
}
