/** The landing page's copy (spec 001, 2.4), apart from the FAQ and the prices. */

export const landingSteps = [
  {
    title: 'Sign in with your e-mail',
    text: 'No password: we send you a magic link and a 6-digit code. Your free account comes with 200 credits a month.',
  },
  {
    title: 'Pick a song',
    text: 'Search the library or filter by genre. Each song shows its tempo, key, difficulty and length, so you can choose what to work on.',
  },
  {
    title: 'Mute your part and play',
    text: 'Press M on your instrument, hit play and take its place in the band. Solo it first if you want to learn it by ear.',
  },
] as const;

export const genreCards = [
  { genre: 'Rock', text: 'Drive the beat and lock in with the bass on straight-ahead grooves and big choruses.' },
  { genre: 'Funk', text: 'Tight sixteenths, ghost notes and syncopated bass lines: the pocket is the point.' },
  { genre: 'Pop', text: 'Clean song forms that are great for learning structure, harmony and singing melodies.' },
  { genre: 'Metal', text: 'Fast double-kick parts and palm-muted riffs, with the band holding the rest together.' },
  { genre: 'Hip Hop', text: 'Laid-back drum patterns and deep bass lines to play against or rhyme over.' },
  { genre: 'Country', text: 'Train beats, walking bass and twangy guitar figures with room for harmonies.' },
] as const;

/** The features section (#features): only what the player and library do today. */
export const landingFeatures = [
  { title: 'Six stems per song', text: 'Drums, bass, guitar, keys, vocals and effects, each on its own strip, all starting on the same clock so they never drift apart.' },
  { title: 'Volume, mute and solo', text: 'Pull an instrument down to a quiet guide, mute it completely, or solo it to hear every note it plays.' },
  { title: 'Karaoke lyrics', text: 'Full-screen lyrics that highlight the section, line and word being sung, for songs that have them.' },
  { title: 'Chord strip', text: 'The chord sounding now and the next one, so you always know where the harmony is going.' },
  { title: 'Sections and waveform', text: 'Jump to a verse or chorus from its marker, or click any point on the circular waveform.' },
  { title: 'Presets (Pro)', text: 'Save your mix for each song and load it next time with one click.' },
] as const;

/** Plainly labelled example stories until there are real, consented quotes (Woodshed has no reviews yet). */
export const practiceStories = [
  { quote: 'I mute the drums, jump back to the chorus marker and play it again until the fill feels easy. Then on to the next section.', who: 'A drummer learning a set' },
  { quote: 'Soloing the bass for one pass and muting it for the next is how I learn a line by ear now.', who: 'A bass student' },
  { quote: 'With the vocals down low and the words lighting up, I can rehearse a song before I ever sing it with the band.', who: 'A singer preparing a gig' },
] as const;
