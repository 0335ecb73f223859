/** The /features page's groups (spec 001, 2.5): what the player, library and account do today. */
export const featureGroups = [
  {
    id: 'mixer',
    title: 'The mixer',
    intro: 'Every song plays as its stems, each on its own channel strip.',
    items: [
      { title: 'Six instrument groups', text: 'Drums, bass, guitar, keys, vocals and effects, in that order, with one strip per stem the song has.' },
      { title: 'Sample-aligned playback', text: 'All stems start on one shared audio clock, so they stay locked together through play, pause, stop and seeking.' },
      { title: 'Volume, mute and solo', text: 'A slider and level meter per strip, M to mute and S to solo. Unsolo gives you back the mix you had.' },
      { title: 'Mute all', text: 'MUTE ALL silences every stem at once and remembers how they were for UNMUTE ALL.' },
    ],
  },
  {
    id: 'follow-along',
    title: 'Follow along',
    intro: 'See where you are in the song and what comes next.',
    items: [
      { title: 'Karaoke lyrics', text: 'A full-screen lyrics view that follows playback and lights up the section, line and word, for songs with lyrics.' },
      { title: 'Chord strip', text: 'The chord sounding now and the next one, from the song’s chord chart or detected from the audio when it has none.' },
      { title: 'Section markers', text: 'Verse, chorus and bridge markers under the seek bar; click one to jump there.' },
      { title: 'Circular waveform and spectrum', text: 'Click anywhere on the waveform ring to seek; the spectrum analyser shows the mix as you change it.' },
    ],
  },
  {
    id: 'practice',
    title: 'Practice tools',
    intro: 'Slow a hard passage down, loop it and speed it up again, in the PRACTICE TOOLS tab of the player.',
    items: [
      { title: 'Tempo and transpose', text: 'Play from 50% to 150% of the tempo without changing the key, or move the key from 6 semitones down to 6 up without changing the tempo; the drums are never transposed.' },
      { title: 'A-B loops and the speed trainer', text: 'Set A and Set B, or Loop Section, to repeat a passage without a gap at the seam. The speed trainer starts it slow and adds a step to the tempo each pass, up to your target.' },
      { title: 'Count-in and click', text: 'A count-in of one or two bars before you play, or before every pass of the loop, and a click on every beat, each with its own volume, for songs whose tempo is known.' },
      { title: 'Export the mix you hear', text: 'EXPORT MIX saves your mix, with your mutes, levels, tempo and transpose, and the loop alone if you like, as a WAV or MP3 file. It is made from the stems already loaded, so it uses no credits.' },
      { title: 'Offline songs', text: 'Songs you have opened are kept in your browser and play without a network. Offline Songs in the account menu shows the space they take and clears them.' },
      { title: 'Practice log', text: 'Every session is logged: the Practice Log shows your time per day and per song, the tempo you reached on a looped passage over time, and your streak, on all your devices.' },
    ],
  },
  {
    id: 'library',
    title: 'The library',
    intro: 'Find the next song to work on.',
    items: [
      { title: 'Search, filter and sort', text: 'Search by title, filter by genre and sort by tempo, difficulty, length or popularity.' },
      { title: 'Song details', text: 'Tempo, key, genres, a difficulty from 1 to 10 and the length of every song; tempo and key are measured from the audio when missing.' },
      { title: 'Stars', text: 'Star the songs you are working on and find them under STARRED.' },
      { title: 'Kept in your browser', text: 'Your library, stars and presets are stored locally and synced with your account, so they appear straight away.' },
    ],
  },
  {
    id: 'account',
    title: 'Your account',
    intro: 'Simple to start, clear about what you use.',
    items: [
      { title: 'Password-free sign-in', text: 'A magic link or a 6-digit code by e-mail; the code is valid for 15 minutes.' },
      { title: 'Usage you can see', text: 'The Usage & Credits page shows the credits used this month, what is left and when the free credits reset.' },
      { title: 'Presets with Pro', text: 'Save the slider settings of each song and load them the next time you practise it.' },
      { title: 'Your data, your call', text: 'Choose which announcement e-mails you get, and ask for a copy or the deletion of your data through the privacy request form.' },
    ],
  },
] as const;
