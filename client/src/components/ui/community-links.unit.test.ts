import { describe, expect, it } from 'vitest';
import { communityLinks } from './community-links';

describe('communityLinks', () => {
  it('shows nothing when the operator configured no addresses', () => {
    expect(communityLinks({})).toEqual([]);
  });

  it('keeps the footer order and only https addresses', () => {
    expect(
      communityLinks({
        VITE_DISCORD_URL: 'https://discord.gg/abc',
        VITE_INSTAGRAM_URL: ' https://www.instagram.com/woodshed ',
        VITE_X_URL: 'javascript:alert(1)',
        VITE_TIKTOK_URL: 'not a url',
        VITE_COMMUNITY_URL: 'http://chat.example',
      }),
    ).toEqual([
      { label: 'Instagram', href: 'https://www.instagram.com/woodshed' },
      { label: 'Discord', href: 'https://discord.gg/abc' },
    ]);
  });
});
