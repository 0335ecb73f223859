import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { RefObject } from 'react';
import type { Seconds } from '../../lib/audio/units';
import { formatClock } from './format-clock';
import { currentMarkerIndex, markerText, sectionMarkers } from './section-markers-layout';
import type { SongSection } from './section-markers-layout';
import styles from './section-markers.module.css';

export function SectionMarkers({
  sections,
  position,
  duration,
  onSeek,
}: {
  sections: readonly SongSection[];
  position: Seconds;
  duration: Seconds;
  onSeek: (target: Seconds) => void;
}) {
  const markers = useMemo(() => sectionMarkers(sections, duration), [sections, duration]);
  const rowRef = useRef<HTMLDivElement>(null);
  const width = useLayoutWidth(rowRef, markers.length > 0);
  if (markers.length === 0) return null;
  const current = currentMarkerIndex(markers, position);
  return (
    <div ref={rowRef} className={styles.row} role="group" aria-label="Sections">
      {markers.map((marker, index) => {
        const name = `${marker.label} at ${formatClock(marker.startTime)}`;
        return (
          <button
            key={`${marker.startTime}-${marker.label}`}
            type="button"
            className={styles.marker}
            style={{ left: `${marker.left}%`, width: `${marker.width}%` }}
            aria-label={name}
            title={name}
            data-current={index === current}
            data-testid="section-marker"
            onClick={() => onSeek(marker.startTime)}
          >
            {markerText(marker, (marker.width / 100) * width)}
          </button>
        );
      })}
    </div>
  );
}

/** The element's laid-out width in CSS pixels (unaffected by the canvas's scale), kept current. */
function useLayoutWidth(ref: RefObject<HTMLElement | null>, isShown: boolean): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setWidth(element.offsetWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, isShown]);
  return width;
}
