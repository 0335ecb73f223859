export interface GenreBadge {
  label: string;
  colour: string;
}

export const UNKNOWN_GENRE: GenreBadge = { label: 'Unknown', colour: '#6b7280' };

// Spec 000, section 3 names the genres that have a colour but not the colours; these are ours.
const genreColours: Record<string, string> = {
  electronic: '#22d3ee',
  rock: '#ef4444',
  pop: '#ec4899',
  'hip-hop': '#a855f7',
  rap: '#8b5cf6',
  jazz: '#f59e0b',
  blues: '#3b82f6',
  classical: '#d4b483',
  folk: '#84cc16',
  ambient: '#14b8a6',
  funk: '#f97316',
  house: '#06b6d4',
  grunge: '#78716c',
  metal: '#94a3b8',
  punk: '#f43f5e',
  bluegrass: '#65a30d',
  country: '#ca8a04',
};

/** A genre's badge: missing is grey 'Unknown'; a genre without a spec colour keeps its name in grey (decision 0011). */
export function genreBadge(genre: string | null): GenreBadge {
  const name = genre?.trim() ?? '';
  if (name === '') return UNKNOWN_GENRE;
  return { label: name, colour: genreColours[name.toLowerCase()] ?? UNKNOWN_GENRE.colour };
}
