import { openRegularFile, realPathInside } from './real-path-inside';

/** Why a text file was not read: never its contents, which may be any file the server can read. */
export type TextFileRefusal = 'missing' | 'outside' | 'not-a-file' | 'too-large';

export type TextFileRead = { ok: true; text: string } | { ok: false; refusal: TextFileRefusal };

/**
 * Read the small text file `file` only if it is a regular file really inside `directory`: a link
 * out could be any file, a FIFO would block. Opened without following links or blocking, checked on
 * the handle, at most `maxBytes` + 1 read. Other errors (no permission) throw.
 */
export async function readTextFileInside(file: string, directory: string, maxBytes: number): Promise<TextFileRead> {
  const real = await realPathInside(file, directory);
  if (real === 'missing') return { ok: false, refusal: 'missing' };
  if (!real.inside) return { ok: false, refusal: 'outside' };
  const opened = await openRegularFile(real.realFile);
  if (!opened) return { ok: false, refusal: 'not-a-file' };
  try {
    if (opened.size > maxBytes) return { ok: false, refusal: 'too-large' };
    const buffer = Buffer.alloc(maxBytes + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await opened.handle.read(buffer, length, buffer.length - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > maxBytes) return { ok: false, refusal: 'too-large' };
    }
    return { ok: true, text: buffer.subarray(0, length).toString('utf8') };
  } finally {
    await opened.handle.close();
  }
}
