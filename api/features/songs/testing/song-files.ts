import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { TestBrowser } from '../../../testing/test-browser';
import { wavOf } from '../analysis/testing/synthetic-audio';
import type { ScanProgress } from '../song-scan';

/** A mono 16-bit PCM WAV of `seconds` of a quiet 220 Hz tone: a stem the scan can read a duration from. */
export function wav(seconds: number, rate = 8000): Buffer {
  const samples = Float32Array.from({ length: Math.round(seconds * rate) }, (_, i) => (Math.sin((i * 2 * Math.PI * 220) / rate) * 4000) / 32767);
  return wavOf(samples, rate);
}

/** Write a file of a fixture library, creating its folders; answers the file's path. */
export function write(file: string, content: string | Buffer): string {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  return file;
}

/** Make `file` a symlink to `target`, replacing whatever is there. */
export function link(file: string, target: string): void {
  rmSync(file, { force: true });
  mkdirSync(path.dirname(file), { recursive: true });
  symlinkSync(target, file);
}

/** POST /api/songs/scan (202 and a message), then poll its progress until it is done. */
export async function scanSongs(browser: TestBrowser): Promise<ScanProgress> {
  const started = await browser.post<{ message: string }>('/api/songs/scan');
  expect(started.status).toBe(202);
  expect(started.body).toEqual({ message: expect.any(String) });
  for (let attempt = 0; attempt < 300; attempt++) {
    const progress = await browser.get<ScanProgress>('/api/songs/scan/progress');
    if (!progress.body.isScanning) return progress.body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('The scan did not finish');
}
