import type { AppContext } from './app-context';
import { AppError } from './app-error';

/**
 * The request body as bytes, for a route the app's JSON parser does not read (a webhook verified on
 * its raw bytes, or one whose JSON comes labelled otherwise). A body over `maxBytes` is a 413, by its
 * declared length before anything is read, and by what arrived while reading.
 */
export async function readRawBody(ctx: AppContext, maxBytes: number): Promise<Buffer> {
  const tooLarge = () => new AppError(413, 'payload_too_large', 'The request body is too large.');
  const declared = Number(ctx.get('content-length') || '0');
  if (declared > maxBytes) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > maxBytes) throw tooLarge();
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}
