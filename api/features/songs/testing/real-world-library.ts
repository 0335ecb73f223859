import { chmodSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { flacFile, id3v2Tag, longMp3, mp3, oggVorbis, tone, wavFile, writeSparseWav } from './real-world-audio';
import { write } from './song-files';

// A library as musicians' disks hold them: long takes in mixed formats, rates and channel counts,
// tags and cover art, odd names, unreadable, truncated and broken files. The scan's integration
// test checks what the scan makes of it; `npm run bench:scan` times the scan of it.

export const longSeconds = 8.5 * 60;
/** Odd names that must survive the trip server -> filePath -> browser fetch -> server. */
export const oddNames = [
  'kick #1.wav',
  '50% snare.wav',
  'what?.wav',
  `"quoted" 'guitar'.wav`,
  'ドラム ü.wav',
  // The same letter decomposed, as macOS writes names.
  'u\u0308ber bass.wav',
  'a+b&c=d;e.wav',
  'tab\there.wav',
  'semi%3Bcolon.wav',
  'dots..in..name.wav',
  'UPPER.WAV',
];
/** Hidden files (AppleDouble `._` forks, dot files) are not stems: skipped without a word. */
const hiddenNames = ['._kick #1.wav', '.hidden.wav', '..double-dot.wav'];

/**
 * Writes the library into `songsDir` (emptied first), a folder inside `root`. Everything is readable
 * by `nobody` too, for a scan run with its rights, except the files and the folder locked on purpose.
 */
export async function writeRealWorldLibrary(root: string, songsDir: string): Promise<void> {
  rmSync(songsDir, { recursive: true, force: true });
  mkdirSync(songsDir, { recursive: true, mode: 0o755 });
  chmodSync(root, 0o755);

  const long = path.join(songsDir, 'long take');
  const cover = { title: 'Long Take', artist: 'The Testers', coverBytes: 1_500_000 };
  write(path.join(long, 'drums.mp3'), Buffer.concat([id3v2Tag(cover), await longMp3(longSeconds, 44100, 2, 320)]));
  writeSparseWav(path.join(long, 'bass.wav'), longSeconds + 2, 48000, 2);
  write(path.join(long, 'keys.flac'), flacFile(tone(60, 32000, 1), 32000, { TITLE: 'Keys take', ARTIST: 'Ünïcode' }, 300_000));
  write(path.join(long, 'vocals.ogg'), await oggVorbis(tone(30, 48000, 2, 330), 48000));
  write(path.join(long, 'guitar.mp3'), await mp3(tone(45, 48000, 1, 196), 48000, 64));
  // A byte order mark, as Windows editors save UTF-8.
  write(path.join(long, 'song.json'), `\uFEFF${JSON.stringify({ title: 'Long Take', genre: 'Rock', bpm: 96 })}`);

  const odd = path.join(songsDir, `odd "names" #1 ? 100%`);
  for (const [index, name] of oddNames.entries()) write(path.join(odd, name), wavFile(tone(1 + index / 10, 8000, 1, 200 + index * 20), 8000));
  for (const name of hiddenNames) write(path.join(odd, name), Buffer.from('resource fork, not audio'));

  const broken = path.join(songsDir, 'broken');
  write(path.join(broken, 'good.wav'), wavFile(tone(3, 22050, 2), 22050));
  write(path.join(broken, 'locked.wav'), wavFile(tone(2, 22050, 1), 22050));
  chmodSync(path.join(broken, 'locked.wav'), 0o000);
  // A WAV cut short: its header promises 3 s.
  write(path.join(broken, 'cut.wav'), wavFile(tone(3, 22050, 1), 22050).subarray(0, 22050));
  const ogg = await oggVorbis(tone(30, 44100, 1), 44100);
  write(path.join(broken, 'cut.ogg'), ogg.subarray(0, Math.floor(ogg.length * 0.5)));
  write(path.join(broken, 'header only.ogg'), ogg.subarray(0, 60));
  // A FLAC cut at 40%: its STREAMINFO still states 8 s.
  const flac = flacFile(tone(8, 16000, 1), 16000, { TITLE: 'Cut' });
  write(path.join(broken, 'cut.flac'), flac.subarray(0, Math.floor(flac.length * 0.4)));
  mkdirSync(path.join(broken, 'folder.mp3'));
  symlinkSync('loop.mp3', path.join(broken, 'loop.mp3'));
  execFileSync('mkfifo', [path.join(broken, 'pipe.wav')]);
  write(path.join(broken, 'song.json'), '{ "title": "Broken", bpm: 120 ');
  write(path.join(broken, 'lyrics.lrc'), '[00:01.00] la\n');
  chmodSync(path.join(broken, 'lyrics.lrc'), 0o000);

  mkdirSync(path.join(songsDir, 'empty folder'));
  write(path.join(songsDir, 'locked folder', 'drums.wav'), wavFile(tone(1, 8000, 1), 8000));
  chmodSync(path.join(songsDir, 'locked folder'), 0o000);
  write(path.join(songsDir, 'z last', 'drums.wav'), wavFile(tone(2, 8000, 1), 8000));
}

/** Bytes this process has read through read(2) and friends so far (Linux). */
export function bytesReadSoFar(): number {
  const io = readFileSync('/proc/self/io', 'utf8');
  return Number(/^rchar: (\d+)$/m.exec(io)?.[1]);
}
