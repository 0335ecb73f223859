import { describe, expect, it } from 'vitest';
import { chordInstruments, composeSong } from './compose-song';
import { songPlans } from './song-plans';

const stamp = /(\d\d):(\d\d)\.(\d\d)/;
const seconds = (text: string) => {
  const [, minutes, whole, hundredths] = stamp.exec(text)!;
  return Number(minutes) * 60 + Number(whole) + Number(hundredths) / 100;
};

interface ParsedLine {
  section: string;
  time: number;
  words: { time: number; text: string }[];
}

/** The spec's format as the scanner will read it, strictly: anything else fails the test. */
function parseLrc(text: string): ParsedLine[] {
  const lines: ParsedLine[] = [];
  let section: string | undefined;
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const header = /^\[(Verse|Chorus|Bridge|Intro|Outro|Break)\]$/.exec(line);
    if (header) {
      section = header[1];
      continue;
    }
    const timed = /^\[(\d\d:\d\d\.\d\d)\](<\d\d:\d\d\.\d\d>\S+(?: <\d\d:\d\d\.\d\d>\S+)*)$/.exec(line);
    if (!timed || !section) throw new Error(`Malformed lyrics line: ${line}`);
    const words = timed[2]!.split(' ').map((word) => ({ time: seconds(word.slice(1, 9)), text: word.slice(10) }));
    lines.push({ section, time: seconds(timed[1]!), words });
  }
  return lines;
}

describe.each(songPlans.map((plan) => [plan.slug, plan] as const))('the text files of %s', (_slug, plan) => {
  const song = composeSong(plan, 'test');
  const duration = song.truth.durationSeconds;

  it('writes lyrics.lrc in the spec format, sorted, with a header per section in the form order', () => {
    const lrc = song.texts['lyrics.lrc']!;
    const lines = parseLrc(lrc);
    expect(lines.length).toBeGreaterThanOrEqual(8);
    for (let index = 1; index < lines.length; index++) expect(lines[index]!.time).toBeGreaterThan(lines[index - 1]!.time);
    const headers = lrc.split('\n').filter((line) => /^\[[A-Z][a-z]+\]$/.test(line));
    expect(headers).toEqual(['[Verse]', '[Chorus]', '[Verse]', '[Chorus]', '[Bridge]', '[Chorus]']);
  });

  it('stamps every word inside its line, in order, at the onset of the vocal note that sings it', () => {
    const lines = parseLrc(song.texts['lyrics.lrc']!);
    lines.forEach((line, index) => {
      const next = lines[index + 1]?.time ?? duration;
      expect(line.words[0]!.time).toBe(line.time);
      for (let word = 1; word < line.words.length; word++) expect(line.words[word]!.time).toBeGreaterThan(line.words[word - 1]!.time);
      expect(line.words.at(-1)!.time).toBeLessThan(next);
      for (const word of line.words) {
        const note = song.vocals.notes.find((candidate) => Math.round(candidate.start * 100) === Math.round(word.time * 100));
        expect(note, `${word.text} at ${word.time}`).toBeDefined();
        expect(note!.word).toBe(word.text);
        expect(word.time).toBeLessThan(note!.end);
      }
    });
    // Every sung note has its word in the file.
    expect(lines.reduce((sum, line) => sum + line.words.length, 0)).toBe(song.vocals.notes.length);
  });

  it('writes four chord files of sorted `[mm:ss.xx] Chord` lines from the start, each chord a change', () => {
    for (const instrument of chordInstruments) {
      const lines = song.texts[`chords/${instrument}.txt`]!.trimEnd().split('\n');
      const parsed = lines.map((line) => {
        const match = /^\[(\d\d:\d\d\.\d\d)\] ([A-G][#b]?(?:maj9|maj7|m7b5|m9|m7|m|7|9|6|5|dim|sus2|sus4)?)$/.exec(line);
        if (!match) throw new Error(`Malformed chord line in ${instrument}.txt: ${line}`);
        return { time: seconds(match[1]!), chord: match[2]! };
      });
      expect(parsed[0]!.time).toBe(0);
      for (let index = 1; index < parsed.length; index++) {
        expect(parsed[index]!.time).toBeGreaterThan(parsed[index - 1]!.time);
        expect(parsed[index]!.chord).not.toBe(parsed[index - 1]!.chord);
      }
      expect(parsed.at(-1)!.time).toBeLessThan(duration);
      expect(parsed.map((entry) => entry.chord)).toEqual(song.truth.chords[instrument].map((entry) => entry.chord));
    }
    expect(song.texts['chords/bass.txt']).not.toMatch(/\d\n/);
    expect(song.texts['chords/master.txt']!.split('\n').length).toBeGreaterThan(4);
  });

  it('writes contiguous sections.json from 0 to the end and song.json with the plan fields', () => {
    const sections = JSON.parse(song.texts['sections.json']!) as { type: string; startTime: number; endTime: number }[];
    expect(sections[0]!.startTime).toBe(0);
    expect(sections.at(-1)!.endTime).toBe(duration);
    for (let index = 1; index < sections.length; index++) expect(sections[index]!.startTime).toBe(sections[index - 1]!.endTime);
    for (const section of sections) expect(['verse', 'chorus', 'bridge', 'intro', 'outro', 'break', 'other']).toContain(section.type);
    const songJson = JSON.parse(song.texts['song.json']!) as Record<string, unknown>;
    expect(songJson).toEqual({ title: plan.title, genre: plan.genre, ...(plan.genre2 ? { genre2: plan.genre2 } : {}), key: plan.key, bpm: plan.bpm, difficulty: plan.difficulty });
  });
});

describe('instrument chord files', () => {
  it('name power chords for a rock guitar, ninths for funk keys and plain triads for the bass', () => {
    const rock = composeSong(songPlans.find((plan) => plan.genre === 'Rock')!, 'test');
    expect(rock.texts['chords/guitar.txt']).toContain('] E5');
    expect(rock.texts['chords/master.txt']).toContain('] Em');
    const funk = composeSong(songPlans.find((plan) => plan.genre === 'Funk')!, 'test');
    expect(funk.texts['chords/keys.txt']).toContain('] Am9');
    expect(funk.texts['chords/master.txt']).toContain('] Am7');
    expect(funk.texts['chords/bass.txt']).toContain('] Am');
    expect(funk.texts['chords/bass.txt']).not.toContain('Am7');
  });
});
