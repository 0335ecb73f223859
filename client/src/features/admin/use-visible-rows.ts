import { useState } from 'react';
import type { UIEvent } from 'react';
import { visibleRows } from '../../lib/windowing/visible-rows';
import type { VisibleRows } from '../../lib/windowing/visible-rows';

/**
 * Windowing for an admin table in a scroller of `scrollerHeight` px whose sticky header row is as
 * tall as a body row: only the rows in view (plus some overscan) are rendered, so 10,000 users
 * scroll and re-sort as smoothly as 50.
 */
export function useVisibleRows(rowCount: number, rowHeight: number, scrollerHeight: number): { rows: VisibleRows; onScroll(event: UIEvent<HTMLElement>): void } {
  const [scrollTop, setScrollTop] = useState(0);
  const rows = visibleRows(scrollTop, scrollerHeight - rowHeight, rowHeight, rowCount);
  return { rows, onScroll: (event) => setScrollTop(event.currentTarget.scrollTop) };
}
