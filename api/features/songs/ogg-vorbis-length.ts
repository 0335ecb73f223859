import { open } from 'node:fs/promises';

/**
 * An Ogg page's header: the capture pattern, version 0, the header type (0x04: the stream's last
 * page), the granule position (for Vorbis, the samples decoded up to the end of this page) and the
 * segment table that gives the page's length.
 */
const capture = Buffer.from('OggS', 'latin1');
const lastPageFlag = 0x04;
/** The largest Ogg page is 27 + 255 + 255 * 255 bytes: a tail of two holds a whole last page. */
const tailBytes = 2 * (27 + 255 + 255 * 255);

/** What an Ogg Vorbis file's last pages say: samples per channel to its last page, and whether the stream's end is there. */
export interface OggVorbisLength {
  samples: number;
  /** The last whole page found is the stream's last page. */
  complete: boolean;
}

/**
 * The length of an Ogg Vorbis file from its tail alone: the granule position of the last whole
 * page. music-metadata finds it by reading every page from the start (the whole file); this reads
 * at most the last 130 KB. Undefined when no whole page with a position is in the tail.
 */
export async function readOggVorbisLength(file: string): Promise<OggVorbisLength | undefined> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const start = Math.max(0, size - tailBytes);
    const tail = Buffer.alloc(size - start);
    await handle.read(tail, 0, tail.length, start);
    return lastWholePage(tail);
  } finally {
    await handle.close();
  }
}

function lastWholePage(tail: Buffer): OggVorbisLength | undefined {
  for (let at = tail.lastIndexOf(capture); at >= 0; at = at === 0 ? -1 : tail.lastIndexOf(capture, at - 1)) {
    const length = pageLength(tail, at);
    // Not a page (the pattern inside audio data) or a page cut short: look further back.
    if (length === undefined || at + length > tail.length) continue;
    const granule = tail.readBigInt64LE(at + 6);
    // -1: no packet ends on this page; the position is on an earlier one.
    if (granule < 0n) continue;
    // Bytes after it (a tagger's padding) do not matter; a stream cut short has no last page.
    const complete = (tail[at + 5]! & lastPageFlag) !== 0;
    return { samples: Number(granule), complete };
  }
  return undefined;
}

function pageLength(buffer: Buffer, at: number): number | undefined {
  if (at + 27 > buffer.length || buffer[at + 4] !== 0) return undefined;
  const segments = buffer[at + 26]!;
  if (at + 27 + segments > buffer.length) return undefined;
  let body = 0;
  for (let index = 0; index < segments; index++) body += buffer[at + 27 + index]!;
  return 27 + segments + body;
}
