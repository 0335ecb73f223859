import type { FollowUpTutorial } from './tutorial-flow';

export interface TutorialCopy {
  title: string;
  paragraphs: readonly string[];
}

export const welcomeCopy: TutorialCopy = {
  title: 'Welcome to Woodshed',
  paragraphs: [
    'Every song here is split into stems: drums, bass, guitar, keys, vocals and effects, played together in sync.',
    'Find a song with the search box or the genre filter, star the ones you keep coming back to, and press Load Song to open it in the player.',
    'In the player you set each instrument’s volume, mute it with M or solo it with S, and follow the lyrics and the chords while you play along.',
  ],
};

export const choiceCopy = {
  title: 'How do you want to practise?',
  text: 'Pick one and we’ll show you where to start. You can mix it differently any time.',
};

export const choiceOptions: Readonly<Record<FollowUpTutorial, string>> = {
  listen: 'Just listen',
  karaoke: 'Sing karaoke',
  drums: 'Play drums',
  bass: 'Play bass',
  guitar: 'Play guitar',
  keyboard: 'Play keys',
};

const playAlong = (strip: string, instrument: string): TutorialCopy => ({
  title: `Playing ${instrument}`,
  paragraphs: [
    `Press M on the ${strip} strip to take the band’s ${instrument} out, then press Play and take the part yourself. Pull its slider down instead to keep a quiet guide.`,
    'The chord strip shows the chord sounding now and the next one. Click a section marker under the seek bar, or a point on the ring, to go back over a passage.',
    'A hard passage? Open PRACTICE TOOLS: slow the tempo without changing the key (or transpose it), loop it with Set A and Set B, let the speed trainer raise the tempo each pass, and add a count-in or a click. EXPORT MIX saves the backing track you made, songs you opened play offline, and the Practice Log in the account menu shows your progress.',
  ],
});

export const followUpCopy: Readonly<Record<FollowUpTutorial, TutorialCopy>> = {
  listen: {
    title: 'Just listening',
    paragraphs: [
      'Press Play to hear every stem together. Click a point on the ring or a section marker to jump there; the time in the ring’s middle follows.',
      'Each strip’s slider and meter belong to one instrument: raise one to hear it up front, or press S to hear it alone. MUTE ALL silences everything and remembers how it was.',
    ],
  },
  karaoke: {
    title: 'Singing karaoke',
    paragraphs: [
      'Songs with lyrics have a KARAOKE button in the song info panel. It opens the lyrics full screen: the current section, line and word light up as the song plays.',
      'Press M on the Vocals strip to sing the lead yourself. Escape or the × closes the lyrics.',
    ],
  },
  drums: playAlong('Drums', 'drums'),
  bass: playAlong('Bass', 'bass'),
  guitar: playAlong('Guitar', 'guitar'),
  keyboard: playAlong('Keys', 'keys'),
};
