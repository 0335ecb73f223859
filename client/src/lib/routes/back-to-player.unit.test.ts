import { describe, expect, it } from 'vitest';
import { workspaceOutletContext } from './back-to-player';

describe("the overlays' Back to Player", () => {
  it('goes back to the song the player last had', () => {
    expect(workspaceOutletContext(42)).toEqual({ backToPlayer: '/player?songId=42' });
  });

  it('goes to the empty player when no song was opened yet', () => {
    expect(workspaceOutletContext(null)).toEqual({ backToPlayer: '/player' });
  });
});
