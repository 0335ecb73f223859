/** The FAQ (spec 001, 2.4 and 2.5); the landing page shows `landingFaqIds`, /faq all of them. */

export interface FaqItem {
  /** Stable, URL-safe: the element ids of the accordion derive from it. */
  id: string;
  question: string;
  answer: string;
}

export interface FaqCategory {
  id: string;
  title: string;
  items: readonly FaqItem[];
}

export const faqCategories: readonly FaqCategory[] = [
  {
    id: 'getting-started',
    title: 'Getting Started',
    items: [
      {
        id: 'what-is-woodshed',
        question: 'What is Woodshed?',
        answer:
          'Woodshed is a practice room in your browser. Every song in its library is split into stems (drums, bass, guitar, keys, vocals and effects) that play together in sync. You turn any instrument down, mute it or solo it, and play or sing that part yourself with the rest of the band.',
      },
      {
        id: 'how-do-i-sign-up',
        question: 'How do I sign up?',
        answer:
          'Enter your e-mail address on the sign-in page. We send you a magic link and a 6-digit code: click the link, or type the code (it is valid for 15 minutes). There is no password to create or forget, and the same steps create a new account or sign you back in.',
      },
      {
        id: 'do-i-need-to-install-anything',
        question: 'Do I need to install anything?',
        answer:
          'No. Woodshed runs in a current web browser such as Chrome, Edge, Firefox or Safari. Where the browser offers it, you can also install Woodshed as an app on your home screen or desktop, but you do not have to. The player is laid out for a laptop, desktop or tablet screen; headphones or speakers that reproduce bass well make the stems easier to hear.',
      },
      {
        id: 'is-there-a-free-plan',
        question: 'Is there a free plan?',
        answer:
          'Yes. Every account gets 200 streaming credits each month, free, reset on the 1st. The whole library and every player feature except saved presets are open to free accounts.',
      },
    ],
  },
  {
    id: 'backing-tracks',
    title: 'Backing Tracks',
    items: [
      {
        id: 'what-is-a-stem',
        question: 'What is a stem?',
        answer:
          'A stem is one instrument group of a song recorded on its own track: all the drums, or the bass, or the vocals. Woodshed plays a song as its stems, so each instrument has its own volume slider, mute button and solo button.',
      },
      {
        id: 'make-a-drumless-track',
        question: 'How do I make a drumless, bassless or guitarless track?',
        answer:
          'Open a song and press M on the Drums, Bass or Guitar strip. The band plays on without that instrument and you take the part. To keep a quiet guide instead, pull its slider down rather than muting it. The same works for keys and for vocals.',
      },
      {
        id: 'several-instruments',
        question: 'Can I take out more than one instrument?',
        answer:
          'Yes. Mute as many strips as you like; a rhythm section practising together can mute drums and bass at once. MUTE ALL silences every stem and gives you back your mix when you press it again.',
      },
      {
        id: 'which-instruments',
        question: 'Which instruments are separated?',
        answer:
          'Songs are split into drums, bass, guitar, keys, vocals and effects. A song only has the stems that were recorded for it, so an acoustic song may have no keys, for example; the player shows one strip per stem the song has.',
      },
    ],
  },
  {
    id: 'practice-and-features',
    title: 'Practice & Features',
    items: [
      {
        id: 'karaoke',
        question: 'How does karaoke mode work?',
        answer:
          'Songs with lyrics show a KARAOKE button in the song info panel. It opens the lyrics full screen and lights up the current section, line and word as the song plays. Mute the Vocals strip and the lead part is yours.',
      },
      {
        id: 'chords',
        question: 'Can I see the chords?',
        answer:
          'Yes, for songs that have a chord chart. The chord strip shows the chord sounding now and the one coming next. Where a song came without a chart, the chords are detected from the audio, so treat them as a helpful guide rather than a transcription.',
      },
      {
        id: 'jump-around',
        question: 'Can I jump back to a part I want to repeat?',
        answer:
          'Click a section marker under the seek bar (verse, chorus, bridge, where the song has them) or any point on the circular waveform to go straight there, then press play again.',
      },
      {
        id: 'slow-down-and-loop',
        question: 'Can I slow a song down or change its key?',
        answer:
          'Yes. In the player’s PRACTICE TOOLS tab, set the tempo from 50% to 150% without changing the key, or transpose from 6 semitones down to 6 up without changing the tempo (drums stay as they are). Set A and Set B to loop a passage, and turn on the speed trainer to raise the tempo a step each pass up to your target. A count-in and a click on the beat help you keep time.',
      },
      {
        id: 'export-mix',
        question: 'Can I save the backing track I made?',
        answer:
          'EXPORT MIX in the player saves the mix you hear, with your mutes, levels, tempo and transpose, as a WAV or MP3 file, the whole song or only the loop. It is made on your device from the stems already loaded and uses no credits.',
      },
      {
        id: 'practice-log',
        question: 'Can I see how much I practised?',
        answer:
          'The Practice Log in the account menu shows your time per day and per song, the tempo you reached on a looped passage over time, and your streak. It syncs to all your devices.',
      },
      {
        id: 'presets',
        question: 'What are presets?',
        answer:
          'A preset saves your slider settings for a song, so the mix you practise with is there the next time you open it. Presets are part of Pro; Reset puts every slider back to 100%.',
      },
      {
        id: 'starred-songs',
        question: 'Can I keep a list of the songs I am working on?',
        answer:
          'Star a song in the library and it appears under STARRED. Search by title, filter by genre, and sort by tempo, difficulty, length or popularity to find the next one.',
      },
    ],
  },
  {
    id: 'quality-and-technology',
    title: 'Quality & Technology',
    items: [
      {
        id: 'sound-quality',
        question: 'What is the sound quality?',
        answer:
          'Stems stream in the format the library holds them, for most songs high-quality MP3, and every plan hears the same files. All stems of a song start on the same audio clock, so they stay locked together through play, pause and seeking.',
      },
      {
        id: 'song-details',
        question: 'Where do tempo and key come from?',
        answer:
          'Each song shows its tempo, key, genre, difficulty and length. Where the library did not supply the tempo or key, Woodshed measures them from the audio.',
      },
      {
        id: 'offline',
        question: 'Does Woodshed work offline?',
        answer:
          'Your library list, stars and presets are kept in your browser and sync with your account, so they appear straight away. Playing a song streams its stems, which needs a connection the first time: the songs you have opened are kept in your browser and then play without one. Offline Songs in the account menu shows the space they take and clears them.',
      },
      {
        id: 'data-use',
        question: 'How much data does a song use?',
        answer:
          'It depends on the length and file size of its stems. As an example, six MP3 stems at 192 kbps for a four-minute song come to about 35 MB, about three and a half credits.',
      },
    ],
  },
  {
    id: 'pricing-and-credits',
    title: 'Pricing & Credits',
    items: [
      {
        id: 'what-is-a-credit',
        question: 'What is a credit?',
        answer:
          'One credit is 10 MB of streamed audio (10,485,760 bytes). Only what actually reaches your browser is counted, so stopping a song early uses less.',
      },
      {
        id: 'free-credits',
        question: 'How many free credits do I get?',
        answer:
          'Every account gets 200 credits a month, about 2 GB of streaming. They reset on the 1st of each month; unused free credits do not carry over.',
      },
      {
        id: 'run-out',
        question: 'What happens when I run out of credits?',
        answer:
          'Playback stops and Woodshed tells you so. Buy a pack of 100 credits for $5 (packs never expire and are used after your free credits) or upgrade to Pro. Your free credits come back on the 1st either way.',
      },
      {
        id: 'what-does-pro-cost',
        question: 'What does Pro cost and what do I get?',
        answer:
          'Pro is $15 a month or $160 a year (about $13.33 a month). It gives unlimited streaming with no monthly credit limit, custom presets, priority support and early access to new features. It renews automatically until you cancel.',
      },
      {
        id: 'cancel',
        question: 'Can I cancel at any time?',
        answer:
          'Yes, from the Membership page. Your subscription then does not renew and you keep Pro until the end of the period you paid for.',
      },
    ],
  },
  {
    id: 'use-cases',
    title: 'Use Cases',
    items: [
      {
        id: 'beginners',
        question: 'Is Woodshed good for beginners?',
        answer:
          'Yes. Every song has a difficulty rating from 1 to 10, so you can start easy. Solo your instrument to learn the part by ear, then mute it and play it with the band.',
      },
      {
        id: 'teachers',
        question: 'Can teachers use it with students?',
        answer:
          'Each student signs in with their own e-mail address and practises the same songs at home. In a lesson, soloing a part lets a student hear exactly what the instrument plays.',
      },
      {
        id: 'singers',
        question: 'I am a singer. Is it for me?',
        answer:
          'Yes. Mute the vocals to sing lead over the full band with word-by-word lyrics on screen, or keep the original vocal low as a guide while you learn the melody.',
      },
      {
        id: 'bands',
        question: 'Can a band rehearse with it?',
        answer:
          'If your drummer or bassist cannot make it, mute their stem and rehearse with the recording in their place. Mute several stems to rehearse as a section.',
      },
    ],
  },
];

export const landingFaqIds = ['what-is-woodshed', 'make-a-drumless-track', 'what-is-a-credit', 'is-there-a-free-plan', 'what-does-pro-cost', 'do-i-need-to-install-anything'] as const;

export function faqItem(id: string): FaqItem {
  for (const category of faqCategories) {
    const item = category.items.find((candidate) => candidate.id === id);
    if (item) return item;
  }
  throw new RangeError(`No FAQ item '${id}'`);
}
