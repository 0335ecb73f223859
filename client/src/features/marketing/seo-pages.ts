import { paths } from '../../lib/routes/paths';

export type SeoPageKind = 'drumless' | 'bassless' | 'guitarless' | 'vocal';

export interface SeoPage {
  path: string;
  headTitle: string;
  description: string;
  eyebrow: string;
  heading: string;
  lead: string;
  whyTitle: string;
  why: ReadonlyArray<{ title: string; text: string }>;
  perfectFor: readonly string[];
  steps: readonly [string, string, string];
  ctaTitle: string;
}

export const seoPages: Readonly<Record<SeoPageKind, SeoPage>> = {
  drumless: {
    path: paths.drumlessTracks,
    headTitle: 'Drumless Tracks for Drummers',
    description: 'Drumless backing tracks made from each song’s own stems: mute the drums, keep bass, guitar, keys and vocals, and play the beat yourself in your browser. Free to start.',
    eyebrow: 'For drummers',
    heading: 'Drumless tracks: you are the drummer',
    lead: 'Every song in Woodshed comes as separate stems. Mute the drums and the rest of the band plays on, bass, guitar, keys and vocals, waiting for you to count it in.',
    whyTitle: 'Why drummers choose Woodshed',
    why: [
      { title: 'Any song becomes drumless', text: 'No hunting for a special drumless version: one press of M on the Drums strip takes them out of any song in the library.' },
      { title: 'Keep a guide if you want one', text: 'Pull the drum slider down instead of muting it and the original part stays audible underneath you while you learn it.' },
      { title: 'Hear what to lock in with', text: 'Turn the bass up, or solo it, to hear exactly what the kick drum should sit with.' },
      { title: 'Go straight to the hard part', text: 'Jump to a section marker or any point on the waveform to work on that one fill again.' },
    ],
    perfectFor: ['Learning a cover set before rehearsal', 'Working on time feel with a whole band rather than a click', 'Drum students practising between lessons', 'Warming up before a gig with the songs you will play'],
    steps: ['Sign in with your e-mail address: no password needed.', 'Open a song from the library; its tempo and difficulty are shown.', 'Press M on the Drums strip, hit play and take over the beat.'],
    ctaTitle: 'Grab your sticks',
  },
  bassless: {
    path: paths.basslessTracks,
    headTitle: 'Bassless Tracks for Bass Players',
    description: 'Bassless backing tracks made from each song’s own stems: mute the bass, keep the drums and the band, and hold down the low end yourself. Chord strip included. Free to start.',
    eyebrow: 'For bass players',
    heading: 'Bassless tracks: hold down the low end',
    lead: 'Take the bass out of any song in the library and step into the pocket with the song’s drummer. The chord strip shows where the harmony is going next.',
    whyTitle: 'Why bass players choose Woodshed',
    why: [
      { title: 'Any song becomes bassless', text: 'Mute the Bass strip on any song and the drums, guitar, keys and vocals play on without it.' },
      { title: 'Learn the line by ear', text: 'Solo the bass to hear every note on its own, then mute it and play it back with the band.' },
      { title: 'Chords on screen', text: 'The chord strip shows the chord sounding now and the next one, so you can find the roots or improvise a line.' },
      { title: 'Lock in with the kick', text: 'Turn the drums up to hear the kick pattern clearly while you tighten your timing against it.' },
    ],
    perfectFor: ['Learning bass lines by ear', 'Practising grooves with the song’s own drums', 'Bass students and teachers', 'Rehearsing when your band’s bassist is you'],
    steps: ['Sign in with your e-mail address: no password needed.', 'Open a song from the library and check its key and tempo.', 'Press M on the Bass strip, hit play and lock in with the drums.'],
    ctaTitle: 'Plug in and play',
  },
  guitarless: {
    path: paths.guitarlessTracks,
    headTitle: 'Guitarless Tracks for Guitarists',
    description: 'Guitarless backing tracks made from each song’s own stems: mute the guitar, keep the rhythm section and vocals, and play the riffs and solos yourself. Free to start.',
    eyebrow: 'For guitarists',
    heading: 'Guitarless tracks: the riffs are yours',
    lead: 'Mute the guitar and play rhythm or lead with the song’s rhythm section behind you, with the chords of the song right there on screen.',
    whyTitle: 'Why guitarists choose Woodshed',
    why: [
      { title: 'Any song becomes guitarless', text: 'One press of M on the Guitar strip takes the guitar out of any song in the library.' },
      { title: 'Study the part first', text: 'Solo the guitar to hear the voicings and the strumming pattern, then mute it and play.' },
      { title: 'Follow the changes', text: 'The chord strip shows the current and the next chord, so you always know what is coming.' },
      { title: 'Solo over the band', text: 'Keep drums, bass and keys and improvise over the changes of a whole song.' },
    ],
    perfectFor: ['Learning riffs and chord parts', 'Practising solos over a full rhythm section', 'Guitar students and teachers', 'Getting a cover set ready for the gig'],
    steps: ['Sign in with your e-mail address: no password needed.', 'Open a song from the library; its key is shown with the song.', 'Press M on the Guitar strip, hit play and take the part.'],
    ctaTitle: 'Tune up and play along',
  },
  vocal: {
    path: paths.vocalTracks,
    headTitle: 'Vocal Backing Tracks and Karaoke',
    description: 'Vocal backing tracks with word-synced karaoke lyrics: mute or lower the lead vocal and sing with the full band in your browser. Free to start.',
    eyebrow: 'For singers',
    heading: 'Vocal tracks: sing with the full band',
    lead: 'Mute the lead vocal, or keep it low as a guide, and sing over the band while the lyrics light up word by word.',
    whyTitle: 'Why singers choose Woodshed',
    why: [
      { title: 'Word-synced lyrics', text: 'The karaoke view highlights the section, the line and the word being sung, for songs that have lyrics.' },
      { title: 'A guide when you need it', text: 'Set the vocal stem low instead of muting it and the original melody stays there to lean on.' },
      { title: 'The whole band behind you', text: 'The song’s own drums, bass, guitar and keys stems, not a separate backing arrangement.' },
      { title: 'Find your entry', text: 'Jump to any section from its marker to rehearse a difficult verse or the last chorus.' },
    ],
    perfectFor: ['Learning new songs and melodies', 'Rehearsing a set before a gig or an audition', 'Karaoke at home', 'Singing teachers and their students'],
    steps: ['Sign in with your e-mail address: no password needed.', 'Open a song that has lyrics and press KARAOKE.', 'Mute or lower the Vocals strip, hit play and sing.'],
    ctaTitle: 'Warm up and take the mic',
  },
};
