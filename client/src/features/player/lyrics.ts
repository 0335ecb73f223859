import type { Seconds } from '../../lib/audio/units';
import { findLastAtOrBefore } from './find-last-at-or-before';
import { parseTimeStamp } from './time-stamp';

/** Spec 000 section 3: a lyric line ends this long after its last word (or its own stamp). */
export const LYRIC_LINE_TAIL: Seconds = 1.5;
export const UNSECTIONED_LYRICS = 'Lyrics';

/** One word sung at `time` (enhanced-LRC `<mm:ss.xx>word`). */
export interface LyricWord {
  time: Seconds;
  text: string;
}

export interface LyricLine {
  time: Seconds;
  end: Seconds;
  text: string;
  /** Empty when the line has no word stamps (plain text). */
  words: LyricWord[];
  section: number;
}

export interface LyricSection {
  name: string;
  start: Seconds;
  end: Seconds;
  firstLine: number;
  lastLine: number;
}

/** A line of the file that was skipped, and why (1-based line number, as an editor shows it). */
export interface LyricsProblem {
  lineNumber: number;
  text: string;
  reason: string;
}

export interface Lyrics {
  sections: LyricSection[];
  lines: LyricLine[];
  problems: LyricsProblem[];
}

// A section header alone on its line: `[Verse]`, `[Chorus 2]`, `[Pre-Chorus]`.
const headerPattern = /^\[([A-Za-z][A-Za-z0-9' -]*)\]$/;
// LRC id tags (`[ti:...]`, `[ar:...]`, `[offset:...]`): known to LRC, ignored here (format doc).
const idTagPattern = /^\[[A-Za-z#]+:[^\]]*\]$/;
const timedPattern = /^\[([^\]]*)\](.*)$/;
const wordPattern = /<([^>]*)>([^<]*)/y;

type ParsedBody = { text: string; words: LyricWord[] } | { problem: string };

/** Parses `lyrics.lrc` (docs/song-folder-format.md); malformed lines are skipped into `problems`, so one never hides the rest. */
export function parseLyrics(source: string): Lyrics {
  const lyrics: Lyrics = { sections: [], lines: [], problems: [] };
  let sectionName = UNSECTIONED_LYRICS;
  let sectionOpen = false; // whether `sectionName` already has a LyricSection
  source
    .replace(/^\uFEFF/, '')
    .split(/\r?\n|\r/)
    .forEach((raw, index) => {
      const text = raw.trim();
      const skip = (reason: string) => lyrics.problems.push({ lineNumber: index + 1, text, reason });
      if (text === '' || idTagPattern.test(text)) return;
      const header = headerPattern.exec(text);
      if (header) {
        sectionName = header[1]!.trim();
        sectionOpen = false;
        return;
      }
      const timed = timedPattern.exec(text);
      if (!timed) return skip('no time stamp');
      const time = parseTimeStamp(timed[1]!.trim());
      if (time === null) return skip('bad time stamp');
      const body = parseBody(timed[2]!.trim(), time);
      if ('problem' in body) return skip(body.problem);
      if (body.text === '') return; // a timed blank line: an instrumental gap, nothing to show
      const previous = lyrics.lines.at(-1);
      if (previous && time < previous.time) return skip('earlier than the line before');

      if (!sectionOpen) {
        lyrics.sections.push({ name: sectionName, start: time, end: time, firstLine: lyrics.lines.length, lastLine: lyrics.lines.length });
        sectionOpen = true;
      }
      const sectionIndex = lyrics.sections.length - 1;
      const section = lyrics.sections[sectionIndex]!;
      const end = (body.words.at(-1)?.time ?? time) + LYRIC_LINE_TAIL;
      lyrics.lines.push({ time, end, text: body.text, words: body.words, section: sectionIndex });
      section.lastLine = lyrics.lines.length - 1;
      section.end = Math.max(section.end, end);
    });
  return lyrics;
}

function parseBody(body: string, lineTime: Seconds): ParsedBody {
  if (body.startsWith('[')) return { problem: 'more than one line stamp' };
  const firstStamp = body.indexOf('<');
  if (firstStamp === -1) return { text: body.replace(/\s+/g, ' '), words: [] };
  if (firstStamp > 0) return { problem: 'text before the first word stamp' };

  const words: LyricWord[] = [];
  wordPattern.lastIndex = 0;
  let match: RegExpExecArray | null;
  while (wordPattern.lastIndex < body.length && (match = wordPattern.exec(body)) !== null) {
    const time = parseTimeStamp(match[1]!.trim());
    if (time === null) return { problem: 'bad word stamp' };
    if (time < lineTime) return { problem: 'word stamp before its line' };
    if (words.length > 0 && time < words.at(-1)!.time) return { problem: 'word stamps out of order' };
    const text = match[2]!.trim().replace(/\s+/g, ' ');
    // A stamp with no word after it only marks where the last word ends.
    if (text !== '') words.push({ time, text });
  }
  if (wordPattern.lastIndex < body.length) return { problem: 'bad word stamp' };
  return { text: words.map((word) => word.text).join(' '), words };
}

export interface LyricPosition {
  /** The section of the last line that started (it stays current through instrumental gaps). */
  section: number | null;
  /** The line being sung: started and not yet ended. */
  line: number | null;
  word: number | null;
  /** The last line that started, ended or not: what the overlay scrolls to. */
  lastStartedLine: number | null;
}

/** The section, line and word current at `time` (binary search: cheap on every animation frame). */
export function lyricPositionAt(lyrics: Lyrics, time: Seconds): LyricPosition {
  const started = findLastAtOrBefore(lyrics.lines, time);
  if (started === -1) return { section: null, line: null, word: null, lastStartedLine: null };
  const line = lyrics.lines[started]!;
  const isSung = time < line.end;
  const word = isSung ? findLastAtOrBefore(line.words, time) : -1;
  return {
    section: line.section,
    line: isSung ? started : null,
    word: word === -1 ? null : word,
    lastStartedLine: started,
  };
}
