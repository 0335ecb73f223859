import { describe, expect, it } from 'vitest';
import { currentMarkerIndex, markerText, sectionMarkers } from './section-markers-layout';
import type { SongSection } from './section-markers-layout';

const sections: SongSection[] = [
  { type: 'verse', startTime: 10, endTime: 30 },
  { type: 'intro', startTime: 0, endTime: 10 },
  { type: 'chorus', startTime: 30, endTime: 50 },
  { type: 'verse', startTime: 50, endTime: 70 },
  { type: 'outro', startTime: 70, endTime: 90 },
];

describe('sectionMarkers', () => {
  it('places each section on the seek bar by time, in time order, numbering repeated types', () => {
    const markers = sectionMarkers(sections, 100);
    expect(markers.map(({ label, shortLabel, left, width }) => ({ label, shortLabel, left, width }))).toEqual([
      { label: 'Intro', shortLabel: 'In', left: 0, width: 10 },
      { label: 'Verse 1', shortLabel: 'V1', left: 10, width: 20 },
      { label: 'Chorus', shortLabel: 'C', left: 30, width: 20 },
      { label: 'Verse 2', shortLabel: 'V2', left: 50, width: 20 },
      { label: 'Outro', shortLabel: 'Out', left: 70, width: 20 },
    ]);
  });

  it('cuts sections to the song and leaves out those past its end or empty', () => {
    const markers = sectionMarkers(
      [
        { type: 'bridge', startTime: 40, endTime: 80 },
        { type: 'break', startTime: 60, endTime: 70 },
        { type: 'other', startTime: 20, endTime: 20 },
      ],
      60,
    );
    expect(markers).toHaveLength(1);
    expect(markers[0]).toMatchObject({ label: 'Bridge', startTime: 40, endTime: 60 });
    expect(markers[0]!.left).toBeCloseTo(66.667, 2);
    expect(markers[0]!.width).toBeCloseTo(33.333, 2);
  });

  it('gives a song without length no markers', () => {
    expect(sectionMarkers(sections, 0)).toEqual([]);
    expect(sectionMarkers(sections, Number.NaN)).toEqual([]);
  });
});

describe('currentMarkerIndex', () => {
  it('finds the section playing now, a section starting exactly now included', () => {
    const markers = sectionMarkers(sections, 100);
    expect(currentMarkerIndex(markers, 0)).toBe(0);
    expect(currentMarkerIndex(markers, 29.99)).toBe(1);
    expect(currentMarkerIndex(markers, 30)).toBe(2);
    expect(currentMarkerIndex(markers, 95)).toBe(-1);
  });
});

describe('markerText', () => {
  it('shows the label when it fits, the short label when only that fits, else nothing', () => {
    const [, verse] = sectionMarkers(sections, 100);
    expect(markerText(verse!, 80)).toBe('Verse 1');
    expect(markerText(verse!, 30)).toBe('V1');
    expect(markerText(verse!, 12)).toBe('');
  });
});
