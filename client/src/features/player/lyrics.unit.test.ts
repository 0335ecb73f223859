import { describe, expect, it } from 'vitest';
import { lyricPositionAt, parseLyrics } from './lyrics';

// As the demo library writes it (docs/song-folder-format.md), with a line before any header.
const song = [
  '[00:01.00]Count me in',
  '',
  '[Chorus]',
  '[00:15.48]<00:15.48>Neon <00:15.97>tidewater',
  '[00:17.42]<00:17.42>pulling <00:17.66>me <00:17.90>under <00:18.15>the <00:18.39>lights',
  '[Verse]',
  '[00:30.00]A plain line without word stamps',
].join('\n');

describe('parseLyrics', () => {
  it('reads timed lines, word stamps and sections, with lines before any header under Lyrics', () => {
    const lyrics = parseLyrics(song);
    expect(lyrics.problems).toEqual([]);
    expect(lyrics.sections.map((section) => section.name)).toEqual(['Lyrics', 'Chorus', 'Verse']);
    expect(lyrics.lines.map((line) => [line.time, line.text, line.section])).toEqual([
      [1, 'Count me in', 0],
      [15.48, 'Neon tidewater', 1],
      [17.42, 'pulling me under the lights', 1],
      [30, 'A plain line without word stamps', 2],
    ]);
    expect(lyrics.lines[1]!.words).toEqual([
      { time: 15.48, text: 'Neon' },
      { time: 15.97, text: 'tidewater' },
    ]);
    expect(lyrics.lines[3]!.words).toEqual([]);
  });

  it('ends a line 1.5 s after its last word, or after its own stamp without words', () => {
    const lyrics = parseLyrics(song);
    expect(lyrics.lines[1]!.end).toBeCloseTo(15.97 + 1.5, 10);
    expect(lyrics.lines[2]!.end).toBeCloseTo(18.39 + 1.5, 10);
    expect(lyrics.lines[3]!.end).toBeCloseTo(31.5, 10);
    expect(lyrics.sections[1]).toMatchObject({ start: 15.48, firstLine: 1, lastLine: 2 });
    expect(lyrics.sections[1]!.end).toBeCloseTo(19.89, 10);
  });

  it('skips malformed lines, reports each with its line number and reason, and keeps the rest', () => {
    const lyrics = parseLyrics(
      [
        '[Intro]',
        'no stamp at all',
        '[00:1x.00]bad stamp',
        '[00:60.00]seconds out of range',
        '[00:05.00]<00:05.00>good <00:05.50>line',
        '[00:06.00]<00:06.00>bad <0x:06.50>word',
        '[00:07.00]lead <00:07.20>text',
        '[00:08.00]<00:08.50>back <00:08.20>wards',
        '[00:09.00]<00:08.50>before its line',
        '[00:10.00]<00:10.00>unclosed <00:10.50',
        '[00:04.00]earlier than the line before',
        '[00:11.00][00:20.00]repeated stamps',
        '[Verse',
        '[00:12.00]still read',
      ].join('\r\n'),
    );
    expect(lyrics.lines.map((line) => line.text)).toEqual(['good line', 'still read']);
    expect(lyrics.problems.map((problem) => [problem.lineNumber, problem.reason])).toEqual([
      [2, 'no time stamp'],
      [3, 'bad time stamp'],
      [4, 'bad time stamp'],
      [6, 'bad word stamp'],
      [7, 'text before the first word stamp'],
      [8, 'word stamps out of order'],
      [9, 'word stamp before its line'],
      [10, 'bad word stamp'],
      [11, 'earlier than the line before'],
      [12, 'more than one line stamp'],
      [13, 'no time stamp'],
    ]);
    expect(lyrics.problems[0]!.text).toBe('no stamp at all');
  });

  it('ignores LRC id tags, blank and timed blank lines, a byte order mark and an end-of-word stamp', () => {
    const lyrics = parseLyrics('\uFEFF[ti:Neon Tidewater]\n[ar:Woodshed]\n\n[00:01.00]\n[00:02.00]<00:02.00>one <00:02.40>two <00:03.00>\n');
    expect(lyrics.problems).toEqual([]);
    expect(lyrics.lines).toHaveLength(1);
    expect(lyrics.lines[0]).toMatchObject({ text: 'one two', section: 0 });
    expect(lyrics.lines[0]!.words.map((word) => word.text)).toEqual(['one', 'two']);
    expect(lyrics.lines[0]!.end).toBeCloseTo(3.9, 10);
    expect(lyrics.sections.map((section) => section.name)).toEqual(['Lyrics']);
  });

  it('drops a header with no lines and keeps a repeated section as its own run', () => {
    const lyrics = parseLyrics('[Intro]\n[Verse]\n[00:01.00]a\n[Chorus]\n[00:02.00]b\n[Verse]\n[00:03.00]c');
    expect(lyrics.sections.map((section) => [section.name, section.firstLine, section.lastLine])).toEqual([
      ['Verse', 0, 0],
      ['Chorus', 1, 1],
      ['Verse', 2, 2],
    ]);
  });

  it('gives empty lyrics for an empty file', () => {
    expect(parseLyrics('')).toEqual({ sections: [], lines: [], problems: [] });
  });
});

describe('lyricPositionAt', () => {
  const lyrics = parseLyrics(song);

  it('has nothing current before the first line', () => {
    expect(lyricPositionAt(lyrics, 0.5)).toEqual({ section: null, line: null, word: null, lastStartedLine: null });
  });

  it('follows the section, line and word being sung', () => {
    expect(lyricPositionAt(lyrics, 15.48)).toEqual({ section: 1, line: 1, word: 0, lastStartedLine: 1 });
    expect(lyricPositionAt(lyrics, 16)).toEqual({ section: 1, line: 1, word: 1, lastStartedLine: 1 });
    expect(lyricPositionAt(lyrics, 18.2)).toEqual({ section: 1, line: 2, word: 3, lastStartedLine: 2 });
  });

  it('keeps the section but no line between a line end and the next line', () => {
    expect(lyricPositionAt(lyrics, 17.0)).toEqual({ section: 1, line: 1, word: 1, lastStartedLine: 1 }); // 15.97 + 1.5 = 17.47
    expect(lyricPositionAt(lyrics, 20)).toEqual({ section: 1, line: null, word: null, lastStartedLine: 2 });
  });

  it('highlights a plain line without a word', () => {
    expect(lyricPositionAt(lyrics, 30.5)).toEqual({ section: 2, line: 3, word: null, lastStartedLine: 3 });
    expect(lyricPositionAt(lyrics, 400)).toEqual({ section: 2, line: null, word: null, lastStartedLine: 3 });
  });
});
