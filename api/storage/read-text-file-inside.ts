import { openRegularFile, realPathInside } from './real-path-inside';

/** Why a text file was not read: never its contents, which may be any file the server can read. */
export type TextFileRefusal = 'missing' | 'outside' | 'not-a-file' | 'too-large';

export type TextFileRead = { ok: true; text: string } | { ok: false; refusal: TextFileRefusal };

/**
 * Read the small text file `file` only when it really is inside `directory` (symlinks resolved)
 * and a regular file: a link out of it could be any file the server can read, and a FIFO or a
 * device would block or never end. The file is opened without following a link and without
 * blocking (`openRegularFile`), its type and size are checked on the open handle, and at most one
 * byte past `maxBytes` is read (it may grow after the check). Other errors (no permission) throw.
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
