/** The footer's community links (spec 001, 2.4), each shown only when the operator's build sets its address: Woodshed has no accounts of its own. */

export interface CommunityLink {
  label: string;
  href: string;
}

/** The build variables, in the footer's order (Vite exposes VITE_* to the client). */
export const communityLinkSettings = [
  { label: 'Instagram', variable: 'VITE_INSTAGRAM_URL' },
  { label: 'X', variable: 'VITE_X_URL' },
  { label: 'TikTok', variable: 'VITE_TIKTOK_URL' },
  { label: 'Discord', variable: 'VITE_DISCORD_URL' },
  { label: 'Community', variable: 'VITE_COMMUNITY_URL' },
] as const;

/** The links whose variable holds an https address; anything else is left out. */
export function communityLinks(env: Readonly<Record<string, unknown>>): CommunityLink[] {
  return communityLinkSettings.flatMap(({ label, variable }) => {
    const value = env[variable];
    if (typeof value !== 'string' || !URL.canParse(value.trim())) return [];
    const url = new URL(value.trim());
    return url.protocol === 'https:' ? [{ label, href: url.toString() }] : [];
  });
}
