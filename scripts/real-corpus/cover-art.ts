/** A piece's cover: a diagonal two-colour gradient with stripes, drawn from its slug (same slug, same PNG). */
import { createHash } from 'node:crypto';
import { runTool } from './run-tool';

const size = 320;

export function coverPixels(slug: string): Uint8Array {
  const hash = createHash('sha256').update(slug).digest();
  const from = [hash[0]!, hash[1]!, hash[2]!];
  const to = [hash[3]!, hash[4]!, hash[5]!];
  const stripe = 16 + (hash[6]! % 48);
  const pixels = new Uint8Array(size * size * 3);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const mix = (x + y) / (2 * size);
      const shade = Math.floor((x - y + size) / stripe) % 2 === 0 ? 1 : 0.8;
      for (let c = 0; c < 3; c++) pixels[(y * size + x) * 3 + c] = Math.round((from[c]! * (1 - mix) + to[c]! * mix) * shade);
    }
  }
  return pixels;
}

export async function writeCover(slug: string, pngPath: string): Promise<void> {
  await runTool('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${size}x${size}`, '-i', '-', '-frames:v', '1', '-fflags', '+bitexact', '-flags', '+bitexact', pngPath], { input: coverPixels(slug) });
}
