/**
 * The marketing and legal pages of spec 001, 2.4-2.5: path, main heading and tab title, written out
 * as the spec has them (not taken from the screens), for the jsdom and the browser tests of them.
 */
export const contentPages = [
  { path: '/landing', heading: 'Practise with the band. Play your part.', title: 'Woodshed' },
  { path: '/drumless-tracks', heading: 'Drumless tracks: you are the drummer', title: 'Drumless Tracks for Drummers · Woodshed' },
  { path: '/bassless-tracks', heading: 'Bassless tracks: hold down the low end', title: 'Bassless Tracks for Bass Players · Woodshed' },
  { path: '/guitarless-tracks', heading: 'Guitarless tracks: the riffs are yours', title: 'Guitarless Tracks for Guitarists · Woodshed' },
  { path: '/vocal-tracks', heading: 'Vocal tracks: sing with the full band', title: 'Vocal Backing Tracks and Karaoke · Woodshed' },
  { path: '/faq', heading: 'Frequently Asked Questions', title: 'Frequently Asked Questions · Woodshed' },
  { path: '/features', heading: 'A practice room for the whole band', title: 'Features · Woodshed' },
  { path: '/about', heading: 'About Woodshed', title: 'About Woodshed · Woodshed' },
  { path: '/privacy-policy', heading: 'Privacy Policy', title: 'Privacy Policy · Woodshed' },
  { path: '/terms-of-use', heading: 'Terms of Use', title: 'Terms of Use · Woodshed' },
  { path: '/legal/subprocessors', heading: 'Subprocessors', title: 'Subprocessors · Woodshed' },
] as const;
