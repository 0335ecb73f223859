import type { SongSection } from '../../../../contract/song';
import type { Seconds } from '../../lib/audio/units';

export type { SongSection };

export interface SectionMarker {
  startTime: Seconds;
  endTime: Seconds;
  /** 'Verse 2'; the number only when the song has more than one section of that type. */
  label: string;
  shortLabel: string;
  left: number;
  width: number;
}

const names: Record<SongSection['type'], [string, string]> = {
  intro: ['Intro', 'In'],
  verse: ['Verse', 'V'],
  chorus: ['Chorus', 'C'],
  bridge: ['Bridge', 'Br'],
  break: ['Break', 'Bk'],
  outro: ['Outro', 'Out'],
  other: ['Section', 'S'],
};

/** Section markers in time order, cut to the song's length; empty or late sections are left out, and a song without length has none. */
export function sectionMarkers(sections: readonly SongSection[], duration: Seconds): SectionMarker[] {
  if (!(duration > 0)) return [];
  const kept = sections
    .filter((section) => section.startTime < duration && section.endTime > section.startTime)
    .toSorted((a, b) => a.startTime - b.startTime);
  const totals = new Map<SongSection['type'], number>();
  for (const section of kept) totals.set(section.type, (totals.get(section.type) ?? 0) + 1);
  const seen = new Map<SongSection['type'], number>();
  return kept.map((section) => {
    const nth = (seen.get(section.type) ?? 0) + 1;
    seen.set(section.type, nth);
    const [name, short] = names[section.type];
    const suffix = (totals.get(section.type) ?? 0) > 1 ? String(nth) : '';
    const endTime = Math.min(section.endTime, duration);
    return {
      startTime: section.startTime,
      endTime,
      label: suffix ? `${name} ${suffix}` : name,
      shortLabel: `${short}${suffix}`,
      left: (section.startTime / duration) * 100,
      width: ((endTime - section.startTime) / duration) * 100,
    };
  });
}

/** The marker whose section is playing at `position`, or -1 between sections. */
export function currentMarkerIndex(markers: readonly SectionMarker[], position: Seconds): number {
  return markers.findIndex((marker) => position >= marker.startTime && position < marker.endTime);
}

/** Roughly how wide the markers' 11 px capitals are per character, plus the marker's padding. */
const CHARACTER_WIDTH = 8.5;
const PADDING = 8;

export function markerText(marker: SectionMarker, widthPx: number): string {
  if (widthPx >= marker.label.length * CHARACTER_WIDTH + PADDING) return marker.label;
  if (widthPx >= marker.shortLabel.length * CHARACTER_WIDTH + PADDING) return marker.shortLabel;
  return '';
}
