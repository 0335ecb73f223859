import { describe, expect, it } from 'vitest';
import { stemStreamUrl, stemStreamUrlSchema } from './stem-stream-url';

describe('stemStreamUrl', () => {
  it('puts the filename in one encoded path segment', () => {
    expect(stemStreamUrl(7, 'drums.mp3')).toBe('/api/stems/stream/7/drums.mp3');
    expect(stemStreamUrl(7, "Lead Vox 'take 2'.wav")).toBe("/api/stems/stream/7/Lead%20Vox%20'take%202'.wav");
    expect(stemStreamUrl(7, '../secret')).toBe('/api/stems/stream/7/..%2Fsecret');
    expect(stemStreamUrl(7, 'bäss#1?.mp3')).toBe('/api/stems/stream/7/b%C3%A4ss%231%3F.mp3');
  });

  it('refuses an invalid song id or an empty filename', () => {
    expect(() => stemStreamUrl(0, 'a.mp3')).toThrow(RangeError);
    expect(() => stemStreamUrl(1.5, 'a.mp3')).toThrow(RangeError);
    expect(() => stemStreamUrl(1, '')).toThrow(RangeError);
  });
});

describe('stemStreamUrlSchema', () => {
  it('takes every URL stemStreamUrl builds, and nothing that is not one', () => {
    for (const filename of ['drums.mp3', "Lead Vox 'take 2'.wav", '../secret', 'bäss#1?.mp3']) {
      expect(stemStreamUrlSchema.safeParse(stemStreamUrl(12, filename)).success, filename).toBe(true);
    }
    for (const url of ['/srv/songs/7/drums.mp3', '/api/stems/stream/0/a.mp3', '/api/stems/stream/7/', '/api/stems/stream/7/a/b.mp3', 'https://example.com/api/stems/stream/7/a.mp3']) {
      expect(stemStreamUrlSchema.safeParse(url).success, url).toBe(false);
    }
  });
});
