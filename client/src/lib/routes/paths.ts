/** Every path of the app (spec 001, 2.1): router, links and navigation all use these. */
export const paths = {
  home: '/',
  login: '/login',
  verifySignIn: '/auth/verify',
  landing: '/landing',
  privacyPolicy: '/privacy-policy',
  termsOfUse: '/terms-of-use',
  privacyRequests: '/privacy/requests',
  subprocessors: '/legal/subprocessors',
  drumlessTracks: '/drumless-tracks',
  basslessTracks: '/bassless-tracks',
  guitarlessTracks: '/guitarless-tracks',
  vocalTracks: '/vocal-tracks',
  faq: '/faq',
  features: '/features',
  about: '/about',
  emailPreferences: '/email-preferences',
  library: '/library',
  player: '/player',
  membership: '/membership',
  usage: '/usage',
  /** The practice log (beyond the spec: decision 0030). */
  practice: '/practice',
  /** The songs kept on this device for offline practice (beyond the spec: decision 0033). */
  offlineSongs: '/offline-songs',
  admin: '/admin',
  adminUsers: '/admin/users',
  adminOverview: '/admin/overview',
  adminUsage: '/admin/usage',
  adminAnnouncements: '/admin/announcements',
  adminSettings: '/admin/settings',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** The player's song parameter (spec 000). */
export const SONG_ID_PARAM = 'songId';

/** The player opened on one song. */
export function playerPath(songId: number): string {
  return `${paths.player}?${new URLSearchParams({ [SONG_ID_PARAM]: String(songId) }).toString()}`;
}

/** The admin audit page of one user (decision 0022), kept out of `paths`, the spec's own routes. */
export const adminUserAuditRoute = '/admin/users/:userId';

export function adminUserAuditPath(userId: number): string {
  return `/admin/users/${encodeURIComponent(String(userId))}`;
}

/**
 * Every route pattern the client answers; the build writes them into client/dist so the server
 * answers the others 404 without importing client code (decision 0025).
 */
export const knownRoutePatterns: readonly string[] = [...Object.values(paths), adminUserAuditRoute];

/** The public pages the sitemap lists (spec 001, 2.1, less the forms). */
export const indexedPublicPaths: readonly AppPath[] = [
  paths.landing,
  paths.drumlessTracks,
  paths.basslessTracks,
  paths.guitarlessTracks,
  paths.vocalTracks,
  paths.faq,
  paths.features,
  paths.about,
  paths.privacyPolicy,
  paths.termsOfUse,
  paths.subprocessors,
];
