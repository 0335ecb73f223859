import { describe, expect, it } from 'vitest';
import { estimatedExportBytes, exportFileName, exportMixSettings, exportSeconds, SILENT_MIX } from './export-mix';

const base = { loadedStemIds: ['drums', 'bass', 'vocals'], tempo: 1, transpose: 0, loop: null, loopOnly: null };

describe('exportMixSettings', () => {
  it("takes the mixer's effective gains: volumes, mutes (0) and a solo's silenced stems", () => {
    // selectStemGains of a mix with bass at 60 %, vocals muted: what the engine plays.
    expect(exportMixSettings({ ...base, gains: { drums: 1, bass: 0.6, vocals: 0 } })).toEqual({ gains: { drums: 1, bass: 0.6, vocals: 0 }, tempo: 1, transpose: 0, loop: null });
    // Soloed drums: the mixer mutes every other stem.
    expect(exportMixSettings({ ...base, gains: { drums: 0.8, bass: 0, vocals: 0 } }).gains).toEqual({ drums: 0.8, bass: 0, vocals: 0 });
  });

  it('leaves out stems that did not load, and clamps gains to 0..1', () => {
    expect(exportMixSettings({ ...base, loadedStemIds: ['drums', 'bass'], gains: { drums: 1.4, bass: -1, vocals: 1 } }).gains).toEqual({ drums: 1, bass: 0 });
    // A loaded stem the mixer does not know yet is silent, never full volume by accident.
    expect(exportMixSettings({ ...base, gains: { drums: 1 } }).gains).toEqual({ drums: 1, bass: 0, vocals: 0 });
  });

  it('refuses a mix where nothing sounds', () => {
    expect(() => exportMixSettings({ ...base, gains: { drums: 0, bass: 0, vocals: 0 } })).toThrow(RangeError);
  });

  it('carries the take chosen at its gain; a soloed take silences the band, and a muted take alone sounds nothing', () => {
    const take = { id: 'take-1', name: 'Take 1', gain: 0.7, soloed: false };
    expect(exportMixSettings({ ...base, gains: { drums: 1, bass: 1, vocals: 0 }, take })).toEqual({
      gains: { drums: 1, bass: 1, vocals: 0 },
      tempo: 1,
      transpose: 0,
      loop: null,
      take: { id: 'take-1', gain: 0.7 },
    });
    expect(exportMixSettings({ ...base, gains: { drums: 1, bass: 1, vocals: 1 }, take: { ...take, soloed: true } }).gains).toEqual({ drums: 0, bass: 0, vocals: 0 });
    // The band muted, the take still sounds: an export of the take alone.
    expect(exportMixSettings({ ...base, gains: { drums: 0, bass: 0, vocals: 0 }, take }).take).toEqual({ id: 'take-1', gain: 0.7 });
    expect(() => exportMixSettings({ ...base, gains: { drums: 0, bass: 0, vocals: 0 }, take: { ...take, gain: 0 } })).toThrow(SILENT_MIX);
    expect(exportMixSettings({ ...base, gains: { drums: 1 }, take: null })).not.toHaveProperty('take');
  });

  it('carries tempo and transpose, and the loop with its passes only when asked', () => {
    const loop = { start: 12.5, end: 20 };
    expect(exportMixSettings({ ...base, gains: { drums: 1 }, tempo: 0.7, transpose: -2, loop, loopOnly: null })).toMatchObject({ tempo: 0.7, transpose: -2, loop: null });
    expect(exportMixSettings({ ...base, gains: { drums: 1 }, loop, loopOnly: { passes: 4 } }).loop).toEqual({ start: 12.5, end: 20, passes: 4 });
    expect(() => exportMixSettings({ ...base, gains: { drums: 1 }, loop: null, loopOnly: { passes: 4 } })).toThrow(RangeError);
    expect(() => exportMixSettings({ ...base, gains: { drums: 1 }, loop, loopOnly: { passes: 0 } })).toThrow(RangeError);
    expect(() => exportMixSettings({ ...base, gains: { drums: 1 }, loop, loopOnly: { passes: 2.5 } })).toThrow(RangeError);
    expect(() => exportMixSettings({ ...base, gains: { drums: 1 }, loop, loopOnly: { passes: 51 } })).toThrow(RangeError);
  });
});

describe('exportSeconds and estimatedExportBytes', () => {
  it('lasts the song, or the passes of the loop, over the tempo', () => {
    expect(exportSeconds(180, { tempo: 1, loop: null })).toBe(180);
    expect(exportSeconds(180, { tempo: 0.75, loop: null })).toBe(240);
    expect(exportSeconds(180, { tempo: 0.5, loop: { start: 10, end: 12, passes: 5 } })).toBe(20);
  });

  it('sizes a WAV exactly and an MP3 by its bitrate', () => {
    // 6 s stereo at 44.1 kHz: 264,600 frames.
    expect(estimatedExportBytes('wav16', 6, 44_100, 2)).toBe(44 + 264_600 * 4);
    expect(estimatedExportBytes('wav32', 6, 44_100, 2)).toBe(80 + 264_600 * 8);
    expect(estimatedExportBytes('wav16', 1, 48_000, 6)).toBe(80 + 48_000 * 12);
    expect(estimatedExportBytes('mp3', 180, 44_100, 2)).toBe(7_200_000);
  });
});

describe('exportFileName', () => {
  it('names the download after the song', () => {
    expect(exportFileName('Sine Parade', 'wav16')).toBe('Sine Parade (Woodshed mix).wav');
    expect(exportFileName('Sine Parade', 'wav32')).toBe('Sine Parade (Woodshed mix, 32-bit float).wav');
    expect(exportFileName('Sine Parade', 'mp3')).toBe('Sine Parade (Woodshed mix).mp3');
  });

  it('keeps letters of any script and makes separators and reserved characters safe', () => {
    expect(exportFileName('Café del Mar: Live?', 'mp3')).toBe('Café del Mar Live (Woodshed mix).mp3');
    expect(exportFileName('AC/DC\\Back <in> "Black"|*', 'wav16')).toBe('AC DC Back in Black (Woodshed mix).wav');
    expect(exportFileName('  tabs\tand\nnewlines  ', 'wav16')).toBe('tabs and newlines (Woodshed mix).wav');
    expect(exportFileName('Ending with dots...', 'wav16')).toBe('Ending with dots (Woodshed mix).wav');
  });

  it('gives a name to a title with nothing usable, and shortens a very long one', () => {
    expect(exportFileName('???', 'wav16')).toBe('Untitled (Woodshed mix).wav');
    expect(exportFileName('', 'mp3')).toBe('Untitled (Woodshed mix).mp3');
    const long = exportFileName('x'.repeat(500), 'wav16');
    expect(long).toBe(`${'x'.repeat(120)} (Woodshed mix).wav`);
  });
});
